"""The settings grammar: what a setting is (:class:`Setting`, its values :class:`Mode` enums
carrying their words, ``bool`` switches or whole numbers) and the ``NAME=VALUE`` items that change
one (``--set``, configuration files, workbook cells). The settings themselves are the fields of
:class:`~tbxl.rules.convention.Convention` and :class:`~tbxl.rules.convention.TeamSettings`,
found by :func:`settings_of`; each value has one spelling, the word a file writes.

>>> setting_item(" vur-cut = always ")
('vur_cut', 'always')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, cast

from tbxl.errors import UnknownRules, excerpt
from tbxl.limits import MAX_NUMBER_DIGITS, whole_number
from tbxl.model import EventKind

__all__ = [
    "Mode",
    "Setting",
    "mode_field",
    "switch_field",
    "number_field",
    "settings_of",
    "setting_item",
    "known_item",
    "spelled_changes",
    "parse_settings",
    "usage",
]


class Mode(str, Enum):
    """A setting's value: the word files and ``--set`` use (the enum's value, so it compares equal
    to that string) and ``text``, what it does in a few words (``tbxl audit`` says which rule set a
    number follows)."""

    text: str

    def __new__(cls, value: str, text: str) -> Mode:
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.text = text
        return obj

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


def mode_field(default: Mode) -> Any:
    """A dataclass field holding a setting of :class:`Mode` ``type(default)`` (:func:`settings_of`)."""
    return field(default=default, metadata={"kind": type(default)})


def switch_field(default: bool, yes: str, no: str) -> Any:
    """A dataclass field holding an on/off setting, with what it does when on and when off."""
    return field(default=default, metadata={"kind": bool, True: yes, False: no})


def number_field(default: int | None) -> Any:
    """A dataclass field holding a whole-number setting (None: not set)."""
    return field(default=default, metadata={"kind": int})


@dataclass(frozen=True)
class Setting:
    """One setting a user may change on a preset (``--set NAME=VALUE``): its field, its kind
    (a :class:`Mode`, ``bool`` or ``int``) and the kinds of event it applies to."""

    name: str
    kind: type
    words: tuple[str, str] = ("", "")  # a switch's text when true, when false
    events: frozenset[EventKind] = frozenset(EventKind)

    @property
    def values(self) -> tuple[Any, ...]:
        """Every value, or () for a whole number (no finite list)."""
        if self.kind is bool:
            return (True, False)
        return tuple(self._modes()) if self.kind is not int else ()

    def _modes(self) -> list[Mode]:
        return list(cast("type[Mode]", self.kind))

    def spelled(self, value: Any) -> str:
        """The value as files and ``--set`` spell it: ``true``, ``always``, ``1500``."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def text(self, value: Any) -> str:
        """What the value does, in a few words."""
        if self.kind is bool:
            return self.words[0] if value else self.words[1]
        return value.text if isinstance(value, Mode) else f"{self.name}={value}"

    def parse(self, value: Any) -> Any:
        """The typed value of ``value`` (its spelling or itself), or :class:`UnknownRules`."""
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if str(value).lower() not in ("true", "false"):
                raise UnknownRules(f"{self.name} must be true or false, not {value!r}")
            return str(value).lower() == "true"
        if self.kind is int:
            if value is None or isinstance(value, int) and not isinstance(value, bool):
                return value
            number = whole_number(str(value))
            if number is None:
                raise UnknownRules(
                    f"{self.name} must be a whole number of at most {MAX_NUMBER_DIGITS} digits, "
                    f"not {excerpt(value, 20)}"
                )
            return number
        try:
            return self.kind(str(value))
        except ValueError:
            raise UnknownRules(f"{self.name} must be one of {', '.join(self._modes())}, not {value!r}") from None

    @property
    def usage(self) -> str:
        """``vur_cut=higher-of|always|none``, ``unrated_rating=N``."""
        return f"{self.name}={'|'.join(self.spelled(v) for v in self.values) if self.values else 'N'}"


def settings_of(cls: type, events: Iterable[EventKind] = EventKind) -> dict[str, Setting]:
    """The settings of a dataclass whose fields say their kind (:func:`mode_field`), by name, in
    field order, each applying to the kinds of event ``events``."""
    applies = frozenset(events)
    return {
        f.name: Setting(f.name, f.metadata["kind"], (f.metadata.get(True, ""), f.metadata.get(False, "")), applies)
        for f in fields(cls)
        if "kind" in f.metadata
    }


def setting_item(item: str) -> tuple[str, str | None]:
    """``(name, value)`` of a ``NAME=VALUE`` item (``--set``); the name as a field's (``vur-cut``
    is ``vur_cut``), the value None without ``=``.

    >>> setting_item(" vur-cut = always "), setting_item("vur_cut")
    (('vur_cut', 'always'), ('vur_cut', None))
    """
    key, sep, value = item.partition("=")
    return key.strip().replace("-", "_"), value.strip() if sep else None


def usage(settings: Mapping[str, Setting]) -> str:
    """Every setting of ``settings`` with its values, as an error message lists them."""
    return ", ".join(s.usage for s in settings.values())


def known_item(item: str, settings: Mapping[str, Setting]) -> tuple[str, str]:
    """``(name, value)`` of a ``NAME=VALUE`` item (:func:`setting_item`) naming one of ``settings``;
    :class:`UnknownRules` listing them all for any other item."""
    key, value = setting_item(item)
    if value is None or key not in settings:
        raise UnknownRules(f"unknown setting {item!r}; settings: " + usage(settings))
    return key, value


def spelled_changes(settings: Mapping[str, Setting], changes: Iterable[tuple[str, Any]]) -> str:
    """The changed settings as a rule set's name carries them, each as ``+NAME=VALUE``."""
    return "".join(f"+{k}={settings[k].spelled(v)}" for k, v in changes)


def parse_settings(
    settings: Mapping[str, Setting], changes: Mapping[str, Any], what: str = "setting"
) -> dict[str, Any]:
    """The typed values of ``changes`` (names to values or spellings) among ``settings``;
    :class:`UnknownRules` naming the ``what`` and the choices for a name not among them."""
    typed = {}
    for key, value in changes.items():
        if key not in settings:
            raise UnknownRules(f"unknown {what} {key!r}; {what}s: " + usage(settings))
        typed[key] = settings[key].parse(value)
    return typed
