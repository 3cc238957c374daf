"""The round-robin layout (``matrix``): the row player's score against the column player, with
rounds and colours from the FIDE Berger tables."""

from __future__ import annotations

from typing import Any

from tbxl.errors import InputError
from tbxl.io.grid.cells import blank, squash
from tbxl.io.grid.sheet import Frame, Info, Sheet, base_players, column_role, start_numbers
from tbxl.io.grid.tokens import DRAW_RE, FORFEIT_KINDS, FORFEIT_TEXT, OTHER
from tbxl.model import Kind, Outcome, Player, RoundEntry, Scoring, make_entry

DIAGONAL = {"x", "*", "-", "", "0"}
MATRIX_RESULTS = {"1", "0", "+", "-", ""}


def berger_round(a: int, b: int, n: int) -> tuple[int, int]:
    """Round and white player of the game ``a``-``b`` in the FIDE Berger table for ``n`` players.

    For odd ``n`` the table for ``n + 1`` is used (number ``n + 1`` being the bye).

    >>> berger_round(1, 6, 6), berger_round(4, 6, 6), berger_round(3, 5, 6), berger_round(1, 5, 6)
    ((1, 1), (2, 6), (2, 5), (5, 5))
    """
    m = n + (n % 2)
    i, j = min(a, b), max(a, b)
    if not 1 <= i < j <= m:
        raise ValueError(f"no game {a}-{b} among {n} players")
    if j == m:
        r = (2 * i - 2) % (m - 1) + 1
        return r, (j if r % 2 == 0 else i)
    r = (i + j - 2) % (m - 1) + 1
    return r, (i if (i + j) % 2 else j)


