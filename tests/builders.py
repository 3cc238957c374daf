"""Hand-built tournaments for tests: games, forfeits and byes by round, opponents' scores
topped up with games against filler players."""

from __future__ import annotations

from fractions import Fraction

from tbxl.model import Kind, Outcome, Pairing, Player, Scoring, Tournament, make_entry

_RESULTS = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "1/2": (Outcome.DRAW, Outcome.DRAW),
    "=": (Outcome.DRAW, Outcome.DRAW),
}
_BYES = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}


class Builder:
    def __init__(
        self, rounds: int, *, scoring: Scoring = Scoring(), pairing: Pairing = Pairing.SWISS, name: str = "built"
    ):
        self.rounds = rounds
        self.scoring = scoring
        self.pairing = pairing
        self.name = name
        self.entries: dict[int, dict] = {}
        self.names: dict[int, str] = {}
        self.ratings: dict[int, int | None] = {}
        self._filler = 900

    def player(self, sn: int, name: str = "", rating: int | None = None) -> Builder:
        self.entries.setdefault(sn, {})
        self.names[sn] = name or f"P{sn}"
        self.ratings[sn] = rating
        return self

    def _put(self, sn, r, entry):
        self.entries.setdefault(sn, {})
        assert r not in self.entries[sn], f"player {sn} round {r} set twice"
        self.entries[sn][r] = entry

    def game(self, r: int, white: int, black: int, result: str) -> Builder:
        ow, ob = _RESULTS[result]
        self._put(white, r, make_entry(self.scoring, r, Kind.PLAYED, ow, black, "w"))
        self._put(black, r, make_entry(self.scoring, r, Kind.PLAYED, ob, white, "b"))
        return self

    def forfeit(self, r: int, winner: int, loser: int) -> Builder:
        self._put(winner, r, make_entry(self.scoring, r, Kind.FORFEIT_WIN, None, loser, "w"))
        self._put(loser, r, make_entry(self.scoring, r, Kind.FORFEIT_LOSS, None, winner, "b"))
        return self

    def bye(self, r: int, sn: int, code: str) -> Builder:
        self._put(sn, r, make_entry(self.scoring, r, _BYES[code]))
        return self

    def points(self, sn: int) -> Fraction:
        return sum((e.points for e in self.entries.get(sn, {}).values()), Fraction(0))

    def top_up(self, sn: int, target) -> Builder:
        """Fill ``sn``'s empty rounds with games against fresh fillers until it has ``target`` points."""
        need = Fraction(target) - self.points(sn)
        for r in range(1, self.rounds + 1):
            if r in self.entries.get(sn, {}):
                continue
            self._filler += 1
            f = self._filler
            self.player(f, f"Filler {f}")
            if need >= 1:
                self.game(r, sn, f, "1-0")
                need -= 1
            elif need == Fraction(1, 2):
                self.game(r, sn, f, "1/2")
                need = Fraction(0)
            else:
                self.game(r, sn, f, "0-1")
        assert need == 0, f"player {sn} cannot reach {target}"
        return self

    def build(self) -> Tournament:
        players = []
        for sn in sorted(self.entries):
            rounds = tuple(
                self.entries[sn].get(r) or make_entry(self.scoring, r, Kind.ZPB) for r in range(1, self.rounds + 1)
            )
            players.append(Player(sn, self.names.get(sn, f"P{sn}"), rounds, rating=self.ratings.get(sn)))
        return Tournament(tuple(players), self.rounds, name=self.name, scoring=self.scoring, pairing=self.pairing)
