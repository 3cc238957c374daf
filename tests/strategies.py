"""Hypothesis strategies: random but consistent Swiss tournaments with every kind of round."""

from __future__ import annotations

from hypothesis import strategies as st

from tbxl.model import Kind, Outcome, Player, Scoring, Tournament, make_entry


@st.composite
def swiss_tournaments(draw, max_players: int = 12, max_rounds: int = 7) -> Tournament:
    n = draw(st.integers(2, max_players))
    rounds = draw(st.integers(1, max_rounds))
    s = Scoring()
    table: dict[int, list] = {p: [] for p in range(1, n + 1)}
    withdrawn: set[int] = set()
    for r in range(1, rounds + 1):
        present = []
        for p in range(1, n + 1):
            if p in withdrawn:
                table[p].append(make_entry(s, r, Kind.ZPB))
                continue
            what = draw(st.sampled_from(["play"] * 8 + ["H", "Z", "F", "withdraw"]))
            if what == "withdraw":
                withdrawn.add(p)
                table[p].append(make_entry(s, r, Kind.ZPB))
            elif what in ("H", "Z", "F"):
                table[p].append(make_entry(s, r, {"H": Kind.HPB, "Z": Kind.ZPB, "F": Kind.FPB}[what]))
            else:
                present.append(p)
        order = draw(st.permutations(present))
        if len(order) % 2:
            table[order[-1]].append(make_entry(s, r, Kind.PAB))
            order = order[:-1]
        for a, b in zip(order[::2], order[1::2]):
            res = draw(st.sampled_from(["1-0", "0-1", "1/2", "1-0", "0-1", "+-", "-+", "--", "W-L"]))
            if res in ("1-0", "0-1", "1/2"):
                oa = {"1-0": Outcome.WIN, "0-1": Outcome.LOSS, "1/2": Outcome.DRAW}[res]
                table[a].append(make_entry(s, r, Kind.PLAYED, oa, b, "w"))
                table[b].append(make_entry(s, r, Kind.PLAYED, oa.reverse, a, "b"))
            elif res == "W-L":
                table[a].append(make_entry(s, r, Kind.SHORT, Outcome.WIN, b, "w"))
                table[b].append(make_entry(s, r, Kind.SHORT, Outcome.LOSS, a, "b"))
            elif res == "--":
                table[a].append(make_entry(s, r, Kind.DOUBLE_FORFEIT, None, b, "w"))
                table[b].append(make_entry(s, r, Kind.DOUBLE_FORFEIT, None, a, "b"))
            else:
                win, loss = (a, b) if res == "+-" else (b, a)
                table[win].append(make_entry(s, r, Kind.FORFEIT_WIN, None, loss, "w"))
                table[loss].append(make_entry(s, r, Kind.FORFEIT_LOSS, None, win, "b"))
    ratings = draw(st.lists(st.integers(1000, 2800), min_size=n, max_size=n))
    players = tuple(Player(p, f"Player {p}", tuple(table[p]), rating=ratings[p - 1]) for p in range(1, n + 1))
    return Tournament(players, rounds, name="random")


def relabel(t: Tournament, perm: dict[int, int]) -> Tournament:
    """The same tournament with start numbers renamed by ``perm``."""
    players = []
    for p in t.players:
        rounds = tuple(e._replace(opponent=perm[e.opponent] if e.opponent is not None else None) for e in p.rounds)
        players.append(Player(perm[p.start_number], p.name, rounds, rating=p.rating))
    return Tournament(tuple(sorted(players, key=lambda p: p.start_number)), t.rounds, name=t.name)
