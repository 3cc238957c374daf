"""C.07 Art. 16 and the older conventions: categories, VURs, what a participant is worth to
its opponents, and what an own unplayed round contributes.

Everything is in integer units of ``1 / Scoring.unit`` (see :class:`Context`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tbxl import rules as cv
from tbxl.derivation import Reason
from tbxl.model import Kind
from tbxl.model.codes import result_code

if TYPE_CHECKING:
    from tbxl.tiebreaks.context import Context

# Category numbers of C.07 16.2; 0 = a game.
GAME = 0
CAT_BYE_FULL = 1  # 16.2.1 PAB / FPB
CAT_FORFEIT_WIN = 2  # 16.2.2
CAT_BYE_RETURNED = 3  # 16.2.3 requested bye followed by a non-VUR round
CAT_FORFEIT_LOSS = 4  # 16.2.4
CAT_BYE_TRAILING = 5  # 16.2.5 requested bye followed only by VURs, or in the last round

# The modes as module constants: the functions below run once per unplayed round or record, and
# an enum member looked up on its class costs five times a global (CPython 3.11).
_REAL, _ADJUSTED, _AS_DRAW, _ADJUSTED_2022 = (
    cv.OpponentScore.REAL,
    cv.OpponentScore.ADJUSTED,
    cv.OpponentScore.UNPLAYED_AS_DRAW,
    cv.OpponentScore.ADJUSTED_2022,
)
_DUMMY, _VIRTUAL, _HALF_ROUNDS, _OWN_VALUE, _OWN_WITH_DRAW, _ZERO, _SKIP = (
    cv.OwnUnplayed.DUMMY,
    cv.OwnUnplayed.VIRTUAL_OPPONENT,
    cv.OwnUnplayed.HALF_ROUNDS,
    cv.OwnUnplayed.OWN_VALUE,
    cv.OwnUnplayed.OWN_WITH_DRAW,
    cv.OwnUnplayed.ZERO,
    cv.OwnUnplayed.SKIP,
)
_UNPLAYED_FIRST = cv.CutPriority.UNPLAYED
_ZERO_PAB = cv.SbPab.ZERO

CATEGORY_TEXT = {
    CAT_BYE_FULL: "16.2.1",
    CAT_FORFEIT_WIN: "16.2.2",
    CAT_BYE_RETURNED: "16.2.3",
    CAT_FORFEIT_LOSS: "16.2.4",
    CAT_BYE_TRAILING: "16.2.5",
}


def categories(
    kinds: Sequence[Kind], fpb_returns_to_play: bool = True, forfeit_loss_returns: bool = False
) -> list[int]:
    """The 16.2 category of each round (0 for a game); needs the whole record (16.2.3 vs 16.2.5).
    ``forfeit_loss_returns``: Vega's habit (``forfeit_loss_returns_to_play``), a paired round lost
    by forfeit is a return to play, so an earlier requested bye is 16.2.3 (16.1 makes it a VUR).

    >>> K = Kind
    >>> categories([K.PLAYED, K.PAB, K.FORFEIT_WIN, K.ZPB, K.ZPB])
    [0, 1, 2, 5, 5]
    >>> categories([K.HPB, K.FORFEIT_LOSS, K.PLAYED])
    [3, 4, 0]
    >>> categories([K.PLAYED, K.HPB, K.FORFEIT_LOSS]), categories([K.PLAYED, K.HPB, K.FORFEIT_LOSS], True, True)
    ([0, 5, 4], [0, 3, 4])
    """
    cats = [GAME] * len(kinds)
    returned = False  # is there a later non-VUR round?
    for r in range(len(kinds) - 1, -1, -1):
        k = kinds[r]
        if k is Kind.PLAYED or k is Kind.SHORT:
            returned = True
        elif k is Kind.PAB:
            cats[r] = CAT_BYE_FULL
            returned = True
        elif k is Kind.FPB:
            cats[r] = CAT_BYE_FULL
            returned = returned or fpb_returns_to_play
        elif k is Kind.FORFEIT_WIN:
            cats[r] = CAT_FORFEIT_WIN
            returned = True
        elif k is Kind.FORFEIT_LOSS or k is Kind.DOUBLE_FORFEIT:
            cats[r] = CAT_FORFEIT_LOSS
            returned = returned or (forfeit_loss_returns and k is Kind.FORFEIT_LOSS)
        else:  # HPB, ZPB
            cats[r] = CAT_BYE_RETURNED if returned else CAT_BYE_TRAILING
    return cats


def opponent_value(kinds: Sequence[Kind], points: Sequence[int], cats: Sequence[int], draw: int, mode: str) -> int:
    """What a participant is worth to its opponents, in units.

    ``adjusted-16.3``: category 16.2.5 rounds count as draws (C.07 16.3).
    ``adjusted-2022``: every VUR followed only by VURs counts as a draw (2022 text 14.4).
    ``unplayed-as-draw``: every unplayed round is a draw (2009 decision; seed 000 BHc = P + (L - W)/2).
    ``real``: the points awarded.
    """
    if mode == _REAL:
        return sum(points)
    if mode == _ADJUSTED:
        return sum(draw if c == CAT_BYE_TRAILING else p for c, p in zip(cats, points))
    if mode == _AS_DRAW:
        return sum(p if (k is Kind.PLAYED or k is Kind.SHORT) else draw for k, p in zip(kinds, points))
    if mode == _ADJUSTED_2022:
        total, trailing = 0, True
        for k, p in zip(reversed(kinds), reversed(points)):
            if trailing and k.is_vur:
                total += draw
            else:
                trailing = False
                total += p
        return total
    raise ValueError(f"unknown opponent_score mode {mode!r}")


def converted_rounds(kinds: Sequence[Kind], cats: Sequence[int], mode: str) -> list[int]:
    """The rounds (0-based) of a participant that :func:`opponent_value` counts as draws under
    ``mode`` instead of their points: what an adjusted score changed, for a derivation to list
    (issue 35 item 3). ``opponent_value`` = the points + (draw - points) over these rounds.

    >>> K = Kind
    >>> kinds = [K.PLAYED, K.HPB, K.PLAYED, K.ZPB, K.ZPB]
    >>> converted_rounds(kinds, categories(kinds), _ADJUSTED), converted_rounds(kinds, categories(kinds), _AS_DRAW)
    ([3, 4], [1, 3, 4])
    """
    if mode == _ADJUSTED:
        return [r for r, c in enumerate(cats) if c == CAT_BYE_TRAILING]
    if mode == _AS_DRAW:
        return [r for r, k in enumerate(kinds) if not (k is Kind.PLAYED or k is Kind.SHORT)]
    if mode == _ADJUSTED_2022:
        out = []
        for r in range(len(kinds) - 1, -1, -1):
            if not kinds[r].is_vur:
                break
            out.append(r)
        return out[::-1]
    return []


def converted_reason(ctx: Context, j: int) -> Reason:
    """The rounds of opponent index ``j`` its adjusted score counts as draws, as a reason ("the
    opponent's rounds 6 (Z), 7 (Z) counted as draws"), each with its TRF code."""
    rounds = converted_rounds(ctx.kind[j], ctx.cat[j], ctx.conv.opponent_score)
    listed = ", ".join(f"{r + 1} ({result_code(ctx.raw_kind[j][r], ctx.out[j][r])})" for r in rounds)
    return Reason.of("converted", rounds=listed)


def own_unplayed(ctx: Context, i: int, r: int, explain: bool = False) -> tuple[int, Reason | None, str] | None:
    """What player index ``i``'s own unplayed round ``r`` (0-based) adds to BH, with reason and article.

    Returns None when the convention skips the round. The value is in units; SB multiplies it by
    the round's outcome. The reason and article are built only when ``explain`` is true (the fast
    path computes the value alone; both come from this one function).
    """
    conv = ctx.conv
    kind = ctx.kind[i][r]
    j = ctx.opp[i][r]
    cat = ctx.cat[i][r]
    what = kind.value if explain else ""  # (an enum's value is a slow property)
    why = Reason.of if explain else _nothing
    if j >= 0 and conv.paired_forfeit_uses_opponent:
        return ctx.value[j], why("paired_forfeit", what=what), conv.name
    mode = conv.own_unplayed
    if mode == _DUMMY:
        dummy = ctx.score[i]
        art = f"{CATEGORY_TEXT[cat]}, 16.4" if explain else ""
        if conv.dummy_cap:
            if cat in (CAT_FORFEIT_WIN, CAT_FORFEIT_LOSS):
                cap = ctx.value[j]
                own = ctx.frac(dummy) if explain else 0
                # The cap is said whether it binds or not, the opponent's converted rounds with it:
                # the reader sees it was checked and can check it (issue 35).
                reason = _join(
                    why("dummy", what=what, cat=CATEGORY_TEXT[cat], own=own),
                    why("cap_opponent" if dummy > cap else "cap_opponent_open", cap=ctx.frac(cap) if explain else 0),
                )
                if reason is not None and cap != ctx.score[j]:
                    reason += converted_reason(ctx, j)
                return min(dummy, cap), reason, art + ".1"
            else:
                cap = ctx.draw * ctx.cap_rounds
                own = ctx.frac(dummy) if explain else 0
                capped = dummy > cap
                return (
                    min(dummy, cap),
                    _join(
                        why("dummy", what=what, cat=CATEGORY_TEXT[cat], own=own),
                        why(
                            "cap_rounds" if capped else "cap_rounds_open",
                            rounds=ctx.cap_rounds,
                            cap=ctx.frac(cap) if explain else 0,
                            own=own,
                        ),
                    ),
                    art + ".2",
                )
        return dummy, why("dummy", what=what, cat=CATEGORY_TEXT[cat], own=ctx.frac(dummy) if explain else 0), art
    if mode == _VIRTUAL:
        before = sum(ctx.pts[i][:r])
        reverse = ctx.outcome_units[2 - ctx.out[i][r]]
        later = ctx.draw * (ctx.n - r - 1)
        return (
            before + reverse + later,
            why("virtual", what=what, before=ctx.frac(before), reverse=ctx.frac(reverse), later=ctx.n - r - 1),
            "C.02 13.15 (2009)",
        )
    if mode == _HALF_ROUNDS:
        return ctx.draw * ctx.n, why("half_rounds", what=what), conv.name
    if mode == _OWN_VALUE:
        return ctx.value[i], why("own_value", what=what), conv.name
    if mode == _OWN_WITH_DRAW:
        return ctx.score[i] - ctx.pts[i][r] + ctx.draw, why("own_with_draw", what=what), conv.name
    if mode == _ZERO:
        return 0, why("zero", what=what), conv.name
    if mode == _SKIP:
        return None
    raise ValueError(f"unknown own_unplayed mode {mode!r}")


def own_item(ctx: Context, i: int, r: int) -> tuple[int, bool] | None:
    """``(value, cut first)`` of player index ``i``'s own unplayed round ``r`` among the
    contributions of BH, SB and their cuts (ESB for teams): the value of :func:`own_unplayed`, cut
    first when a VUR (16.5) or, under ``cut_priority=unplayed``, any own unplayed round. None when
    it contributes nothing: the convention skips it, or it is the bye round of a round robin (no
    game, no Art. 16, C.07 4.9)."""
    if ctx.round_robin:
        return None
    own = own_unplayed(ctx, i, r)
    if own is None:
        return None
    return own[0], ctx.kind[i][r].is_vur or ctx.conv.cut_priority is _UNPLAYED_FIRST


def is_zero_pab(ctx: Context, i: int, r: int) -> bool:
    """Does round ``r`` of player index ``i`` add nothing to SB under ``sb_pab=zero`` (Vega's habit,
    issue 29): a pairing-allocated bye in a Swiss (a round robin's bye round adds nothing anyway)?"""
    return ctx.conv.sb_pab is _ZERO_PAB and ctx.kind[i][r] is Kind.PAB and not ctx.round_robin


def zero_pabs(ctx: Context, i: int, its: list[Any]) -> list[Any]:
    """SB's items (contribution, key, vur, round) of player index ``i`` under ``sb_pab``: as they
    are, or (``zero``) with a pairing-allocated bye's item worth 0, its key too (14.1.1 d orders by
    what the round adds)."""
    if ctx.conv.sb_pab is not _ZERO_PAB or ctx.round_robin:
        return its
    kind = ctx.kind[i]
    return [(0, 0, vur, r) if kind[r] is Kind.PAB else (v, key, vur, r) for v, key, vur, r in its]


def forfeit_loss_returned(ctx: Context, j: int) -> bool:
    """Is participant index ``j`` worth more to its opponents under ``forfeit_loss_returns_to_play``
    (Vega's habit) than under 16.1: a requested bye followed by a forfeit loss kept at face value
    (16.2.3) where the rules make it 16.2.5, a draw (16.3)?"""
    if not ctx.conv.forfeit_loss_returns_to_play or ctx.round_robin:
        return False
    return list(ctx.cat[j]) != categories(ctx.kind[j], ctx.conv.fpb_returns_to_play)


def _nothing(key: str, **args: Any) -> None:
    return None


def _join(a: Reason | None, b: Reason | None) -> Reason | None:
    return None if a is None or b is None else a + b


def explain_own(ctx: Context, i: int, r: int) -> tuple[int, Reason, str]:
    """:func:`own_unplayed` of a round that contributes, with its reason and article (a derivation
    explains only the rounds that contribute)."""
    own = own_unplayed(ctx, i, r, explain=True)
    assert own is not None and own[1] is not None, "a round the convention skips has no derivation term"
    return own[0], own[1], own[2]
