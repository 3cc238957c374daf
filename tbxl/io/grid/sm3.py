"""Swiss-Manager's layout (``sm3``): three cells per round -- opponent, colour, result."""

from __future__ import annotations

from typing import Any

from tbxl.errors import InputError
from tbxl.io.grid.cells import blank, is_int, squash, whole
from tbxl.io.grid.sheet import Frame, Sheet, column_role, share
from tbxl.io.grid.tokens import COLOURS, DRAW_RE, FORFEIT_KINDS, FORFEIT_TEXT, Cell, outcome_of
from tbxl.model import Kind, Outcome, RoundEntry

SM3_BYES = {
    "1": Kind.PAB,
    "+": Kind.PAB,
    "u": Kind.PAB,
    "bye": Kind.PAB,
    "pab": Kind.PAB,
    "f": Kind.FPB,
    "fpb": Kind.FPB,
    "h": Kind.HPB,
    "hpb": Kind.HPB,
    "-": Kind.ZPB,
    "z": Kind.ZPB,
    "zpb": Kind.ZPB,
    "0": Kind.ZPB,
    "": Kind.ZPB,
}
SM3_RESULTS = set(SM3_BYES) | {"--"}


def is_opp(t: str) -> bool:
    """An sm3 opponent cell: a start number or ``-``."""
    return is_int(t) or squash(t) == "-"


def is_sm3_result(t: str) -> bool:
    """An sm3 result cell."""
    s = squash(t)
    return s in SM3_RESULTS or bool(DRAW_RE.fullmatch(s))


def sm3_block(sheet: Sheet, fr: Frame) -> tuple[int, int] | None:
    """First column (an opponent column) and number of rounds of a Swiss-Manager grid.

    Rounds are anchored on colour columns (some ``w``/``b``/``s``/``n``, an opponent column before);
    rounds without any colour letter (byes and forfeits only) next to them are added when their
    three columns hold nothing but opponents, colours and results.
    """

    def info_header(c: int) -> bool:
        return column_role(sheet, fr, c) not in (None, "other")

    found = []
    for c in range(fr.left + 1, fr.right + 1):
        col = [squash(sheet.t(r, c)) for r in fr.data]
        if (
            any(t in COLOURS for t in col)
            and share(col, lambda t: t in COLOURS or t == "-") >= 0.5
            and share([sheet.t(r, c - 1) for r in fr.data], is_opp) >= 0.5
            and not info_header(c - 1)
        ):
            found.append(c)
    anchors = [c for c in found if share([sheet.t(r, c + 1) for r in fr.data], is_sm3_result) >= 0.5]
    if not anchors:
        return None
    aligned = [c for c in found if (c - anchors[0]) % 3 == 0]
    first, last = aligned[0] - 1, aligned[-1] - 1  # opponent columns of the rounds

    def bare_round(c: int) -> bool:
        if c < fr.left or any(info_header(x) for x in (c, c + 1, c + 2)):
            return False
        opp = [sheet.t(r, c) for r in fr.data]
        col = [squash(sheet.t(r, c + 1)) for r in fr.data]
        res = [sheet.t(r, c + 2) for r in fr.data]
        return (
            all(blank(t) or is_opp(t) for t in opp)
            and all(blank(t) or t == "-" for t in col)
            and all(blank(t) or is_sm3_result(t) for t in res)
            and any(not blank(t) for t in col + res)
        )

    while bare_round(first - 3):
        first -= 3
    while bare_round(last + 3):
        last += 3
    return first, (last - first) // 3 + 1


def sm3_cell(sheet: Sheet, r: int, c: int, colours: dict[str, str], player: int, rnd: int) -> Cell:
    """The three cells opponent, colour, result of one round."""
    t_opp, t_col, t_res = sheet.t(r, c), sheet.t(r, c + 1), sheet.t(r, c + 2)
    text = (
        "(empty)" if all(blank(x) for x in (t_opp, t_col, t_res)) else " ".join(x for x in (t_opp, t_col, t_res) if x)
    )
    where = f"row {sheet.row(r)}, round {rnd}"

    def bad(k: int, what: str) -> InputError:
        return InputError(f"{where}: {what}", cell=sheet.ref(r, c + k), player=player, round=rnd)

    o, col, res = squash(t_opp), squash(t_col), squash(t_res)
    if o in ("", "0", "-", "bye"):
        opp = None
    elif is_int(o):
        opp = whole(o)
    else:
        raise bad(0, f"{t_opp!r} is not an opponent number (expected a start number, '-' or empty)")
    if col in ("", "0"):
        colour_code = ""
    elif col == "-" or col in COLOURS:
        colour_code = col
    else:
        raise bad(1, f"{t_col!r} is not a colour (expected w, b, s, n, '-' or empty)")
    colour = colours.get(colour_code)
    if opp is None:
        kind = SM3_BYES.get(res) or (Kind.HPB if DRAW_RE.fullmatch(res) else None)
        if kind is None:
            raise bad(
                2,
                f"{t_res!r} is not a result for a round without opponent "
                f"(expected 1 or + for a bye, ½ for a half-point bye, '-' or 0 if not paired)",
            )
        return Cell(kind, text=text, r=r, c=c)
    if res == "" or (res == "0" and colour_code in ("", "-")):
        return Cell(Kind.ZPB, None, opp, colour, text, r, c, open=True)
    if res in FORFEIT_KINDS:
        return Cell(FORFEIT_KINDS[res], None, opp, colour, text, r, c, double=res == "--")
    outcome = outcome_of(res)
    if outcome is None:
        raise bad(2, f"{t_res!r} is not a result (expected 1, ½, 0, + or -)")
    if colour_code == "-":
        raise bad(1, f"colour '-' marks a game not played, but the result is {t_res!r} (expected + or - for a forfeit)")
    return Cell(Kind.PLAYED, outcome, opp, colour, text, r, c)


def sm3_cells(e: RoundEntry | None) -> list[Any]:
    """A round entry as the three sm3 cells: opponent, colour, result."""
    if e is None:
        return ["", "", ""]
    if e.opponent is None or e.kind.is_bye:
        return ["-", "", {Kind.PAB: 1, Kind.FPB: "F", Kind.HPB: "½"}.get(e.kind, "-")]
    if e.kind in FORFEIT_TEXT:
        return [e.opponent, e.colour or "-", FORFEIT_TEXT[e.kind]]
    res: Any = {Outcome.WIN: 1, Outcome.DRAW: "½", Outcome.LOSS: 0}[e.outcome]
    return [e.opponent, e.colour or "", res]