def berger_schedule(n: int) -> list[list[tuple[int, int]]]:
    """The FIDE Berger table: per round the pairs ``(white, black)`` in board order; the byes of an
    odd ``n`` are left out.

    >>> berger_schedule(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    m = n + (n % 2)
    rounds: list[list[tuple[int, int, int]]] = [[] for _ in range(m - 1)]
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            r, white = berger_round(i, j, n)
            # Board 1 is the game of number m; board 1 + d pairs x + d with x - d, x meeting m.
            x = next(k for k in range(1, m) if berger_round(k, m, m)[0] == r)
            d = (i - x) % (m - 1)
            board = 1 if j == m else 1 + min(d, m - 1 - d)
            rounds[r - 1].append((board, white, i + j - white))
    return [[(w, b) for _, w, b in sorted(pairs)] for pairs in rounds]


def matrix_block(sheet: Sheet, fr: Frame) -> tuple[int, list[int]] | None:
    """First column and player rows of a round-robin matrix (``X`` or empty on the diagonal).

    With an empty diagonal, Excel sends a row of zeros for a player who lost every game and a
    column of zeros for one who won every game: up to two such rows before and after the used
    range, and any such columns, are tried too.
    """
    pre = [r for r in range(fr.data[0] - 1, (fr.header[-1] if fr.header else -1), -1)][:2][::-1]
    post = list(range(fr.data[-1] + 1, sheet.nrows))[:2]
    best: tuple[tuple[int, int, int], int, list[int]] | None = None
    for p in range(len(pre) + 1):
        for k in range(len(post) + 1):
            rs = pre[len(pre) - p :] + fr.data + post[:k]
            n = len(rs)
            for c in range(0, sheet.ncols - n + 1):
                if not all(squash(sheet.t(rs[i], c + i)) in DIAGONAL for i in range(n)):
                    continue
                if any(column_role(sheet, fr, x) not in (None, "other") for x in range(c, c + n)):
                    continue
                marks = sum(1 for i in range(n) if squash(sheet.t(rs[i], c + i)) in ("x", "*", "-"))
                if (p or k) and marks:
                    continue
                good = bad = 0
                for i in range(n):
                    for j in range(n):
                        if i != j:
                            s = squash(sheet.t(rs[i], c + j))
                            if s in MATRIX_RESULTS or DRAW_RE.fullmatch(s):
                                good += not blank(s)
                            else:
                                bad += 1
                if good == 0 or bad > 0.2 * (good + bad):
                    continue
                score = (marks, good - bad, -(p + k))
                if best is None or score > best[0]:
                    best = (score, c, rs)
    return None if best is None else (best[1], best[2])


def read_matrix(sheet: Sheet, rows: list[int], first: int, info: Info, scoring: Scoring) -> list[Player]:
    """The players of a round-robin matrix, with rounds and colours from the Berger table."""
    n = len(rows)
    ident = start_numbers(sheet, rows, info) or list(range(1, n + 1))
    pos = {sn: p + 1 for p, sn in enumerate(sorted(ident))}  # Berger position
    rounds = n - 1 + n % 2
    table: list[list[RoundEntry | None]] = [[None] * rounds for _ in range(n)]

    def token(i: int, j: int) -> str:
        r, c = rows[i], first + j
        t = sheet.t(r, c)
        s = squash(t)
        if i == j:
            if s not in DIAGONAL:
                raise InputError(
                    f"row {sheet.row(r)}: {t!r} on the diagonal (player {ident[i]} against "
                    f"himself): expected X or an empty cell",
                    cell=sheet.ref(r, c),
                    player=ident[i],
                )
            return s
        if s in MATRIX_RESULTS:
            return s
        if DRAW_RE.fullmatch(s):
            return "½"
        rnd = berger_round(pos[ident[i]], pos[ident[j]], n)[0]
        raise InputError(
            f"row {sheet.row(r)}, round {rnd}: {t!r} against player {ident[j]} is not a result "
            f"(expected 1, ½, 0, + or -, or empty)",
            cell=sheet.ref(r, c),
            player=ident[i],
            round=rnd,
        )

    for i in range(n):
        token(i, i)
    outcome = {"1": Outcome.WIN, "½": Outcome.DRAW, "0": Outcome.LOSS}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = token(i, j), token(j, i)
            rnd, white = berger_round(pos[ident[i]], pos[ident[j]], n)
            ci = "w" if white == pos[ident[i]] else "b"
            cj = OTHER[ci]
            if blank(a) and blank(b):
                ei = make_entry(scoring, rnd, Kind.ZPB)
                ej = ei
            elif a in outcome and b in outcome and outcome[a] + outcome[b] == 2:
                ei = make_entry(scoring, rnd, Kind.PLAYED, outcome[a], ident[j], ci)
                ej = make_entry(scoring, rnd, Kind.PLAYED, outcome[b], ident[i], cj)
            elif {a, b} == {"+", "-"}:
                ei = make_entry(scoring, rnd, FORFEIT_KINDS[a], None, ident[j], ci)
                ej = make_entry(scoring, rnd, FORFEIT_KINDS[b], None, ident[i], cj)
            elif a == b == "-":
                ei = make_entry(scoring, rnd, Kind.DOUBLE_FORFEIT, None, ident[j], ci)
                ej = make_entry(scoring, rnd, Kind.DOUBLE_FORFEIT, None, ident[i], cj)
            else:
                r, c = rows[i], first + j
                ta, tb = sheet.t(r, c), sheet.t(rows[j], first + i)
                raise InputError(
                    f"row {sheet.row(r)}, round {rnd}: {ta!r} against player {ident[j]} and {tb!r} in "
                    f"row {sheet.row(rows[j])} (player {ident[j]} against {ident[i]}) do not match "
                    f"(expected 1/0, ½/½, +/- or -/-)",
                    cell=sheet.ref(r, c),
                    player=ident[i],
                    round=rnd,
                )
            table[i][rnd - 1] = ei
            table[j][rnd - 1] = ej
    players = []
    for d, line in zip(base_players(sheet, rows, info, ident), table):
        entries = tuple(
            e if e is not None else make_entry(scoring, k + 1, Kind.ZPB) for k, e in enumerate(line)
        )  # the bye of an odd round robin
        players.append(Player(rounds=entries, **d))
    return players


def matrix_body(players: list[Player]) -> list[list[Any]]:
    """The ``N x N`` cells of ``players`` (in start-number order) met in a single round robin:
    ``ValueError`` for a bye other than a ZPB or a pair that meets twice."""
    pos = {p.start_number: i for i, p in enumerate(players)}
    n = len(players)
    for p in players:
        for e in p.rounds:
            if e.kind in (Kind.PAB, Kind.FPB, Kind.HPB):
                raise ValueError(
                    f"player {p.start_number} has a {e.kind.name} in round {e.round}: "
                    f"a round-robin matrix cannot hold byes"
                )
    body: list[list[Any]] = [["X" if i == j else "" for j in range(n)] for i in range(n)]
    for i, p in enumerate(players):
        met: set[int] = set()
        for e in p.rounds:
            if e.opponent is None or not e.kind.is_paired:
                continue
            if e.opponent in met:
                raise ValueError(
                    f"player {p.start_number} meets {e.opponent} more than once: a matrix holds a single round robin"
                )
            met.add(e.opponent)
            if e.kind in FORFEIT_TEXT:
                value: Any = "+" if e.kind is Kind.FORFEIT_WIN else "-"
            else:
                value = {Outcome.WIN: 1, Outcome.DRAW: "½", Outcome.LOSS: 0}[e.outcome]
            body[i][pos[e.opponent]] = value
    return body
