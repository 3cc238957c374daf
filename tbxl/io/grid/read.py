"""Reading a grid into a :class:`~tbxl.model.Tournament`: the Swiss layouts' cells linked pair by
pair, the matrix, and the points column checked against the results."""

from __future__ import annotations

from typing import Any

from tbxl.errors import InputError
from tbxl.formatting import exact_text
from tbxl.io.grid.cells import layout_name, norm, squash
from tbxl.io.grid.compact import COMPACT_HINT, GAME_RE, compact_block, compact_cell
from tbxl.io.grid.detect import detect, frame
from tbxl.io.grid.matrix import matrix_block, read_matrix
from tbxl.io.grid.sheet import Info, Sheet, base_players, int_column, player_columns, start_numbers
from tbxl.io.grid.sm3 import sm3_block, sm3_cell
from tbxl.io.grid.tokens import COLOURS, OTHER, Cell, colour_map
from tbxl.model import Kind, Outcome, Pairing, Player, Scoring, Tournament, detect_pairing, make_entry

Resolved = tuple[Kind, Outcome | None, int | None, str | None]  # kind, outcome, opp row, colour


def _pair(c: Cell, d: Cell) -> tuple[tuple[Kind, Outcome | None, bool, str | None] | None, str]:
    """What ``c`` means given its opponent's cell ``d``: ((kind, outcome, keeps opponent, colour), why)."""
    colour = c.colour or (OTHER[d.colour] if c.open else None)
    if c.colour and d.colour and c.colour == d.colour:
        return None, f"both have {'white' if c.colour == 'w' else 'black'}"
    if c.open:
        if d.open or d.kind is Kind.FORFEIT_LOSS:
            return (Kind.ZPB, None, False, None), ""
        if d.kind is Kind.FORFEIT_WIN:
            return (Kind.FORFEIT_LOSS, None, True, colour), ""
        if d.outcome is Outcome.WIN:
            return (Kind.PLAYED, Outcome.LOSS, True, colour), ""
        return None, "a result on one side only"
    if d.open:
        if c.kind is Kind.PLAYED and c.outcome is not Outcome.WIN:
            return None, "a result on one side only"
        return (c.kind, c.outcome, True, c.colour), ""
    if c.kind is Kind.PLAYED and d.kind is Kind.PLAYED:
        assert c.outcome is not None and d.outcome is not None
        if c.outcome + d.outcome == 0:
            # A game both players lost over the board (12w0 both ways; the FIDE Laws allow it, issue 29):
            # a played game, 0 points each.
            return (c.kind, c.outcome, True, c.colour), ""
        if c.outcome + d.outcome != 2:
            why = "both won" if c.outcome + d.outcome == 4 else "a draw on one side only"
            return None, why
        return (c.kind, c.outcome, True, c.colour), ""
    if c.kind is Kind.PLAYED or d.kind is Kind.PLAYED:
        return None, "a game on one side, a forfeit on the other"
    if c.kind is Kind.FORFEIT_WIN and d.kind is Kind.FORFEIT_WIN:
        return None, "both won by forfeit"
    if c.kind is Kind.FORFEIT_LOSS and d.kind is Kind.FORFEIT_LOSS:
        return (Kind.DOUBLE_FORFEIT, None, True, c.colour), ""
    if c.double or d.double:
        return None, "a double forfeit on one side, a forfeit win on the other"
    return (c.kind, None, True, c.colour), ""


def _link(
    sheet: Sheet, cells: list[list[Cell]], refnum: list[int], ident: list[int]
) -> tuple[list[InputError], list[list[Resolved]]]:
    """Check every pairing under the numbering ``refnum`` (row -> number used by opponents)."""
    index = {num: i for i, num in enumerate(refnum)}
    errors: list[InputError] = []
    out: list[list[Resolved]] = []

    def err(i: int, k: int, c: Cell, msg: str) -> None:
        """The error of cell ``c``, of row ``i``, in round ``k + 1``."""
        errors.append(
            InputError(
                f"row {sheet.row(c.r)}, round {k + 1}: {msg}", cell=sheet.ref(c.r, c.c), player=ident[i], round=k + 1
            )
        )

    for i, row in enumerate(cells):
        line: list[Resolved] = []
        for k, c in enumerate(row):
            line.append((c.kind, c.outcome, None, c.colour))
            if c.opponent is None:
                continue
            j = index.get(c.opponent)
            if j is None:
                lo, hi = min(refnum), max(refnum)
                err(i, k, c, f"{c.text!r}: there is no player {c.opponent} (players are numbered {lo} to {hi})")
                continue
            if j == i:
                err(i, k, c, f"{c.text!r}: player {c.opponent} cannot be paired with himself")
                continue
            d = cells[j][k]
            if d.opponent is None or index.get(d.opponent) != i:
                err(
                    i,
                    k,
                    c,
                    f"{c.text!r} names player {c.opponent} as opponent, but player {c.opponent} "
                    f"(row {sheet.row(d.r)}) has {d.text!r} in round {k + 1}",
                )
                continue
            res, why = _pair(c, d)
            if res is None:
                err(
                    i,
                    k,
                    c,
                    f"{c.text!r} and {d.text!r} of player {c.opponent} (row {sheet.row(d.r)}) do not "
                    f"match: {why} (expected 1/0, ½/½, +/- or -/-)",
                )
                continue
            kind, outcome, keep, colour = res
            line[-1] = (kind, outcome, j if keep else None, colour)
        out.append(line)
    return errors, out


