"""The options that rank an event and say what its outputs show, as given (the command line, then
the event's ``tbxl.toml``, then the defaults), gathered once in frozen objects: :class:`Options`
(ranking, categories, prizes, rating changes: what ``tbxl compute`` takes) and
:class:`ReportOptions` (a report's language, paper, derivations, pages). The decisions the
command line used to make on its own (which rule set, which list, which play-off decisions count,
whether a team event may have prizes) are made here, for any caller."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

from tbxl.errors import TbxlError, UnknownRules, UnknownTiebreak, UsageError
from tbxl.model import Tournament, for_kind, team_event
from tbxl.projection.explain import rank_check_text
from tbxl.projection.individual import Individual
from tbxl.projection.kind import Kind
from tbxl.projection.team import Team

if TYPE_CHECKING:
    from tbxl.categories import Classification
    from tbxl.model import AnyEvent
    from tbxl.projection.report_options import ReportOptions
    from tbxl.rating_change import RatingChange
    from tbxl.rules import Convention, TeamSettings
    from tbxl.standings import Standings

__all__ = ["KINDS", "kind_of", "Options", "rank_check"]

#: The implementation of each kind of event.
KINDS = {k.event_kind: k for k in (Individual(), Team())}

_O = TypeVar("_O", "Options", "ReportOptions")


def kind_of(event: AnyEvent) -> Kind:
    """The kind of ``event`` (individual or team), decided once from :attr:`~tbxl.model.Event.kind`
    (:class:`~tbxl.errors.NotSupported` for a kind without a projection)."""
    return for_kind(KINDS, event, "the standings' table, CSV, JSON and spill")


def given_options(cls: type[_O], given: Mapping[str, Any]) -> _O:
    """An options object of the names ``given`` has (an ``argparse.Namespace``'s ``vars``, a
    configuration): the others, and those given as None, keep their defaults; lists become tuples."""
    values: dict[str, Any] = {}
    for f in fields(cls):
        v = given.get(f.name)
        if v is not None:
            values[f.name] = tuple(v) if isinstance(v, list) else v
    return cls(**values)


@dataclass(frozen=True)
class Options:
    """What ranks an event and what its standings show: the rule set (``rules``, a name; None:
    the edition in force at the start date) and its ``settings`` (``NAME=VALUE``, a team event's
    team settings among them), the tie-break list, the play-offs and the seed of the lots, the
    round the standings stand after, the categories and prize lists, and the rating changes."""

    rules: str | None = None
    settings: tuple[str, ...] = ()
    tiebreaks: str | None = None
    after_round: int | None = None
    playoffs: tuple[str, ...] = ()
    lots: str | None = None
    categories: tuple[str, ...] = ()
    prizes: tuple[str, ...] = ()
    prize_sharing: str = "hort"
    prize_policy: str = "one-per-player"
    prize_first: str | None = None
    rating_change: bool = False
    k: int | None = None
    #: The organizer's decisions beside the results, as items (:mod:`tbxl.model.decisions`): added
    #: to those the input records (a workbook's Event sheet, tbxl's TRF comments).
    expelled: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    ratings: tuple[str, ...] = ()
    list_change: str | None = None
    given: tuple[str, ...] = ()
    #: Where the options the event's tbxl.toml gave are set in it (``("lots", "tbxl.toml:7: lots")``,
    #: a play-off by its text: :attr:`tbxl.config.Config.places`), for the messages about them.
    places: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, given: Mapping[str, Any]) -> Options:
        """The options among ``given`` (e.g. ``vars(args)``), the others their defaults."""
        return given_options(cls, given)

    def place(self, *keys: str) -> str | None:
        """The file's place of the first of ``keys`` it gave (None: the command line gave them)."""
        places = dict(self.places)
        return next((places[k] for k in keys if k in places), None)

    @contextmanager
    def given_in_file(self, key: str, *errors: type[TbxlError]) -> Iterator[None]:
        """``errors`` about the option ``key`` (one an event does not take, found when it is
        ranked) said at its place in the event's tbxl.toml, when the value came from there."""
        place = self.place(key)
        try:
            yield
        except errors as err:
            if place is None:
                raise
            raise UsageError(f"{place}: {err}") from None

    def cut(self, event: AnyEvent, where: str = "") -> AnyEvent:
        """``event`` as it stood after :attr:`after_round` (0: before the first round; None: all of it)."""
        k = self.after_round
        if k is None:
            return event
        if not 0 <= k <= event.rounds:
            raise UsageError(
                f"--after-round {k}: {where or event.source} has rounds 1..{event.rounds} (0 = before the first)"
            )
        return event.after_round(k)

    def team_settings(self, event: AnyEvent) -> TeamSettings | None:
        """The team settings among ``settings`` (None for an individual event)."""
        return kind_of(event).split_settings(self.settings)[0]

    def convention(self, event: AnyEvent) -> Convention:
        """The rule set named (else the one the input names, a workbook's Rules cell with its
        settings; else the edition in force at the start) with the convention's settings."""
        from tbxl.rules import resolve

        with self.given_in_file("settings", UnknownRules, UsageError):
            rules = self.rules or event.rules or None
            return resolve(rules, event.start_date, kind_of(event).split_settings(self.settings)[1])

    def conventions(self, event: AnyEvent, default: str = "") -> list[Convention]:
        """The rule sets of a list (``fide-2024,fide-2026``; ``default`` when none is named)."""
        from tbxl.rules import resolve_each

        return resolve_each(self.rules or default, event.start_date, kind_of(event).split_settings(self.settings)[1])

    def decisions(self, event: AnyEvent) -> AnyEvent:
        """``event`` with the decisions of these options added to those it records, checked against
        its start numbers and rounds (a usage error naming the option for an item that is none)."""
        from dataclasses import replace

        from tbxl.errors import InputError
        from tbxl.model import Decisions

        try:
            given = Decisions.of(
                expelled=self.expelled,
                estimated=self.estimated,
                ratings=self.ratings,
                list_change=self.list_change,
                given=self.given,
            )
        except InputError as err:
            option = {"expelled": "expelled", "estimated": "estimated", "rating": "ratings", "list": "list-change"}
            raise UsageError(f"--{option.get(err.message.split()[0], 'given')} {err.message}") from None
        rounds = event.scheduled_rounds or event.rounds
        rated = {p.start_number for p in event.players if p.rating}
        event.decisions.check(event, rounds, event.source, rated)  # the input's own (a TRF's comments, an Event sheet)
        given.check(event, rounds, rated=rated)  # the options' (the command line's, tbxl.toml's)
        return replace(event, decisions=event.decisions.merged(given)) if given else event

    def rank(self, event: AnyEvent, conv: Convention | None = None) -> Standings:
        """The standings of ``event`` (already as after :attr:`after_round`) under ``conv`` (default:
        :meth:`convention`) by the tie-break list, then placed by the play-offs and the lots of the
        participants equal on every tie-break: those given, else those the input records (a
        workbook's Play-off and Lots seed), which decide the final standings, not those after a round."""
        from tbxl.standings import compute_standings

        event = self.decisions(event)
        conv = conv or self.convention(event)
        with self.given_in_file("tiebreaks", UnknownTiebreak):
            st = compute_standings(event, self.tiebreaks, conv, settings=self.team_settings(event))
        playoffs, lots = list(self.playoffs), self.lots
        if self.after_round is None:
            playoffs = playoffs or list(event.playoffs)
            lots = lots if lots is not None else event.lots
        if playoffs or lots is not None:
            from tbxl.playoffs import Decision, decide

            st = decide(st, Decision.of(playoffs, lots, where=dict(self.places)))
        from tbxl.advise.check import list_notes  # the list against the rules for the event's kind

        st.notes.extend(list_notes(st))
        return st

    def classification(self, st: Standings) -> Classification | None:
        """The categories' standings and the prize lists asked for (None when none)."""
        if not self.categories and not self.prizes:
            return None
        kind = kind_of(st.tournament)
        if not kind.classifies:
            place = self.place("categories", "prizes")
            raise UsageError(
                f"{f'{place}: categories and prizes' if place else '--category and --prizes'} are for "
                f"individual events, not {kind.noun} events"
            )
        from tbxl.categories import classify, parse_category
        from tbxl.prizes import parse_prizes

        tables = {}
        for item in self.prizes:
            name, sep, text = item.rpartition("=")
            tables[name.strip() if sep else None] = parse_prizes(text)
        first = self.prize_first
        if first is not None:  # the list that wins equal amounts (one prize per player)
            key = None if first == "overall" else first
            if key not in tables:
                raise UsageError(
                    f"--prize-first {first}: no such prize list (lists: "
                    f"{', '.join('overall' if n is None else n for n in tables)})"
                )
            tables = {key: tables[key], **{n: t for n, t in tables.items() if n != key}}
        return classify(st, [parse_category(c) for c in self.categories], tables, self.prize_sharing, self.prize_policy)

    def rating_changes(self, st: Standings) -> dict[int, RatingChange | None] | None:
        """Each player's rating change (B.02 8.3) when asked (``rating_change`` or ``k``)."""
        if not (self.rating_change or self.k):
            return None
        event = st.tournament
        if not isinstance(event, Tournament):  # a team event (the team model is not imported to ask)
            place = self.place("rating_change", "k")
            raise UsageError(
                f"{f'{place}: rating changes' if place else '--rating-change and --k'} are for individual "
                "events: a team event's players are rated from their own games (rate the individual TRF)"
            )
        from tbxl.rating_change import rating_changes

        return dict(rating_changes(event, k=self.k))


