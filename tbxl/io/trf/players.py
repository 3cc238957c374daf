"""The players of an individual event from a TRF's 001 records (§10.1): the builder beside
:mod:`tbxl.io.trf.team`, on the records the one :class:`~tbxl.io.trf.records.Reader` collected.

Each round is read as a whole column of the table (:func:`build_players`); what does not fit is
worded by the reader's checks, in file order.
"""

from __future__ import annotations

from fractions import Fraction
from operator import add, eq, mul

from tbxl.errors import InputError
from tbxl.io.trf.pairings import COMPLEMENTS, both_lost
from tbxl.io.trf.records import Reader
from tbxl.io.trf.tokens import ROUND_WIDTH
from tbxl.limits import MAX_ENTRIES
from tbxl.model import (
    RESULT_OF,
    RESULTS,
    UNPLAYED_OUTCOME,
    Kind,
    Pairing,
    Player,
    RoundTable,
    Scoring,
    Tournament,
    detect_pairing,
)
from tbxl.model.codes import BYES, FORFEITS, GAMES


def pairing_classes() -> tuple[dict[str, int], dict[str, str]]:
    """The result class (model.RESULTS) and the colour kept, of every valid combination of a round's
    code and colour with the opponent's code and colour (``..`` = no opponent)."""
    classes: dict[str, int] = {}
    colours: dict[str, str] = {}
    both = "wb- "
    for code, mate in COMPLEMENTS:
        if code in GAMES:
            kind, outcome = GAMES[code]
        else:
            kind = Kind.DOUBLE_FORFEIT if code == mate == "-" else FORFEITS[code]
            outcome = UNPLAYED_OUTCOME[kind]
        for colour in both:
            for mate_colour in both:
                if colour in "wb" and colour == mate_colour:
                    continue  # both players with the same colour (a game, or a forfeit's scheduled colours)
                key = code + colour + mate + mate_colour
                classes[key] = RESULT_OF[kind, outcome]
                colours[key] = colour if colour in "wb" else " "
    for code, kind in BYES.items():
        for colour in both:
            key = code + colour + ".."
            classes[key] = RESULT_OF[kind, UNPLAYED_OUTCOME[kind]]
            colours[key] = " "
    return classes, colours


PAIR_CLASS, PAIR_COLOUR = pairing_classes()
#: The keys of :data:`PAIR_CLASS` of a game both players lost (0-0, issue 29): noted when read.
BOTH_LOST = frozenset(k for k in PAIR_CLASS if k[0] == k[2] == "0")


class OpponentNumbers(dict[str, int]):
    """A round field's 4-column opponent text -> start number (0 = none), each text parsed once;
    ``KeyError`` for digits split by a blank."""

    def __missing__(self, text: str) -> int:
        try:
            number = self[text] = int(text) if text.strip() else 0
        except ValueError:
            raise KeyError(text) from None
        return number


def build_individual_event(reader: Reader, pairing: Pairing | None) -> tuple[Tournament, list[str]]:
    """The individual event of ``reader``: players built from the 001 records, each round checked as a
    whole, and the reader's notes."""
    try:
        reader.collect()
        scoring = reader.build_scoring()
        rounds = reader.rounds_with_results()
        if len(reader.rows) * rounds > MAX_ENTRIES:
            reader.check_fields()
            reader.announce_rounds(stacklevel=3)
            raise InputError(
                f"{len(reader.rows)} players x {rounds} rounds: tbxl reads at most {MAX_ENTRIES:,} round entries",
                file=reader.source,
            )
    except InputError:
        reader.check_fields()  # a round field's error on an earlier line comes first
        raise
    players, table = build_players(reader, scoring, rounds)
    if pairing is None:
        pairing = reader.declared_pairing()
    if pairing is None:
        pairing = detect_pairing(players, rounds, reader.notes)
    reader.note_ignored()
    tournament = Tournament(
        players=players,
        rounds=rounds,
        scoring=scoring,
        pairing=pairing,
        tiebreaks=reader.tiebreaks(),
        scheduled_rounds=reader.declared_rounds,
        source=reader.source,
        **reader.meta,  # type: ignore[arg-type]
    )
    object.__setattr__(tournament, "_table", table)
    return tournament, reader.notes


