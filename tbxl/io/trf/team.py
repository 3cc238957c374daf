"""Read a team event from TRF-16 (``013`` team records) or TRF-2026 (``310`` and the team records
``240``, ``300``, ``320``, ``330``, ``352``, ``362``), as C07 §10.3 and §10.5 describe.

Matches come from the ``001`` board games: a round's games are grouped by the players' teams.
Boards are numbered in the order of the players fielded (a resting reserve leaves no gap) unless
a ``300`` record gives the line-up; where two teams' orders disagree without one (Swiss-Manager's
TRF-16 export writes none), the boards come from one side's order and the games
(:meth:`TeamBuilder.align`). A player is fielded in a round when the round field holds a
game, a forfeit with an opponent, a forfeit win without one (``0000 - +``, the TRF-2026 form) or an
individual bye code; ``0000 - -`` and blank fields are players not fielded. Inconsistent files
raise :class:`~tbxl.errors.InputError` with the file, line, team and round.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

from tbxl.errors import InputError, InputWarning
from tbxl.formatting import exact_text
from tbxl.io.trf.pairings import both_lost
from tbxl.io.trf.records import Reader
from tbxl.io.trf.teamrecords import Forfeit, Lineup, TeamRecord, TeamRecords
from tbxl.io.trf.tokens import Row, Slot
from tbxl.model import (
    Board,
    Kind,
    Outcome,
    Pairing,
    Player,
    RoundEntry,
    Scoring,
    Team,
    TeamRound,
    TeamScoring,
    TeamTournament,
    make_entry,
)
from tbxl.model.codes import BYES, FORFEITS, result_code

__all__ = ["build_team_event", "TeamBuilder"]

#: The side of every (round, team): the opponent team (None: none) and the boards.
Sides = dict[tuple[int, int], tuple[int | None, list[Board]]]


def build_team_event(reader: Reader, pairing: Pairing | None) -> TeamTournament:
    """The team event of the records of ``reader`` (made with ``team=True``): its teams, their
    matches and boards, and the players. ``pairing`` overrides the pairing system of 092/192."""
    reader.collect()
    records = reader.team
    assert records is not None, "a team event's reader (kind=EventKind.TEAM)"
    teams = records.teams()
    if not teams:
        raise InputError("no team records (310 or 013): not a team event", file=reader.source)
    scoring = reader.build_scoring()
    team_scoring = records.team_scoring()
    rounds = max([reader.declared_rounds or 0] + [row.rounds for row in reader.rows])
    if reader.declared_rounds is not None and reader.declared_rounds < rounds and reader.header.declared_rounds_at:
        line, code = reader.header.declared_rounds_at  # said as an individual event's (Reader.rounds_with_results)
        reader.error(
            f"{code} announces {reader.declared_rounds} rounds, but the round fields hold results for "
            f"{rounds}: read as {rounds} rounds",
            line,
            5,
        ).raise_or_warn(reader.strict, stacklevel=2)
        reader.declared_rounds = rounds
    if pairing is None:
        pairing = reader.declared_pairing() or Pairing.SWISS
    team_list, players, boards = TeamBuilder(reader, records, teams, scoring, team_scoring, rounds).build()
    if reader.players.zero_zero:
        reader.notes.append(both_lost(reader.players.zero_zero))
    reader.note_ignored()
    for code in ("801", "802"):
        if records.lines[code]:
            reader.notes.append(f"records {code} (informative) not read")
    return TeamTournament(
        teams=team_list,
        rounds=rounds,
        boards=boards,
        players=players,
        scoring=scoring,
        team_scoring=team_scoring,
        pairing=pairing,
        tiebreaks=reader.tiebreaks(),
        scheduled_rounds=reader.declared_rounds,
        source=reader.source,
        board_colours=records.colours(),
        **reader.meta,  # type: ignore[arg-type]
    )


class TeamBuilder:
    """Turns the 001 rows and the team records into teams, matches and boards."""

    def __init__(
        self,
        reader: Reader,
        records: TeamRecords,
        teams: tuple[TeamRecord, ...],
        scoring: Scoring,
        team_scoring: TeamScoring,
        rounds: int,
    ) -> None:
        self.r = reader
        self.records = records
        self.teams = teams
        self.scoring = scoring
        self.ts = team_scoring
        self.rounds = rounds
        self.row = {row.player.start_number: row for row in reader.rows}
        self.team_of: dict[int, int] = {}
        self.team_line: dict[int, int] = {}
        self._entries: dict[tuple[int, int], RoundEntry] = {}
        self._slots: dict[tuple[int, int], Slot] = {}  # each round field parsed once (asked 3-6 times)

    def err(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        player: int | None = None,
        round: int | None = None,
    ) -> InputError:
        return self.r.error(message, line, column, player, round)

    def build(self) -> tuple[tuple[Team, ...], tuple[Player, ...], int]:
        records = self.records
        members: dict[int, tuple[int, ...]] = {}
        seen: dict[int, int] = {}
        for number, _name, players, line, *_ in self.teams:
            if number in seen:
                raise self.err(f"duplicate team number {number} (also on line {seen[number]})", line)
            seen[number] = line
            self.team_line[number] = line
            for p in players:
                if p in self.team_of:
                    other = self.team_of[p]
                    raise self.err(
                        f"player {p} is in two teams: {other} (line {self.team_line[other]}) and {number}",
                        line,
                        player=p,
                    )
                if p not in self.row:
                    raise self.err(f"team {number} lists player {p}, who has no 001 record", line, player=p)
                self.team_of[p] = number
            members[number] = players
        for sn, row in self.row.items():
            if sn not in self.team_of and any(
                s.opponent is not None or s.code in "+-1=0WDL" for s in row.slots if s.code != " "
            ):
                raise self.err(f"player {sn} has games but is in no team (310/013)", row.line, player=sn)
        lineups = records.lineups(self.team_line, self.team_of)
        pab = records.pabs(self.team_line, self.rounds)
        byes = records.byes(self.team_line)
        forfeits = records.forfeits(self.team_line)
        colours = records.colours()
        # Boards: the line-ups of every round, then K (352, else the most boards fielded).
        fielded: dict[tuple[int, int], list[int | None]] = {}
        for number in members:
            for rd in range(1, self.rounds + 1):
                if (rd, number) in lineups:
                    fielded[rd, number] = lineups[rd, number][0]
                else:
                    fielded[rd, number] = [p for p in members[number] if self.is_fielded(p, rd)]
        self.align(fielded, lineups)
        most = max((len(v) for v in fielded.values()), default=0)
        boards = len(colours) or most
        for (rd, number), lineup in fielded.items():
            if len(lineup) > boards:
                line = lineups[rd, number][1] if (rd, number) in lineups else self.team_line[number]
                raise self.err(
                    f"team {number} fields {len(lineup)} boards in round {rd}; the event has "
                    f"{boards} boards (352 '{colours}')",
                    line,
                    round=rd,
                )
        # Board entries and the opponent team of every (round, team).
        sides: dict[tuple[int, int], tuple[int | None, list[Board]]] = {}
        for (rd, number), lineup in fielded.items():
            sides[rd, number] = self.side(rd, number, lineup, forfeits)
        for (rd, number), (opp, bl) in sides.items():
            if opp is not None:
                self.check_match(rd, number, opp, bl, sides)
        out_teams = []
        for record in self.teams:
            rounds = []
            for rd in range(1, self.rounds + 1):
                rounds.append(self.team_round(rd, record.number, sides, pab, byes, forfeits, boards))
            t = Team(
                record.number,
                record.name,
                record.members,
                tuple(rounds),
                record.federation,
                record.mp,
                record.gp,
                record.rank,
                record.line,
            )
            self.check_declared(t)
            out_teams.append(t)
        people = tuple(sorted((self.player(row) for row in self.row.values()), key=lambda p: p.start_number))
        return tuple(sorted(out_teams, key=lambda t: t.number)), people, boards

    # -- boards ------------------------------------------------------------------------------------

    def align(self, fielded: dict[tuple[int, int], list[int | None]], lineups: dict[tuple[int, int], Lineup]) -> None:
        """Number the boards of a match without a 300 line-up from its games (issue 29; Swiss-Manager's
        TRF-16 team export writes none). Each team's players fielded are in the order of its team
        record (013 or 310): where the two orders agree (board i meets board i) they stand; where they
        disagree (an empty board on one side, a line-up in another order), the games are kept and the
        boards are numbered from one side's order (the side fielding more players, else the lower team
        number): each player of the other side takes the board of the player he met, an empty board is
        lost by forfeit, and the players who met nobody come last. Said in a note."""
        team_of = self.team_of
        for (rd, number), lineup in sorted(fielded.items()):
            if (rd, number) in lineups:
                continue
            opponents = [self.slot(p, rd).opponent for p in lineup if p is not None]
            opp = next((team_of[q] for q in opponents if q is not None and q in team_of), None)
            if opp is None or opp <= number or (rd, opp) in lineups or (rd, opp) not in fielded:
                continue  # each match once, from its lower team number
            other = fielded[rd, opp]
            board_of = {q: k for k, q in enumerate(other)}
            bad = next(
                (
                    (k, p, q)
                    for k, p in enumerate(lineup)
                    if p is not None
                    for q in (self.slot(p, rd).opponent,)
                    if q in board_of and board_of[q] != k
                ),
                None,
            )
            if bad is None:
                continue
            ref, side = (opp, number) if len(other) > len(lineup) else (number, opp)
            placed: list[int | None] = []
            players = set(fielded[rd, side])
            for p in fielded[rd, ref]:
                q = self.slot(p, rd).opponent if p is not None else None
                placed.append(q if q in players else None)
            placed += [q for q in fielded[rd, side] if q not in placed]
            fielded[rd, side] = placed
            k, p, q = bad
            self.r.notes.append(
                f"round {rd}: the boards of teams {number} and {opp} disagree (board {k + 1} of "
                f"team {number}, player {p}, meets player {q}, board {board_of[q] + 1} of team {opp}) "
                f"and no 300 record gives the line-ups: the games are kept, the boards numbered "
                f"from team {ref}'s order"
            )

    def slot(self, sn: int, rd: int) -> Slot:
        key = (sn, rd)
        s = self._slots.get(key)
        if s is None:
            s = self._slots[key] = self.row[sn].slot(rd)
        return s

    def is_fielded(self, sn: int, rd: int) -> bool:
        s = self.slot(sn, rd)
        if s.opponent is not None:
            return True
        return s.code in ("+", "U", "F", "H")

    def entry(self, sn: int, rd: int) -> RoundEntry:
        """The individual round entry of a player (checked against the opponent's line), once each."""
        key = (sn, rd)
        e = self._entries.get(key)
        if e is None:
            e = self._entries[key] = self._entry(sn, rd)
        return e

    def _entry(self, sn: int, rd: int) -> RoundEntry:
        s = self.slot(sn, rd)
        row = self.row[sn]
        if s.opponent is not None:
            if self.team_of.get(s.opponent) is None and s.opponent in self.row:
                raise self.err(f"opponent {s.opponent} is in no team", row.line, column=s.column, player=sn, round=rd)
            return self.r.players.entry(self.scoring, row, s, self.row)
        if s.code in FORFEITS:
            return make_entry(self.scoring, rd, FORFEITS[s.code])
        return make_entry(self.scoring, rd, BYES[s.code])

    def side(
        self, rd: int, number: int, lineup: list[int | None], forfeits: dict[tuple[int, int], Forfeit]
    ) -> tuple[int | None, list[Board]]:
        boards: list[Board] = []
        opponents: dict[int, int] = {}
        for b, sn in enumerate(lineup, 1):
            if sn is None:
                boards.append(Board(b, None, make_entry(self.scoring, rd, Kind.FORFEIT_LOSS)))
                continue
            e = self.entry(sn, rd)
            boards.append(Board(b, sn, e))
            if e.opponent is not None:
                opponents.setdefault(self.team_of[e.opponent], b)
        listed = forfeits.get((rd, number))
        if len(opponents) > 1:
            (t1, b1), (t2, b2) = list(opponents.items())[:2]
            second = lineup[b2 - 1]
            assert second is not None  # a board with an opponent has a player
            raise self.err(
                f"team {number} meets teams {t1} (board {b1}) and {t2} (board {b2}) in round {rd}",
                self.row[second].line,
                player=second,
                round=rd,
            )
        opp = next(iter(opponents), None)
        if listed is not None:
            if opp is not None and opp != listed[0]:
                raise self.err(
                    f"record 330 pairs team {number} with team {listed[0]} in round {rd}, "
                    f"but its boards meet team {opp}",
                    listed[2],
                    round=rd,
                )
            opp = listed[0]
        return opp, boards

    def check_match(self, rd: int, number: int, opp: int, boards: list[Board], sides: Sides) -> None:
        other_opp, other_boards = sides.get((rd, opp), (None, []))
        if other_opp != number:
            raise self.err(
                f"team {number} meets team {opp} in round {rd}, but team {opp} "
                f"{'meets team ' + str(other_opp) if other_opp else 'has no match'}",
                self.team_line[number],
                round=rd,
            )
        where = {b.player: b.board for b in other_boards if b.player is not None}
        for b in boards:
            q = b.entry.opponent
            if b.player is not None and q is not None and where.get(q) != b.board:
                raise self.err(
                    f"board {b.board} of team {number} (player {b.player}) meets player {q}, "
                    f"who is on board {where.get(q, '-')} of team {opp}: board i must meet board i "
                    f"(give the line-up in a 300 record)",
                    self.row[b.player].line,
                    player=b.player,
                    round=rd,
                )

    def team_round(
        self,
        rd: int,
        number: int,
        sides: Sides,
        pab: dict[tuple[int, int], int],
        byes: dict[tuple[int, int], tuple[Kind, int]],
        forfeits: dict[tuple[int, int], Forfeit],
        k: int,
    ) -> TeamRound:
        ts, s = self.ts, self.scoring
        opp, boards = sides[rd, number]
        if opp is None:
            return self.bye(rd, number, boards, pab, byes, k)
        if (rd, number) in pab:
            raise self.err(
                f"record 320 gives team {number} the PAB in round {rd}, but it meets team {opp}",
                pab[rd, number],
                round=rd,
            )
        _, other = sides[rd, opp]
        bye = next((b for b in boards if b.entry.kind.is_bye), None)
        if bye is not None and bye.player is not None:  # a bye is a player's
            raise self.err(
                f"player {bye.player} (board {bye.board} of team {number}) has a bye "
                f"('{result_code(bye.entry.kind, bye.entry.outcome)}') in round {rd}, but the team "
                f"meets team {opp}",
                self.row[bye.player].line,
                player=bye.player,
                round=rd,
            )
        played = any(b.entry.kind.is_game for b in boards + other)
        listed = forfeits.get((rd, number))
        if played and listed is not None:
            raise self.err(
                f"record 330 says the match of teams {number} and {opp} was forfeited, but a board was played",
                listed[2],
                round=rd,
            )
        if not played and listed is not None:
            code = listed[1]
            if not boards and code == "+":
                boards = [Board(b, None, make_entry(s, rd, Kind.FORFEIT_WIN)) for b in range(1, k + 1)]
            if not other and forfeits[rd, opp][1] == "+":
                other = [Board(b, None, make_entry(s, rd, Kind.FORFEIT_WIN)) for b in range(1, k + 1)]
        gp = sum((b.entry.points for b in boards), Fraction(0))
        ogp = sum((b.entry.points for b in other), Fraction(0))
        colour = self.team_colour(boards, other)
        if played:
            outcome = ts.outcome(gp, ogp)
            return TeamRound(rd, Kind.PLAYED, outcome, ts.match_points(outcome), gp, opp, colour, tuple(boards))
        # A match with no board played (C07 §10.5): won by the side with more GP; 0-0 a double loss.
        if listed is not None:
            code = listed[1]
            want = Outcome.WIN if code == "+" else Outcome.LOSS
            got = ts.outcome(gp, ogp)
            if code == "+" and got != Outcome.WIN or code == "-" and got == Outcome.WIN:
                raise self.err(
                    f"record 330 gives team {number} '{code}' against team {opp} in round {rd}, but the "
                    f"boards give {exact_text(gp, 1)}-{exact_text(ogp, 1)}",
                    listed[2],
                    round=rd,
                )
            double = code == "-" and forfeits[rd, opp][1] == "-"
        else:
            want = ts.outcome(gp, ogp)
            double = gp == ogp == 0
        if double:
            return TeamRound(rd, Kind.DOUBLE_FORFEIT, Outcome.LOSS, ts.loss, gp, opp, colour, tuple(boards))
        kind = Kind.FORFEIT_LOSS if want == Outcome.LOSS else Kind.FORFEIT_WIN
        return TeamRound(rd, kind, want, ts.match_points(want), gp, opp, colour, tuple(boards))

    def team_colour(self, boards: list[Board], other: list[Board]) -> str | None:
        """The colour of board 1 (C07 §10.5); when board 1 has none (a forfeit without an opponent),
        deduced from another board and the board colour sequence (352, default alternating)."""
        seq = self.records.colours() or "WB" * len(boards or other or [0])
        for side, flip in ((boards, False), (other, True)):
            for b in side:
                c = b.entry.colour
                if c in ("w", "b") and b.board <= len(seq):
                    same = (c == "w") == (seq[b.board - 1] == "W")
                    first = "w" if same else "b"
                    if flip:
                        first = "b" if first == "w" else "w"
                    return first
        return None

    def bye(
        self,
        rd: int,
        number: int,
        boards: list[Board],
        pab: dict[tuple[int, int], int],
        byes: dict[tuple[int, int], tuple[Kind, int]],
        k: int,
    ) -> TeamRound:
        ts, s = self.ts, self.scoring
        kinds = [b.entry.kind for b in boards]
        if (rd, number) in pab:
            kind = Kind.PAB
        elif (rd, number) in byes:
            kind = byes[rd, number][0]
        else:
            kind = next((kd for kd in (Kind.PAB, Kind.FPB, Kind.HPB) if kd in kinds), Kind.ZPB)
        bad = [b for b in boards if b.entry.kind.is_forfeit]
        if bad:
            raise self.err(
                f"team {number} has no opponent team in round {rd}, but board {bad[0].board} "
                f"(player {bad[0].player}) has a forfeit result",
                self.row[bad[0].player].line if bad[0].player else None,
                player=bad[0].player,
                round=rd,
            )
        if kind is Kind.PAB:
            mp = ts.draw if ts.pab_mp is None else ts.pab_mp
            gp = s.win * k if ts.pab_gp is None else ts.pab_gp
        elif kind is Kind.FPB:
            mp, gp = ts.win, s.fpb * k
        elif kind is Kind.HPB:
            mp, gp = ts.draw, s.hpb * k
        else:
            mp, gp = Fraction(0), Fraction(0)
        return TeamRound(rd, kind, ts.outcome_of_points(mp), mp, gp)

    def check_declared(self, t: Team) -> None:
        for what, declared, got, col in (("MP", t.declared_mp, t.mp, 55), ("GP", t.declared_gp, t.gp, 62)):
            if declared is not None and declared != got:
                err = self.err(
                    f"team {t.number}: declared {what} {exact_text(declared, 1)} differs from the games, "
                    f"which give {exact_text(got, 1)}",
                    t.line,
                    column=col,
                )
                if self.r.strict:
                    raise err
                warnings.warn(InputWarning(str(err)), stacklevel=4)

    def player(self, row: Row) -> Player:
        p = row.player
        entries = []
        for rd in range(1, self.rounds + 1):
            s = row.slot(rd)
            if s.code == " " or (s.opponent is None and s.code == "-" and not self.is_fielded(p.start_number, rd)):
                entries.append(make_entry(self.scoring, rd, Kind.ZPB))
            else:
                entries.append(self.entry(p.start_number, rd))
        object.__setattr__(p, "rounds", tuple(entries))
        return p