def read_grid(
    grid: Any,
    *,
    layout: str | None = None,
    scoring: Scoring | None = None,
    pairing: Pairing | str | None = None,
    name: str = "",
    origin: str = "A1",
    strict: bool = False,
    notes: list[str] | None = None,
) -> Tournament:
    """Read a crosstable grid (a list of rows of cells) into a :class:`Tournament`.

    ``layout`` forces ``"compact"``, ``"sm3"`` or ``"matrix"`` (default: detected); ``pairing``
    (a :class:`Pairing` or ``"swiss"`` / ``"round-robin"``) overrides the layout's default;
    ``origin`` is the A1 reference of the grid's top-left cell, used in errors; ``strict`` turns a
    points column that disagrees with the results into an error instead of an
    :class:`~tbxl.errors.InputWarning`. ``notes``, when given, receives what the pairings showed
    where no ``pairing`` is given (:func:`~tbxl.model.detect_pairing`; a matrix only when they form
    the round robin its layout says). See the module documentation for the grammar.

    >>> t = read_grid([["", "A", "B", "C"], ["A", "x", 1, "½"], ["B", 0, "x", "-"],
    ...                ["C", "½", "+", "x"]])
    >>> t.pairing.value, t.rounds, [str(p.points) for p in t.players]
    ('round-robin', 3, ['3/2', '0', '3/2'])
    >>> [(e.round, e.kind.value, e.opponent, e.colour) for e in t.player(2).rounds]
    [(1, 'forfeit-loss', 3, 'w'), (2, 'played', 1, 'b'), (3, 'zpb', None, None)]
    """
    scoring = scoring or Scoring()
    if isinstance(pairing, str):
        pairing = Pairing(pairing)
    sheet = Sheet(grid, origin)
    fr = frame(sheet)
    lay = layout_name(layout) if layout else detect(sheet, fr)
    default_pairing: Pairing
    if lay == "matrix":
        found = matrix_block(sheet, fr)
        if found is None:
            raise InputError(
                "no round-robin matrix found: expected N rows of N result cells with X or "
                "an empty cell on the diagonal",
                cell=sheet.ref(fr.data[0], fr.left),
            )
        first, rows = found
        n = len(rows)
        info = player_columns(sheet, fr, rows, range(fr.left, first), range(first + n, fr.right + 1))
        players = read_matrix(sheet, rows, first, info, scoring)
        rounds = n - 1 + n % 2
        default_pairing = Pairing.ROUND_ROBIN
        if notes is not None and pairing is None:
            shown: list[str] = []
            if detect_pairing(players, rounds, shown) is Pairing.ROUND_ROBIN:
                notes.extend(shown)
    else:
        block = compact_block(sheet, fr, weak=True) if lay == "compact" else sm3_block(sheet, fr)
        if block is None:
            what = (
                "no cell like 12w1 found"
                if lay == "compact"
                else "no colour column (w, b, s, n) between an opponent and a result column found"
            )
            raise InputError(f"not a {lay} crosstable: {what}", cell=sheet.ref(fr.data[0], fr.left))
        first, rounds = block
        width = rounds if lay == "compact" else 3 * rounds
        rows = fr.data
        info = player_columns(sheet, fr, rows, range(fr.left, first), range(first + width, fr.right + 1))
        players = read_swiss(sheet, lay, rows, first, rounds, info, scoring)
        if notes is not None:
            notes.extend(both_lost(players))
        default_pairing = pairing or detect_pairing(players, rounds, notes)
    _check_points(sheet, players, rows, info, strict)
    return Tournament(
        players=tuple(sorted(players, key=lambda p: p.start_number)),
        rounds=rounds,
        name=name,
        scoring=scoring,
        pairing=pairing or default_pairing,
        source=f"grid ({lay})",
    )


