"""Type-B tie-breaks on the participant's own record (C.07 7.1-7.8) and points.

They use the points as awarded; Art. 16 does not apply. In pre-determined pairings forfeits are
games (15.2), except that under the 2026 text forfeit losses stay unplayed (15.2, C07 §9 D22).
"""

from __future__ import annotations

from fractions import Fraction
from operator import add

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model import Kind
from tbxl.model.codes import result_code
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context

_GAME = (Kind.PLAYED, Kind.SHORT)
_LOSS_FORFEITS = (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


#: The counts of this module, in the order of :func:`round_flags`.
COUNTS = ("WIN", "WON", "BPG", "BWG", "REP")


#: Whether one round counts for WIN, WON, BPG, BWG and REP (REP None: no round to elect).
Flags = tuple[bool, bool, bool, bool, bool | None]


def round_flags(ctx: Context, raw: Kind, kind: Kind, out: int, points: int, black: bool) -> Flags:
    """Whether one round counts for WIN, WON, BPG, BWG and REP: the rules of 7.1-7.6 on the round's
    kind as read (``raw``), its kind as the BH family sees it (``kind``, see :class:`Context`), its
    outcome in half-games, its points in units and its colour. REP is None for the bye round of an
    odd round robin (no round to elect)."""
    game = counts_as_game(ctx, raw, kind)
    won = game and out == 2
    # 7.6: HPB, ZPB and forfeit losses are not elected (an FPB counts as elected, C07 §9 D9).
    rep: bool | None
    if ctx.round_robin:
        rep = None if raw.is_bye else not (raw in _LOSS_FORFEITS and not game)
    else:
        rep = not raw.is_vur
    # 7.1: the points of a win, with or without playing (forfeit win, FPB, a PAB worth a win).
    return out == 2 and points >= ctx.win, won, game and black, won and black, rep


def counts_as_game(ctx: Context, raw: Kind, kind: Kind) -> bool:
    """Does a round count as a game for type-B tie-breaks? ``raw`` is its kind as read, ``kind``
    as the BH family sees it: in pre-determined pairings forfeits are games (15.2), except that
    under the 2026 text forfeit losses stay unplayed (C07 §9 D22)."""
    if ctx.round_robin and raw.is_forfeit:
        return not (ctx.conv.exceptions_15_2 and raw in _LOSS_FORFEITS)
    return kind in _GAME


def is_game(ctx: Context, i: int, r: int) -> bool:
    """Does player index ``i``'s round ``r`` count as a game for type-B tie-breaks?"""
    return counts_as_game(ctx, ctx.raw_kind[i][r], ctx.kind[i][r])


def _flags(ctx: Context, i: int, r: int) -> Flags:
    """:func:`round_flags` of player index ``i``'s round ``r``."""
    return round_flags(ctx, ctx.raw_kind[i][r], ctx.kind[i][r], ctx.out[i][r], ctx.pts[i][r], ctx.colours[i][r] == "b")


def _count_columns(
    ctx: Context, classes: list[tuple[Kind | None, Kind | None, int | None, int | None]]
) -> dict[str, list[int]]:
    """Every count for every player, computed once per context a round column at a time.

    In a context whose rows are the table's classes looked up (:meth:`Context.class_rounds`), a
    round's flags depend on its result class and colour alone, so a round column of flags is two
    byte translations of the column of classes (the flags with black, and without) merged by the
    column of colours. Flags are 0/1 bytes, so a column read as one big integer adds to the running
    totals byte by byte with no carry while fewer than 256 columns are summed: a count for 10^4
    players is then a few integer operations per round (linear in players x rounds, in C).
    """

    def build() -> dict[str, list[int]]:
        t, n = ctx.table, len(ctx.players)
        tables = {}
        none: Flags = (False, False, False, False, False)
        for black in (False, True):
            # A class that no round has (the pad of class_rounds) counts nothing.
            flags = [
                round_flags(ctx, raw, kind, out, pts, black)
                if raw is not None and kind is not None and out is not None and pts is not None
                else none
                for raw, kind, out, pts in classes
            ]
            tables[black] = [bytes(1 if f[k] else 0 for f in flags) for k in range(len(COUNTS))]
        ones = int.from_bytes(b"\x01" * n, "little")
        totals = {code: [0] * n for code in COUNTS}
        sums: dict[str, int] = dict.fromkeys(COUNTS, 0)
        for r, (result, colour) in enumerate(zip(t.result, t.colour), 1):
            blacks = int.from_bytes(colour.encode("latin-1", "replace").translate(_BLACK), "little")
            whites = blacks ^ ones
            for k, code in enumerate(COUNTS):
                off = int.from_bytes(result.translate(tables[False][k]), "little")
                on = int.from_bytes(result.translate(tables[True][k]), "little")
                sums[code] += (off & whites) | (on & blacks)
            if r % 255 == 0 or r == len(t.result):  # a byte holds at most 255
                for code in COUNTS:
                    totals[code] = list(map(add, totals[code], sums[code].to_bytes(n, "little")))
                    sums[code] = 0
        return totals

    return ctx.cached("count-columns", build)


#: Colour characters (latin-1 bytes) -> 1 for black, else 0.
_BLACK = bytes(1 if c == ord("b") else 0 for c in range(256))


_WHY = {"WIN": "win", "WON": "won", "BPG": "bpg", "BWG": "bwg"}


def compute_count(ctx: Context, d: Descriptor) -> Column:
    classes = ctx.class_rounds()
    if classes is None:  # rows that are not the table's classes (a team context, FB's)
        k = COUNTS.index(d.name)
        return Column(
            d.code,
            1,
            [sum(1 for r in range(len(ctx.kind[i])) if _flags(ctx, i, r)[k]) for i in range(len(ctx.players))],
        )
    return Column(d.code, 1, list(_count_columns(ctx, classes)[d.name]))


def explain_count(ctx: Context, d: Descriptor, i: int) -> Derivation:
    terms = []
    k = COUNTS.index(d.name)
    for r in range(len(ctx.kind[i])):
        flag = _flags(ctx, i, r)[k]
        code = result_code(ctx.raw_kind[i][r], ctx.out[i][r])
        j = ctx.opp[i][r]
        opp = ctx.players[j].start_number if j >= 0 else None
        if d.name == "REP":
            if flag is not None:
                terms.append(
                    Term(
                        r + 1,
                        opp,
                        code,
                        None,
                        None,
                        Reason.of("elected" if flag else "not_elected"),
                        "7.6",
                        1 if flag else 0,
                    )
                )
        elif flag:
            terms.append(Term(r + 1, opp, code, None, None, Reason.of(_WHY[d.name]), d.article, 1))
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), sum(t.contribution for t in terms))


