"""The per-event configuration file ``tbxl.toml``: the options an organiser would otherwise type
at every command of the event.

The file beside the input (``event.trf`` -> ``tbxl.toml`` in the same folder) is read
automatically; ``--config FILE`` names another, ``--no-config`` reads none. What counts:
the command line, then the file, then the defaults (``--set`` settings and categories add up, the
command line's winning on the same name). A command takes the keys it has options for and leaves
the others (``tbxl compute`` has no ``paper``).

Keys (all optional)::

    rules = "fide-2026"                  # --rules
    tiebreaks = "BH/C1,BH,SB,PS,WIN"     # --tiebreaks (a string or a list of codes)
    settings = ["vur_cut=always"]        # --set
    lang = "vi"                          # --lang
    paper = "a4"                         # --paper
    prizes = "1:500,2:300,3:200"         # --prizes (or a table: {1 = 500, 2 = 300})
    prize_sharing = "hort"               # --prize-sharing
    prize_policy = "one-per-player"      # --prize-policy
    playoffs = ["12>7>3"]                # --playoff (the command line's replace the file's)
    lots = "Open2026"                    # --lots
    rating_change = true                 # --rating-change
    k = 20                               # --k
    pages = ["start", "rounds", "standings"]   # --pages (a string or a list of page names)
    url = "https://example.org/open2026" # --url
    output = "standings.pdf"             # tbxl report's -o (beside this file; default: the input's name, .pdf)
    expelled = [12]                      # --expelled: no rank, no prize, listed apart
    estimated = "estimated.csv"          # --estimated (or a table [estimated] 12 = 1650)
    ratings = "ratings.csv"              # --ratings: start number, first round, rating
    list_change = "4:BH,SB"              # --list-change (or after_round = 4, previous = "BH,SB")
    given = ["BH:12=15.5"]               # --given (or a CSV file, or a table [given.BH] 12 = "15.5")

    [categories]                         # --category NAME=CONDITIONS
    U12 = "age<12"
    Women = { where = "sex=w", prizes = "1:100,2:50" }

A key the file should not have, or a value that is not right, is a usage error (exit 2) naming the
file, the line and the key; so is a value that does not fit the event, found when it is ranked (a
play-off between players a tie-break separates, categories on a team event): :attr:`Config.places`
goes with the options (:attr:`tbxl.projection.Options.places`) for those messages.
"""

from __future__ import annotations

import os
import re
import sys
from argparse import Namespace
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from tbxl import config_check, decisions
from tbxl.config_check import option_value as option_value  # read the same way by the command line
from tbxl.errors import TbxlError, UsageError
from tbxl.limits import MAX_CONFIG_BYTES, size_text

if TYPE_CHECKING:
    from tbxl.projection import Options

FILE_NAME = "tbxl.toml"
#: The keys of the organizer's decisions (:mod:`tbxl.decisions`), the options' names.
DECISION_KEYS = tuple(decisions.OPTIONS)

#: The defaults of the options a file may set (``None``: decided later, e.g. rules by start date).
DEFAULTS: dict[str, Any] = {
    "rules": None,
    "tiebreaks": None,
    "lang": "en",
    "paper": "a4",
    "prize_sharing": "hort",
    "prize_policy": "one-per-player",
    "lots": None,
    "rating_change": False,
    "k": None,
    "pages": None,
    "url": None,
}
KEYS = (
    "rules",
    "tiebreaks",
    "settings",
    "lang",
    "paper",
    "prizes",
    "prize_sharing",
    "categories",
    "prize_policy",
    "playoffs",
    "lots",
    "rating_change",
    "k",
    "pages",
    "url",
    "output",
    *DECISION_KEYS,
)
CATEGORY_KEYS = ("where", "prizes")


@dataclass
class Config:
    """What a configuration file says, checked; ``path`` is None when no file was read."""

    path: str | None = None
    values: dict[str, Any] = field(default_factory=dict)  # rules, tiebreaks, lang, paper, prize_sharing
    settings: list[str] = field(default_factory=list)
    prizes: str | None = None
    categories: dict[str, str] = field(default_factory=dict)  # name -> conditions
    category_prizes: dict[str, str] = field(default_factory=dict)
    #: Several rule sets (``rules = ["fide-2024", "fide-2026"]``, compare's list): what ``tbxl compare``
    #: compares; any other command refuses them, naming ``rule_sets_at`` (the file, its line and key).
    rule_sets: str | None = None
    rule_sets_at: str = ""
    #: Where each key is set, for messages about a value the file gave: ``"tbxl.toml:7: lots"``; a
    #: play-off by its text (``"playoffs 12>7>3"`` -> ``"tbxl.toml:8: playoffs ="``, the line of an
    #: array's item).
    places: dict[str, str] = field(default_factory=dict)