def both_lost(players: list[Player]) -> list[str]:
    """The note on the games both players lost (12w0 both ways, issue 29), as the TRF reader words it."""
    by_number = {p.start_number: p for p in players}
    pairs: dict[int, list[str]] = {}
    for p in sorted(players, key=lambda p: p.start_number):
        for e in p.rounds:
            if (
                e.kind is Kind.PLAYED
                and e.outcome is Outcome.LOSS
                and e.opponent is not None
                and p.start_number < e.opponent
            ):
                mate = by_number[e.opponent].rounds[e.round - 1]
                if mate.kind is Kind.PLAYED and mate.outcome is Outcome.LOSS:
                    pairs.setdefault(e.round, []).append(f"{p.start_number} and {e.opponent}")
    if not pairs:
        return []
    said = "; ".join(f"round {r}: players {', '.join(pairs[r])}" for r in sorted(pairs))
    return [f"{said} both lost their game (0-0): read as a played game, 0 points each"]


def read_swiss(
    sheet: Sheet, lay: str, rows: list[int], first: int, rounds: int, info: Info, scoring: Scoring
) -> list[Player]:
    """The players of a compact or sm3 grid, every pairing checked from both sides."""
    n = len(rows)
    sno = start_numbers(sheet, rows, info)
    provisional = sno or list(range(1, n + 1))
    if lay == "compact":
        letters = {
            m.group(2)
            for r in rows
            for k in range(rounds)
            if (m := GAME_RE.fullmatch(norm(sheet.t(r, first + k)))) and m.group(2)
        }
    else:
        letters = {squash(sheet.t(r, first + 3 * k + 1)) for r in rows for k in range(rounds)}
    colours = colour_map(letters & set(COLOURS))
    cells: list[list[Cell]] = []
    for i, r in enumerate(rows):
        line: list[Cell] = []
        for k in range(rounds):
            if lay == "compact":
                c = first + k
                cell = compact_cell(sheet.t(r, c), colours)
                if cell is None:
                    raise InputError(
                        f"row {sheet.row(r)}, round {k + 1}: {sheet.t(r, c)!r} is not a result ({COMPACT_HINT})",
                        cell=sheet.ref(r, c),
                        player=provisional[i],
                        round=k + 1,
                    )
                cell.text = cell.text or "(empty)"
                cell.r, cell.c = r, c
            else:
                cell = sm3_cell(sheet, r, first + 3 * k, colours, provisional[i], k + 1)
            line.append(cell)
        cells.append(line)
    # Opponents may be numbered by row order, the start-number column or a rank column.
    candidates = [list(range(1, n + 1))]
    for numbering in [sno] + [int_column(sheet, rows, c) for c in info.perms]:
        if numbering is not None and numbering not in candidates:
            candidates.append(numbering)
    best: tuple[list[InputError], list[list[Resolved]], list[int]] | None = None
    for refnum in candidates:
        ident = sno or refnum
        errors, resolved = _link(sheet, cells, refnum, ident)
        if best is None or len(errors) < len(best[0]):
            best = (errors, resolved, ident)
        if not errors:
            break
    assert best is not None
    errors, resolved, ident = best
    if errors:
        raise errors[0]
    players = []
    for d, resolved_line in zip(base_players(sheet, rows, info, ident), resolved):
        entries = tuple(
            make_entry(scoring, k + 1, kind, outcome, None if j is None else ident[j], colour)
            for k, (kind, outcome, j, colour) in enumerate(resolved_line)
        )
        players.append(Player(rounds=entries, **d))
    return players


def _check_points(sheet: Sheet, players: list[Player], rows: list[int], info: Info, strict: bool) -> None:
    """Compare the points column with the results (``players`` in row order)."""
    if info.points is None:
        return
    for r, p in zip(rows, players):
        text = sheet.t(r, info.points)
        if text == "":
            continue
        declared = p.declared_points
        if declared is None:
            msg = f"row {sheet.row(r)}: {text!r} in the points column is not a number"
        elif declared != p.points:
            msg = (
                f"row {sheet.row(r)}: the points column says {exact_text(declared)} but the results give "
                f"{exact_text(p.points)}"
            )
        else:
            continue
        InputError(msg, cell=sheet.ref(r, info.points), player=p.start_number).raise_or_warn(strict, 3)