def rank_check(event: AnyEvent, options: Options, as_json: bool = False, where: str | None = None) -> tuple[bool, str]:
    """A team event's published ranks (the 310 records' rank column) against its standings under each
    rule set of ``options`` (default fide-2024 and fide-2026): whether one rule set agrees with every
    published rank, and the report (text or JSON). A shared place (``3-5``) agrees with a published
    rank anywhere inside it. ``where``: the input's path, for the error of a file without ranks."""
    if not kind_of(event).checks_rank_records:
        raise TypeError("the rank check is a team event's (its 310 records); audit an individual event's ranks")
    t = team_event(event, "the rank check")
    published = {team.number: team.declared_rank for team in t.teams if team.declared_rank is not None}
    if not published:
        from tbxl.errors import InputError

        raise InputError("the team records (310) have no rank column (69-71) to check", file=where or event.source)
    checks = []
    for conv in options.conventions(event, "fide-2024,fide-2026"):
        st = options.rank(event, conv)
        checks.append(
            (
                st,
                [
                    (r.number, published[r.number], r.rank_label)
                    for r in st.rows
                    if r.number in published and not _inside(published[r.number], r.rank, r.rank_label)
                ],
            )
        )
    return any(not diffs for _, diffs in checks), rank_check_text(t, checks, as_json)


def _inside(published: int, rank: int, label: str) -> bool:
    return rank <= published <= int(label.split("-")[-1])