def find(input_path: str) -> str | None:
    """The ``tbxl.toml`` beside ``input_path``, if there is one."""
    path = os.path.join(os.path.dirname(os.path.abspath(input_path)), FILE_NAME)
    return path if os.path.isfile(path) else None


def _line(text: str, key: str, table: str | None = None) -> int | None:
    """The line where ``key`` is set (inside ``[table]`` when given), for messages."""
    inside = table is None
    for number, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("["):
            name = s.strip("[] ").strip('"')
            if table is None and name == key:
                return number
            inside = table is not None and name == table
        elif inside and re.match(rf'"?{re.escape(key)}"?\s*=', s):
            return number
    return None


def _item_line(text: str, key: str, item: str) -> int | None:
    """The line of an array's ``item`` (a string) at or after the line where ``key`` is set."""
    start = _line(text, key) or 1
    for number, line in enumerate(text.splitlines()[start - 1 :], start):
        if f'"{item}"' in line or f"'{item}'" in line:
            return number
    return start


def load(path: str) -> Config:
    """Read and check one configuration file."""
    if sys.version_info >= (3, 11):  # imported here: most runs read no configuration file
        import tomllib
    else:  # pragma: no cover - Python 3.10: the tomli backport (a dependency there only)
        import tomli as tomllib
    with open(path, "rb") as f:
        data = f.read(MAX_CONFIG_BYTES + 1)
    if len(data) > MAX_CONFIG_BYTES:
        raise UsageError(f"{path}: larger than {size_text(MAX_CONFIG_BYTES)}: an event's configuration is a few lines")
    try:
        text = data.decode("utf-8-sig")
        raw = tomllib.loads(text)
    except UnicodeDecodeError as err:
        raise UsageError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path}: not valid TOML: {str(err)[:120]}") from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise UsageError(f"{path}: nested too deeply to be an event's configuration") from None

    def place(key: str, table: str | None = None, line: int | None = None) -> str:
        line = line or _line(text, key, table)
        return f"{path}{f':{line}' if line else ''}: {key}"

    def bad(key: str, message: str, table: str | None = None) -> UsageError:
        return UsageError(f"{place(key, table)}: {message}")

    config = Config(path=path)
    for key, value in raw.items():
        if key not in KEYS:
            raise bad(key, f"unknown key; keys: {', '.join(KEYS)}")
        config.places[key] = place(key)
        if key == "playoffs":
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str):
                    config.places[f"playoffs {item}"] = place(key, line=_item_line(text, key, item)) + " ="
        if (
            key in ("tiebreaks", "pages", "rules")
            and isinstance(value, list)
            and all(isinstance(v, str) for v in value)
        ):
            value = ",".join(value)
        if key == "rules" and isinstance(value, str) and "," in value:  # compare's list of rule sets
            from tbxl import rules as conventions

            try:
                conventions.resolve_each(value, None)
            except TbxlError as err:
                raise bad(key, str(err)) from None
            line = _line(text, key)
            config.rule_sets, config.rule_sets_at = value, f"{path}{f':{line}' if line else ''}: {key}"
            continue
        if key == "settings":
            if isinstance(value, str):
                value = [value]
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise bad(key, 'a list of NAME=VALUE strings, e.g. ["vur_cut=always"]')
            config.settings = value
        elif key in DECISION_KEYS:  # items, a CSV file beside this one, or a table
            config.values[key] = decisions.from_toml(
                key,
                value,
                os.path.dirname(os.path.abspath(path)),
                lambda m: bad(key, m),  # noqa: B023 (called at once, in the loop)
            )
        elif key == "playoffs":  # a list of orders, checked with the other values (config_check.check)
            config.values[key] = value
        elif key == "rating_change":
            if not isinstance(value, bool):
                raise bad(key, f"true or false, not {value!r}")
            config.values[key] = value
        elif key == "k":  # a number in TOML (k = 20), checked as --k is (config_check.check)
            config.values[key] = value
        elif key == "prizes":
            config.prizes = _prize_text(value, lambda m: bad(key, m))  # noqa: B023 (called at once, in the loop)
        elif key == "categories":
            if not isinstance(value, dict):
                raise bad(key, 'a table: [categories] then NAME = "CONDITIONS" lines')
            for name, spec in value.items():

                def where(m: str, name: str = name) -> UsageError:
                    return bad(name, m, "categories")

                if "=" in name or not name.strip():
                    raise where("a category's name has no '=' and is not empty")
                if isinstance(spec, dict):
                    extra = [k for k in spec if k not in CATEGORY_KEYS]
                    if extra or "where" not in spec:
                        raise where(
                            f'a category table takes where = "CONDITIONS" and prizes, '
                            f"not {', '.join(extra) or 'nothing'}"
                        )
                    if "prizes" in spec:
                        config.category_prizes[name] = _prize_text(spec["prizes"], where)
                    spec = spec["where"]
                if not isinstance(spec, str):
                    raise where('conditions as a string, e.g. U12 = "age<12"')
                config.categories[name] = spec
        elif not isinstance(value, str):
            raise bad(key, f"a string, not {type(value).__name__} {value!r}")
        else:
            config.values[key] = value
    config_check.check(config, bad)
    return config