def build_players(reader: Reader, scoring: Scoring, rounds: int) -> tuple[tuple[Player, ...], RoundTable]:
    """The players in start-number order as views of the table of their rounds.

    Each round is checked as a whole column (§10.1: the pairing is symmetric, the results
    complement each other, the colours differ): the opponent's field is found by index and the
    four characters code, opponent's code, colour, opponent's colour name the result class.
    Anything that does not fit is worded by check_fields and check_pairings, in file order.
    """
    rows = sorted(reader.rows, key=lambda row: row.player.start_number)
    numbers = [row.player.start_number for row in rows]
    width = ROUND_WIDTH * rounds
    # All records' fields as one text (short records padded: blank = ZPB): the field of player
    # index i in round k starts at (i * rounds + k) * 10, so a round's column of each character
    # is one slice with a stride of the record's width.
    text = "".join([row.fields[:width].ljust(width) for row in rows])
    opponent_number = OpponentNumbers()
    position = [-2] * (numbers[-1] + 1)  # start number -> player index; -2: not a listed player
    for i, sn in enumerate(numbers):
        position[sn] = i
    position[0] = -1  # no opponent
    unit = scoring.unit
    units = [int(scoring.table[k, o] * unit) for k, o in RESULTS]
    totals = [0] * len(rows)
    result, opponent, colour = [], [], []
    zero_zero: dict[int, set[tuple[int, int]]] = {}
    try:
        for r in range(rounds):
            at = ROUND_WIDTH * r
            sns = list(
                map(
                    opponent_number.__getitem__,
                    map(
                        add,
                        map(add, map(add, text[at::width], text[at + 1 :: width]), text[at + 2 :: width]),
                        text[at + 3 :: width],
                    ),
                )
            )
            mates = list(map(position.__getitem__, sns))  # IndexError: a number beyond the last
            # Symmetric: the opponent's field names this player; and no one plays himself.
            if list(map((sns + [-2, 0]).__getitem__, mates)) != list(map(mul, numbers, map(bool, sns))) or any(
                map(eq, sns, numbers)
            ):
                raise KeyError
            # Code and colour of each field, then with the opponent's (".." none, "??" not listed).
            fields = list(map(add, text[at + 7 :: width].upper(), text[at + 5 :: width].lower()))
            keys = list(map(add, fields, map((fields + ["??", ".."]).__getitem__, mates)))
            classes = bytes(map(PAIR_CLASS.__getitem__, keys))
            if not BOTH_LOST.isdisjoint(keys):
                zero_zero[r + 1] = {
                    (numbers[i], numbers[j]) for i, (k, j) in enumerate(zip(keys, mates)) if k in BOTH_LOST and i < j
                }
            result.append(classes)
            opponent.append(mates)
            colour.append("".join(map(PAIR_COLOUR.__getitem__, keys)))
            totals = list(map(add, totals, map(units.__getitem__, classes)))
    except (KeyError, IndexError):
        reader.check_fields()
        reader.announce_rounds()
        reader.check_pairings(scoring, rounds)
        raise AssertionError("a round field was refused but no check says why") from None  # pragma: no cover
    table = RoundTable(numbers, rounds, scoring, result, opponent, colour)
    viewed = []
    for i, row in enumerate(rows):
        # A view: its rounds slot emptied, the entries built from the table on demand.
        player = row.player
        object.__delattr__(player, "rounds")
        object.__setattr__(player, "_view", (table, i))
        viewed.append(player)
    table.players = players = tuple(viewed)
    reader.announce_rounds()
    short = []
    total_of = dict(zip(numbers, totals))
    units_of: dict[str | None, int | Fraction | None] = {
        text: int(value * unit) if (value * unit).denominator == 1 else value * unit
        for text, value in reader.points_of.items()
    }
    units_of[None] = None
    for row in reader.rows:  # file order, as the notes and warnings read
        player = row.player
        if row.rounds < rounds:
            short.append(str(player.start_number))
        declared = units_of[row.points]
        # D21 in integer units first (every point is a multiple of 1/unit); details only on a mismatch.
        if declared is not None and declared != total_of[player.start_number]:
            reader.players.check_points(player, row.line, 3)
    if zero_zero:
        reader.notes.append(both_lost(zero_zero))
    if short:
        reader.notes.append(
            f"players {', '.join(short)}: record shorter than {rounds} rounds; missing rounds read as zero-point byes"
        )
    return players, table


__all__ = ["build_individual_event", "build_players"]
