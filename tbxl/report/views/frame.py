"""What every report shows around its body (``templates/_macros.html.j2``: head, header,
footer): the event, the rules, the input file and its SHA-256, the footer line and the
tie-breaks with their definitions (:class:`ReportView`, the base of every report's view)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

from tbxl import __version__
from tbxl.io.files import PathLike
from tbxl.report.labels import Labels, paper_size
from tbxl.report.text import date_text, plural
from tbxl.rules import articles_edition, not_in_force
from tbxl.tiebreaks.codes import CODES, Descriptor, parse

if TYPE_CHECKING:  # the rooms below the report, as types only
    from datetime import date

    from tbxl.model import AnyEvent
    from tbxl.rules import Convention
    from tbxl.standings import Standings


def sha256_file(path: PathLike) -> str:
    """The SHA-256 of a file, in hex (read in chunks: a bulletin may be large)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def definition(code: str, L: Labels) -> str:
    """One line: the tie-break's meaning (translated) with its article, then its modifiers."""
    d = parse(code)
    parts = [
        L["tiebreak_meanings"].get(d.name, CODES[d.name].meaning)
        + (f" ({L['article']} {d.article})" if d.article else "")
    ]
    return "; ".join(parts + modifier_texts(d, d.low, d.high, L))


def modifier_texts(d: Descriptor, low: int, high: int, L: Labels) -> list[str]:
    """The words of a code's modifiers (C07 §10.4): the cut or median of ``low`` (and ``high``)
    values, /L, /P, /F, /R and /U, for an individual or a team code alike."""
    parts: list[str] = []
    if low and high:
        parts.append(plural(L["mod_median"], low).format(n=low))
    elif low:
        parts.append(plural(L["mod_cut"], low).format(n=low))
    if d.limit:
        parts.append(plural(L["mod_limit"], d.limit).format(n=f"{d.limit:+d}"))
    parts += [L[f"mod_{flag}"] for flag in ("played_forfeits", "fore", "reverse") if getattr(d, flag)]
    if d.unrated is not None:
        parts.append(L["mod_unrated"].format(n=d.unrated))
    return parts


@dataclass(frozen=True)
class RulesText:
    """A rule set as a report names it: its name (with the settings changed on its preset), title
    and source."""

    name: str
    title: str
    source: str
    articles: str = ""  # the text whose article numbers the derivations cite (tbxl.rules.articles_edition)
    warning: str = ""  # the rules are not the edition in force at the event's start (issue 35 item 3)


@dataclass(frozen=True)
class TiebreakText:
    """A tie-break of the report's list and its definition (:func:`definition`)."""

    code: str
    text: str


def rules_text(conv: Convention, L: Labels, start: date | None = None) -> RulesText:
    """The convention's title and source in the report's language (English where not translated);
    a preset changed by settings (``fide-2024+vur_cut=always``) keeps the settings visible; the
    text its articles are cited from, and a warning when it is not the edition in force on the
    event's ``start`` date."""
    tr = L.get("conventions", {}).get(conv.preset, {})
    in_force = not_in_force(conv, start)
    warning = ""
    if in_force is not None and start is not None:
        title = L.get("conventions", {}).get(in_force.preset, {}).get("title", in_force.title)
        warning = L["rules_not_in_force"].format(date=date_text(start, L), in_force=f"{title} ({in_force.name})")
    return RulesText(
        conv.name, tr.get("title", conv.title), tr.get("source", conv.source), articles_edition(conv), warning
    )


@dataclass(frozen=True)
class Footer:
    """The line at the foot of every page: the event, the program, the rules (several, joined,
    in a comparison), the input file and the start of its SHA-256."""

    event: str
    rules_label: str
    rules: str
    file_name: str
    digest: str
    version: str = __version__

    @property
    def text(self) -> str:
        """The footer's line; a comparison's footer names every rule set.

        >>> Footer("Open", "Rules", "fide-2024 | fide-2026", "open.trf", "ab" * 32, "1.0").text
        'Open · tbxl 1.0 · Rules fide-2024 | fide-2026 · open.trf · SHA-256 abababababababab'
        """
        return " · ".join(
            x
            for x in (
                self.event,
                f"tbxl {self.version}",
                f"{self.rules_label} {self.rules}",
                self.file_name,
                f"SHA-256 {self.digest[:16]}" if self.digest else "",
            )
            if x
        )