def located(args: Namespace) -> str | None:
    """The configuration file of a command's arguments: none with ``--no-config``, the file of
    ``--config FILE``, else the tbxl.toml beside the input (:func:`find`), if there is one."""
    return None if args.no_config else (args.config or find(args.input))


def for_command(args: Namespace) -> str | None:
    """Fill a command's arguments from its configuration file (:func:`located`, :func:`apply`); the
    path read (None: none). ``--config`` naming no file is a usage error. ``tbxl compare``'s
    ``--rules`` is the list of rule sets it compares, not the event's: a file's one rule set is
    left out (its list of several, ``rules = [...]``, is taken)."""
    path = located(args)
    if args.config and not args.no_config and not os.path.isfile(args.config):
        raise UsageError(f"--config {args.config}: no such file")
    config = load(path) if path else Config()
    if args.command == "compare":
        config.values.pop("rules", None)
    apply(args, config)
    return path


def check_command(args: Namespace, given_settings: list[str]) -> None:
    """What a command cannot take of its arguments once filled (:func:`for_command`): ``tbxl
    workbook`` keeps the rules' settings in its Rules cell (``fide-2026+rating_by=round``, the rule
    set's name, which its functions read) but no team setting (``ede_bc``: TEAM_STANDINGS takes a
    rule set), named as ``given_settings`` (``--set``'s) or the file's; a report language that is
    none (``--lang``)."""
    from tbxl.rules import TEAM_SETTINGS
    from tbxl.rules.settings import setting_item

    team = [item for item in args.settings or () if setting_item(item)[0] in TEAM_SETTINGS]
    if args.command == "workbook" and team:
        where = "--set" if given_settings else "the configuration file's settings (--no-config leaves them out)"
        raise UsageError(
            f"{where}: a workbook cannot keep {', '.join(team)}: its functions take the rules' "
            "settings (fide-2026+vur_cut=always) but no team setting; compute with it from the command line"
        )
    if vars(args).get("lang") is not None:
        from tbxl.report.labels import check_language  # the labels' folder only: no Jinja2 or WeasyPrint

        check_language(args.lang, "--lang")


def report_output(args: Namespace) -> str:
    """Where ``tbxl report`` writes when ``-o`` is not given: the ``output`` of the event's
    tbxl.toml (a name relative to the file's folder), else the input's name with ``.pdf`` (``.html``
    with ``--html``) beside it: ``tbxl report ev.trf`` writes ev.pdf. A configuration file that
    cannot be read leaves the default: its error is said when the command reads it."""
    path = located(args)
    if path and os.path.isfile(path):
        name: str | None
        try:
            found = load(path).values.get("output")
            name = found if isinstance(found, str) else None
        except (TbxlError, OSError):
            name = None
        if name:
            name = os.path.join(os.path.dirname(path), os.path.expanduser(name))
            if getattr(args, "html", False) and name.lower().endswith(".pdf"):
                name = name[:-4] + ".html"
            return name
    stem, _ = os.path.splitext(str(args.input))
    return stem + (".html" if getattr(args, "html", False) else ".pdf")