def compute_std(ctx: Context, d: Descriptor) -> Column:
    return Column(d.code, 2, [sum(_std(ctx, i, r) for r in range(len(ctx.kind[i]))) for i in range(len(ctx.players))])


def _std(ctx: Context, i: int, r: int) -> int:
    """7.7 in half-points: 2 if more than the opponent (or, unplayed, more than a draw)."""
    if is_game(ctx, i, r):
        return ctx.out[i][r]
    p = ctx.pts[i][r]
    return 2 if p > ctx.draw else 1 if p == ctx.draw else 0


def explain_std(ctx: Context, d: Descriptor, i: int) -> Derivation:
    terms = tuple(
        Term(
            r + 1,
            None,
            result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
            None,
            None,
            Reason.of("std"),
            "7.7",
            Fraction(_std(ctx, i, r), 2),
        )
        for r in range(len(ctx.kind[i]))
    )
    return Derivation(d.code, ctx.players[i].start_number, terms, sum((t.contribution for t in terms), Fraction(0)))


def compute_pts(ctx: Context, d: Descriptor) -> Column:
    return Column(d.code, ctx.unit, list(ctx.score))


def explain_pts(ctx: Context, d: Descriptor, i: int) -> Derivation:
    """A player's points, a team's MP or GP (C.07 11.1) round by round."""
    article = "11.1" if ctx.team else ""
    terms = tuple(
        Term(
            r + 1,
            ctx.players[ctx.opp[i][r]].start_number if ctx.opp[i][r] >= 0 else None,
            result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
            None,
            None,
            Reason.of("points"),
            article,
            ctx.frac(ctx.pts[i][r]),
        )
        for r in range(len(ctx.kind[i]))
    )
    return Derivation(d.code, ctx.players[i].start_number, terms, ctx.frac(ctx.score[i]))


def compute_mpvgp(ctx: Context, d: Descriptor) -> Column:
    """MPvGP (C.07 13.1): a team's score that is not the primary one."""
    return compute_pts(ctx.on(ctx.secondary), d)


def explain_mpvgp(ctx: Context, d: Descriptor, i: int) -> Derivation:
    return explain_pts(ctx.on(ctx.secondary), d, i)


def compute_tpn(ctx: Context, d: Descriptor) -> Column:
    return Column(d.code, 1, [p.start_number for p in ctx.players], ascending=not d.reverse)


def explain_tpn(ctx: Context, d: Descriptor, i: int) -> Derivation:
    n = ctx.players[i].start_number
    return Derivation(d.code, n, (), n, notes=(Reason.of("note.tpn_reverse" if d.reverse else "note.tpn"),))