@dataclass(frozen=True)
class Event:
    """The report's heading: the event, where and when, its arbiters and time control, rounds and
    players, and "after round K of N" for an event in progress."""

    name: str
    city: str
    dates: str
    chief_arbiter: str
    rounds: int
    players: int
    after: str
    federation: str = ""  # TRF 032
    deputy_arbiters: str = ""  # TRF 112, joined
    time_control: str = ""  # TRF 122
    links: tuple[str, ...] = ()  # the event's web pages (lichess 022/102, tbxl.model.Event.links)


@dataclass(frozen=True)
class InputFile:
    """A file the report was made from (the event, a published bulletin) and its SHA-256."""

    name: str
    sha256: str

    @classmethod
    def of(cls, path: PathLike | None, name: str = "") -> InputFile:
        """The file at ``path``: its name and digest; without a path, ``name`` alone (the
        tournament's source, or what stands for the file) and no digest."""
        return cls(os.path.basename(os.fspath(path)), sha256_file(path)) if path else cls(name or "", "")


def event_dates(t: AnyEvent, L: Labels | None = None) -> str:
    """The event's first and last day, as the report's language writes dates (ISO without ``L``);
    a one-day event, its day once."""
    days = [d for d in (t.start_date, t.end_date) if d]
    if len(days) == 2 and days[0] == days[1]:
        days = days[:1]
    return " – ".join(date_text(d, L) if L else d.isoformat() for d in days)


@dataclass(frozen=True)
class Section:
    """A part of the standings report, in order. One made of lines (standings, crosstable,
    round-by-round tables, derivation blocks) carries the slice ``a:b`` of its list, and
    ``first``/``last`` (to print the heading, the notes) when the report is cut into parts."""

    name: str
    a: int | None = None
    b: int | None = None
    first: bool = True
    last: bool = True
    block: int = 0  # the crosstable's block of rounds (a wide crosstable is printed in blocks)

    @property
    def lines(self) -> bool:
        return self.a is not None


@dataclass(frozen=True)
class ReportView:
    """What every report shows around its body (``templates/_macros.html.j2``: head, header,
    footer): the labels and language, the paper, the event, the rules, the input file, the footer
    line, and the tie-breaks with their definitions. Each kind of report extends it; a view is
    built once and the templates only read it."""

    L: Labels
    lang: str
    paper: str
    event: Event
    rules: RulesText
    input: InputFile
    foot: Footer
    tiebreaks: tuple[TiebreakText, ...]
    codes: tuple[str, ...]
    version: str

    @property
    def sections(self) -> tuple[Section, ...]:
        """The parts of the report in order, for cutting it into bounded parts
        (:func:`tbxl.report.parts.report_parts`): only the standings report has them."""
        return ()

    @classmethod
    def of(cls: type[_View], frame: ReportView, **parts: Any) -> _View:
        """This kind of report around ``frame``'s head and foot, with its own ``parts``."""
        # Any: the parts are the fields of each kind of report, of their own types (the dataclass
        # checks their names when it is made).
        return cls(**{f.name: getattr(frame, f.name) for f in fields(ReportView)}, **parts)


#: A kind of report (:meth:`ReportView.of` makes one of its class).
_View = TypeVar("_View", bound=ReportView)


@dataclass(frozen=True)
class RankedView(ReportView):
    """A report that prints standings lines (``m.standings``): whether the DE tier note is due,
    the standings' notes, and whether a play-off or lots decided a place."""

    has_de: bool
    notes: tuple[str, ...]
    decided: bool  # a play-off or lots placed someone: the Decided column (tbxl.playoffs)


def frame(st: Standings, L: Labels, lang: str, paper: str, input_path: PathLike | None) -> ReportView:
    """The head and foot of a report on an individual event's standings ``st`` (:class:`ReportView`)."""
    size = paper_size(paper)
    t = st.tournament
    conv = st.convention
    source = InputFile.of(input_path, t.source)
    after = ""
    if t.scheduled_rounds and t.scheduled_rounds != t.rounds:
        after = L["after_round"].format(k=t.rounds, n=t.scheduled_rounds)
    event = t.name or source.name
    return ReportView(
        L,
        lang,
        size,
        Event(
            event,
            t.city,
            event_dates(t, L),
            t.chief_arbiter,
            t.rounds,
            len(t.players),
            after,
            t.federation,
            ", ".join(t.deputy_arbiters),
            t.time_control,
            tuple(t.links),
        ),
        rules_text(conv, L, t.start_date),
        source,
        Footer(event, L["rules"], conv.name, source.name, source.sha256),
        tuple(TiebreakText(c, definition(c, L)) for c in st.codes),
        tuple(st.codes),
        __version__,
    )