def _prize_text(value: Any, bad: Callable[[str], UsageError]) -> str:
    """A prize list as the command line writes it: a string, or a table {1 = 500, "4-6" = 100}."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value.values()):
        return ",".join(f"{k}:{v}" for k, v in value.items())
    raise bad(
        'a string "1:500,2:300" or a table {1 = 500, 2 = 300} (amounts as whole numbers or "250.50" strings: no floats)'
    )


def apply(args: Namespace, config: Config) -> None:
    """Fill the options the command line left out from the file, then from :data:`DEFAULTS`.

    Lists add up, the file's first: ``--set`` after the file's settings (the later one wins),
    ``--category`` and ``--prizes NAME=...`` replace the file's entry of the same name.
    """
    if config.rule_sets and getattr(args, "rules", "") is None:
        if args.command != "compare":
            raise UsageError(
                f"{config.rule_sets_at}: several rule sets ({config.rule_sets}) are what tbxl compare "
                f'compares; tbxl {args.command} takes one, e.g. rules = "fide-2026" (or --rules NAME)'
            )
        args.rules = config.rule_sets
    for key, default in DEFAULTS.items():
        if hasattr(args, key) and getattr(args, key) is None:
            setattr(args, key, config.values.get(key, default))
    if hasattr(args, "settings"):
        args.settings = config.settings + list(args.settings)
    if hasattr(args, "playoffs") and not args.playoffs:
        args.playoffs = list(config.values.get("playoffs", []))
    for key in DECISION_KEYS:  # the file's items, then the command line's (CSV files read)
        if hasattr(args, key):
            typed, filed = getattr(args, key), config.values.get(key)
            if key == "list_change":
                setattr(args, key, typed or filed)
            else:
                option = f"--{key.replace('_', '-')}"
                mine = decisions.items(key, list(typed or ()), where=option) if typed else []
                setattr(args, key, list(filed or []) + mine)
    args.places = _places(args, config)
    if hasattr(args, "categories"):
        given: dict[str, str] = {}
        if args.categories:  # (the categories' grammar is imported only by the commands that use it)
            from tbxl.categories import parse_category

            given = {c.name: c.expression for c in map(parse_category, args.categories)}
        merged = {**config.categories, **given}
        args.categories = [f"{name}={conditions}" for name, conditions in merged.items()]
    if hasattr(args, "prizes"):
        overall = [p for p in args.prizes if "=" not in p]
        named = dict(_split_named(p) for p in args.prizes if "=" in p)
        if not overall and config.prizes is not None:
            overall = [config.prizes]
        args.prizes = overall[-1:] + [f"{n}={p}" for n, p in {**config.category_prizes, **named}.items()]


def options(given: Mapping[str, Any], config: Config) -> Options:
    """The ranking options (:class:`~tbxl.projection.Options`) of ``given`` (by the options' names,
    e.g. ``{"rules": "fide-2026", "categories": ["U12=age<12"], "prizes": ["1:500"]}``) filled from
    ``config`` as :func:`apply` fills ``tbxl compute``'s command line: what is given, then the
    file, then the defaults. What the web app ranks with (the file being the ``tbxl.toml`` beside
    its input, :func:`find`)."""
    from tbxl.projection import Options

    lists = ("settings", "playoffs", "categories", "prizes", "expelled", "estimated", "ratings", "given")
    args = Namespace(
        command="compute",
        **{f.name: list(given.get(f.name) or ()) if f.name in lists else given.get(f.name) for f in fields(Options)},
    )
    apply(args, config)
    return Options.of(vars(args))


def _places(args: Namespace, config: Config) -> tuple[tuple[str, str], ...]:
    """Where the values ``args`` took from the file are set in it (:attr:`Config.places`): the keys
    the command line left to the file (settings when ``--set`` gave none), each play-off by its text."""
    a = vars(args)

    def taken(key: str) -> bool:
        name, _, item = key.partition(" ")
        if name == "playoffs":
            return item in (a.get("playoffs") or ())
        if name == "settings":
            return list(a.get(name) or ()) == config.settings
        if name in ("categories", "prizes"):  # the file's kept beside the command line's
            return name in a and bool(config.categories if name == "categories" else config.prizes)
        return name in a and a[name] == config.values.get(name)

    return tuple((k, w) for k, w in config.places.items() if taken(k))


def _split_named(text: str) -> tuple[str, str]:
    name, _, rest = text.partition("=")
    return name.strip(), rest
