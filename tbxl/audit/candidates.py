"""The rule sets an audit tries to explain a published number that differs from the announced rules.

A :class:`Candidate` is a rule set: a preset, a preset with one setting changed (C07 §9 options,
§8.4 behaviours), the announced rules with the tie-breaks in another order, or (on a team event)
the rules with a team setting changed. :func:`candidates` lists those tried on every difference,
:func:`orders` and :func:`setting_candidates` those tried on differing ranks only.

>>> from tbxl.rules import get
>>> names = [c.name for c in candidates(get("fide-2026"), round_robin=False)]
>>> names[:3]
['fide-2024', 'fide-2022', 'fide-2017']
>>> "fide-2026+rr_forfeit_win=played" in names
False
>>> [c.name for c in candidates(get("fide-2026"), round_robin=False, forfeit_win_cut=True)
...  if c.name.startswith("fide-2026+bh")], "fide-2026+bh_forfeit_win=zero" in [
...     c.name for c in candidates(get("fide-2026"), round_robin=False, forfeit_win_cut=False)]
(['fide-2026+bh_forfeit_win=zero'], False)
>>> [c.name for c in setting_candidates(get("fide-2024"), [], "EDEBT,BH:MP".split(","), TeamSettings())]
['fide-2024+ede_bc=higher-first']

Vega's habits (:data:`HABITS`) are tried first, on the announced rules, where the event has what they
change (a pairing-allocated bye; a requested bye followed by a forfeit loss):

>>> from tbxl.model import Kind, Player, Tournament, make_entry, Scoring
>>> def record(sn, *kinds):
...     return Player(sn, f"P{sn}", rounds=tuple(make_entry(Scoring(), r, k) for r, k in enumerate(kinds, 1)))
>>> vega = Tournament(players=(record(1, Kind.PAB, Kind.HPB, Kind.FORFEIT_LOSS),), rounds=3)
>>> [c.name for c in candidates(get("fide-2026"), round_robin=False, event=vega)][:2]
['fide-2026+forfeit_loss_returns_to_play=true', 'fide-2026+sb_pab=zero']
>>> [c.name for c in candidates(get("fide-2026"), round_robin=False, event=Tournament(players=(record(1, Kind.HPB),),
...                                                                                  rounds=1))][:1]
['fide-2024']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations

from tbxl import rules as conventions
from tbxl.model import Event, Kind
from tbxl.rules import PRESETS, SETTINGS, TEAM_SETTINGS, Convention, TeamSettings, spelled_changes
from tbxl.tiebreaks.codes import CHAINS, Descriptor, parse
from tbxl.tiebreaks.unplayed import categories


@dataclass
class Candidate:
    """A rule set tried to explain a difference: a preset, possibly with settings changed, or (for
    ranks) the announced rules with the tie-breaks applied in another order."""

    convention: Convention
    tiebreaks: tuple[str, ...] | None = None  # the list in the order tried (ranks only)
    #: The event's own settings ranked under (a team event's :class:`~tbxl.rules.TeamSettings`;
    #: None: the audit's), how the name spells what they change ("+ede_bc=higher-first") and in words.
    settings: TeamSettings | None = None
    spelled: str = ""
    said: str = ""

    @property
    def name(self) -> str:
        if self.tiebreaks is not None:
            return f"{self.convention.name} with tie-breaks {','.join(self.tiebreaks)}"
        return self.convention.name + self.spelled

    def describe(self) -> str:
        """The rule set in words (:meth:`Convention.describe`), the event's settings changed, and
        the tie-break order tried."""
        text = self.convention.describe() + (f"; {self.said}" if self.said else "")
        return text + (
            f", with the tie-breaks in the order {', '.join(self.tiebreaks)}" if self.tiebreaks is not None else ""
        )


#: The switches programs and editions differ on (C07 §9 options, §8.4 behaviours): tried on the
#: announced rules and on every preset.
SWITCHES = (
    "cut_priority",
    "vur_cut",
    "sb_vur_pick",
    "rr_forfeit_win",
    "fpb_returns_to_play",
    "dummy_cap_rounds",
    "short_games",
    "exceptions_15_2",
    "bh_forfeit_win",
)
#: The remaining settings, tried on the announced rules only, as a last resort. ``unrated_rating`` is
#: a number with no finite list of values: it is not guessed; ``unrated_method`` and ``rating_by``
#: need what the organizer gave (estimated ratings, ratings by round): they are not guessed either.
#: The habits of a program that explain a published number without another rule set, tried first on
#: the announced rules where the event has what they change (:func:`habit_matters`), so that a value a
#: program's habit gives is named as that habit, not as an unrelated rule set that happens to give it
#: too. Each is named with its program in its words (``forfeit_loss_returns_to_play``: Vega, the
#: forfeit loss as a return to play; ``sb_pab``: Vega, a PAB adding nothing to SB). Swiss-Manager's
#: ``bh_forfeit_win`` and ``cut_priority`` are among the :data:`SWITCHES`.
HABITS = ("forfeit_loss_returns_to_play", "sb_pab")
GIVEN = ("unrated_rating", "unrated_method", "rating_by")
STRUCTURAL = tuple(k for k in SETTINGS if k not in SWITCHES and k not in HABITS and k not in GIVEN)

#: The families whose low cuts cut Buchholz's items: BH and FB, and AOB (8.2) and SSSC (13), which
#: average or add a cut BH.
_BUCHHOLZ_CUTS = frozenset({"BH", "FB", "AOB", "SSSC"})


def forfeit_winners(event: Event) -> dict[int, set[int]]:
    """The participants (by number) who won a round by forfeit (TRF ``+``) or played a game under
    one move (which ``short_games=unplayed`` makes a forfeit win when won), each with the numbers
    of the opponents it met or was paired with."""
    return {
        number: {r.opponent for r in rounds if r.opponent is not None}
        for number, rounds in event.participant_rounds().items()
        if any(r.kind is Kind.FORFEIT_WIN or r.kind is Kind.SHORT for r in rounds)
    }


def _kinds(event: Event) -> list[list[Kind]]:
    return [[e.kind for e in rounds] for rounds in event.participant_rounds().values()]


def habit_matters(option: str, base: Convention, event: Event | None, round_robin: bool | None = None) -> bool:
    """Can the habit ``option`` (:data:`HABITS`) change a number of ``event`` under ``base``? Only in
    a Swiss (pre-determined pairings have no Art. 16, 4.9): ``forfeit_loss_returns_to_play`` where
    the opponents' adjusted scores are the 16.3 ones and a participant has a requested bye followed
    by a forfeit loss, its category 16.2.5 under the rules (16.1) and 16.2.3 under the habit;
    ``sb_pab`` where own unplayed rounds count the dummy (16.4) and a participant had a PAB
    (``event`` None: unknown, tried)."""
    if round_robin is True or (event is not None and event.is_round_robin):
        return False
    if option == "forfeit_loss_returns_to_play":
        if base.opponent_score != conventions.OpponentScore.ADJUSTED:
            return False
        return event is None or any(
            categories(kinds, base.fpb_returns_to_play) != categories(kinds, base.fpb_returns_to_play, True)
            for kinds in _kinds(event)
        )
    if option == "sb_pab":
        if base.own_unplayed != conventions.OwnUnplayed.DUMMY:
            return False
        return event is None or any(Kind.PAB in kinds for kinds in _kinds(event))
    return True


def cuts_buchholz(descriptors: Iterable[Descriptor]) -> bool:
    """Does a tie-break cut Buchholz values from the bottom (BH/C1, BH/M1, FB/C2, AOB/C1 ...)?"""
    return any(d.name in _BUCHHOLZ_CUTS and d.low > 0 for d in descriptors)


def _matters(option: str, base: Convention, round_robin: bool | None, forfeit_win_cut: bool | None = None) -> bool:
    """Can changing ``option`` change a number of ``base``? Settings that cannot are not tried, so
    an audit costs no ranking for them (``round_robin`` None: unknown, try everything).
    ``forfeit_win_cut``: the event has a forfeit win that can reach a checked number through a
    Buchholz code with a low cut (``tbxl.audit.check``; None: unknown)."""
    if option == "rr_forfeit_win":
        return round_robin is not False
    if option == "bh_forfeit_win":
        # Swiss-Manager's habit is seen in a cut Buchholz (issue 20); a forfeit is a game in
        # pre-determined pairings (15.2), where it cannot matter.
        return round_robin is not True and forfeit_win_cut is not False
    if option == "sb_vur_pick":  # only when VURs are cut first and their dummies can differ (D23)
        return base.vur_cut != conventions.VurCut.NONE and (
            base.dummy_cap or base.own_unplayed != conventions.OwnUnplayed.DUMMY
        )
    return True


def _variants(
    base: Convention, options: Iterable[str], round_robin: bool | None = None, forfeit_win_cut: bool | None = None
) -> list[Convention]:
    out = []
    for option in options:
        if not _matters(option, base, round_robin, forfeit_win_cut):
            continue
        for value in SETTINGS[option].values:
            if getattr(base, option) != value:
                out.append(base.with_options(**{option: value}))
    return out


def _fields(conv: Convention) -> tuple[object, ...]:
    """What a convention computes with (its name aside): two names for one rule set count once."""
    return tuple(conv.settings.values())


def candidates(
    rules: Convention, round_robin: bool | None = None, forfeit_win_cut: bool | None = None, event: Event | None = None
) -> list[Candidate]:
    """Rule sets tried to explain a difference, the most telling first: the announced rules with a
    program's habit (:data:`HABITS`) where the event has what it changes; the other presets (an
    edition or a program's option as a whole); the announced rules with one switch changed; the
    other presets with one switch changed; the announced rules with one structural setting
    changed. The first one that reproduces a number is the one its changes are shown for.
    ``round_robin`` (the tournament's pairing, when known), ``forfeit_win_cut`` (the event has
    a forfeit win and a cut Buchholz is checked: :func:`forfeit_winners`, :func:`cuts_buchholz`)
    and ``event`` (:func:`habit_matters`; None: unknown, the habits are tried last) leave out what
    cannot matter."""
    seen: set[tuple[object, ...]] = {_fields(rules)}
    out: list[Candidate] = []

    def add(conv: Convention) -> None:
        key = _fields(conv)
        if key not in seen:
            seen.add(key)
            out.append(Candidate(conv))

    habits = [
        rules.with_options(**{option: value})
        for option in HABITS
        if habit_matters(option, rules, event, round_robin)
        for value in SETTINGS[option].values
        if getattr(rules, option) != value
    ]
    if event is not None:
        for conv in habits:
            add(conv)
    others = [p for p in PRESETS.values() if p.preset != rules.preset]
    for p in others:  # every preset by its own name, even where two name the same rules
        if _fields(p) != _fields(rules):
            seen.add(_fields(p))
            out.append(Candidate(p))
    for conv in _variants(rules, SWITCHES, round_robin, forfeit_win_cut):
        add(conv)
    for p in others:
        for conv in _variants(p, SWITCHES, round_robin, forfeit_win_cut):
            add(conv)
    for conv in _variants(rules, STRUCTURAL, round_robin, forfeit_win_cut):
        add(conv)
    for conv in habits:
        add(conv)
    return out


#: Tie-break lists up to this length have every other order tried on differing ranks (4! - 1 = 23
#: more rankings); longer lists would cost too many.
MAX_ORDER = 4


def orders(rules: Convention, codes: Sequence[str]) -> list[Candidate]:
    """The announced ``rules`` with the tie-breaks ``codes`` in every other order: tried on
    published ranks that no rule set explains (a program set up with the list in another order)."""
    codes = tuple(codes)
    if not 2 <= len(codes) <= MAX_ORDER:
        return []
    return [Candidate(rules, perm) for perm in permutations(codes) if perm != codes]


def _has_board_count_step(tiebreaks: Sequence[str]) -> bool:
    """Does an EDE chain of the list have the board-count step ("C" after the chain's first two
    letters: EDEBT, EDEBB, C.07 13, 2026)?"""
    return any("C" in CHAINS.get(parse(code, team=True).name, "")[2:] for code in tiebreaks)


#: A team event's settings that change an order within a tied group and no value, tried on published
#: ranks only, each with the test of a tie-break list saying whether it can change that ranking
#: (``ede_bc``: only where an EDE chain has the board-count step).
RANK_SETTINGS: dict[str, Callable[[Sequence[str]], bool]] = {"ede_bc": _has_board_count_step}


def setting_candidates(
    rules: Convention, tried: Sequence[Candidate], tiebreaks: Sequence[str], settings: TeamSettings | None
) -> list[Candidate]:
    """Each rule set (the announced ``rules`` first, then those ``tried``) with one of the event's
    :data:`RANK_SETTINGS` changed from ``settings`` where it can change a ranking by ``tiebreaks``.
    An individual event (``settings`` None) has none."""
    if settings is None:
        return []
    out = []
    for option, can_matter in RANK_SETTINGS.items():
        if not can_matter(tiebreaks):
            continue
        setting = TEAM_SETTINGS[option]
        for value in setting.values:
            if value == getattr(settings, option):
                continue
            changed = settings.with_options(**{option: value})
            spelled, said = spelled_changes(TEAM_SETTINGS, [(option, value)]), setting.text(value)
            out += [
                Candidate(conv, settings=changed, spelled=spelled, said=said)
                for conv in [rules] + [c.convention for c in tried if c.tiebreaks is None]
            ]
    return out
