"""Tests of the TRF reader and writer (tbxl.io.trf; C07.md §10, D10, D21)."""

from __future__ import annotations

import os
import warnings
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tbxl.errors import InputError, InputWarning
from tbxl.io.trf import parse_trf, read_trf, read_trf_with_notes, write_trf, write_trf_file
from tbxl.model import Kind, Outcome, Pairing, Player, Scoring, Tournament, make_entry

DATA = Path(__file__).parent / "data"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
ROBIN = DATA / "tec-2023" / "held_round_robin.trf"
SEED_RR = DATA / "seeds" / "seed001-sonneborn-berger-rr.trf"
SEED_SWISS = DATA / "seeds" / "seed002-buchholz-swiss.trf"


def row(sn: int, name: str, points: str, *rounds: str, rating: str = "", rank: str = "") -> str:
    """A 001 record in TRF-16 columns; each round is the 8 characters from column 92 + 10 (r - 1)."""
    head = f"001 {sn:>4} m    {name:<33} {rating:>4} {'':3} {'':>11} {'':10} {points:>4} {rank:>4}"
    return head + "".join(f"  {r}" for r in rounds)


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def pair_game(a: str, b: str) -> str:
    """Two players, one round, results ``a`` and ``b``, standard points."""
    pts = {"1": "1.0", "0": "0.0", "=": "0.5"}
    return trf("XXR 1", row(1, "A", pts[a], f"   2 w {a}"), row(2, "B", pts[b], f"   1 b {b}"))


# ---------------------------------------------------------------------------------------------
# The TEC exercise files
# ---------------------------------------------------------------------------------------------


def test_held_swiss_facts() -> None:
    t = read_trf(SWISS)
    assert t.source == "held_swiss_5.trf"
    assert len(t.players) == 16 and t.rounds == 5 and t.scheduled_rounds == 5
    assert t.start_date == date(2024, 8, 1)
    assert t.name == "FIDE C.07 2023 Tie-Break Exercises"
    assert t.pairing is Pairing.SWISS and t.scoring == Scoring()
    assert [p.start_number for p in t.players] == list(range(1, 17))  # sorted, not score order

    nick = t.player(12)
    assert nick.name == "Nick" and nick.rating == 1650 and nick.federation == "NOR"
    r1, r2, r3, r4, r5 = nick.rounds
    assert (r1.kind, r1.outcome, r1.opponent, r1.colour, r1.points) == (Kind.PLAYED, Outcome.LOSS, 4, "w", 0)
    assert (r2.kind, r2.opponent, r2.points) == (Kind.PAB, None, 1)
    assert (r3.kind, r3.opponent, r3.colour, r3.points) == (Kind.FORFEIT_WIN, 14, "w", 1)
    assert r4.kind is r5.kind is Kind.ZPB
    assert nick.points == 2 and nick.declared_points == 2 and nick.declared_rank == 12

    assert t.player(4).entry(2).kind is Kind.HPB
    assert t.player(4).entry(2).points == Fraction(1, 2)
    jessica = t.player(9).entry(4)
    assert (jessica.kind, jessica.opponent, jessica.colour) == (Kind.FORFEIT_LOSS, 11, "b")
    assert t.player(11).entry(4).kind is Kind.FORFEIT_WIN
    assert t.player(14).entry(3).kind is Kind.FORFEIT_LOSS


def test_points_match_declared_column_in_all_sample_files() -> None:
    for path in (SWISS, ROBIN, SEED_RR, SEED_SWISS):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = read_trf(path, strict=True)
        assert all(p.points == p.declared_points for p in t.players)


def test_round_robin_detection_and_override() -> None:
    # The exercise's round robin has no 092 record: its pairings say what it is; the caller may override.
    assert read_trf(ROBIN).pairing is Pairing.ROUND_ROBIN
    assert read_trf(ROBIN, pairing=Pairing.SWISS).pairing is Pairing.SWISS
    assert read_trf(SEED_RR).pairing is Pairing.ROUND_ROBIN  # 092 Individual: Round-Robin
    assert read_trf(SEED_SWISS).pairing is Pairing.SWISS  # 092 Individual: Swiss-System
    assert read_trf(SEED_RR, pairing=Pairing.SWISS).pairing is Pairing.SWISS
    body = row(1, "A", "1.0", "0000 - U")  # one round: a file with no results is an error
    for text, expected in (
        ("092 Berger tables", Pairing.ROUND_ROBIN),
        ("192 FIDE_ROUNDROBIN", Pairing.ROUND_ROBIN),
        ("092 RR", Pairing.ROUND_ROBIN),
        ("092 Individual: Swiss-System", Pairing.SWISS),
        ("192 FIDE_DUTCH_2025", Pairing.SWISS),
        ("092 Error correction", Pairing.SWISS),
    ):
        assert parse_trf(trf(text, body)).pairing is expected, text


def test_round_robin_forfeit() -> None:
    t = read_trf(ROBIN)
    assert t.player(5).entry(4).kind is Kind.FORFEIT_LOSS and t.player(5).entry(4).opponent == 6
    assert t.player(6).entry(4).kind is Kind.FORFEIT_WIN


# ---------------------------------------------------------------------------------------------
# Encodings, line ends, short lines, byes
# ---------------------------------------------------------------------------------------------


def test_cp1252_file(tmp_path: Path) -> None:
    text = trf(
        "012 Turnier in Köln",
        "XXR 1",
        row(1, "Müller, Jürgen", "1.0", "   2 b 1"),
        row(2, "Weiß, Œdipe", "0.0", "   1 w 0"),
    )
    path = tmp_path / "koeln.trf"
    path.write_bytes(text.encode("cp1252"))
    t, notes = read_trf_with_notes(path)
    assert t.player(1).name == "Müller, Jürgen" and t.player(2).name == "Weiß, Œdipe"
    assert t.name == "Turnier in Köln" and t.source == "koeln.trf"
    assert any("CP1252" in n for n in notes)
    # Bytes that CP1252 leaves undefined do not crash the reader.
    assert read_trf(text.encode("cp1252").replace(b"\xfc", b"\x81")).player(1).name.startswith("M")


def test_utf8_names_bom_and_line_ends(tmp_path: Path) -> None:
    lines = [
        "012 Giải cờ vua",
        "XXR 1",
        row(1, "Nguyễn Thị Hà", "0.5", "   2 w ="),
        row(2, "Иванов, Пётр", "0.5", "   1 b =", rating="2415"),
    ]
    for ending in ("\n", "\r\n", "\r"):
        path = tmp_path / f"utf8{len(ending)}{ending == chr(13)}.trf"
        path.write_bytes(b"\xef\xbb\xbf" + ending.join(lines).encode("utf-8") + ending.encode())
        t = read_trf(path)
        assert t.name == "Giải cờ vua"
        assert t.player(1).name == "Nguyễn Thị Hà" and t.player(2).name == "Иванов, Пётр"
        assert t.player(2).rating == 2415 and t.player(1).rating is None
        assert t.player(1).entry(1).outcome is Outcome.DRAW


def test_crlf_tec_file() -> None:
    crlf = SWISS.read_bytes().replace(b"\n", b"\r\n")
    assert read_trf(crlf, source="held_swiss_5.trf") == read_trf(SWISS)


def test_bye_spellings_short_lines_and_missing_rounds() -> None:
    text = trf(
        "XXR 3",
        row(1, "A", "2.5", "0000 - U", "   0   H", "   2 W 1"),
        row(2, "B", "0.0", "        ", "     - Z", "   1 B 0") + "   ",
        row(3, "C", "0.0"),  # no rounds at all: ZPB x 3
        row(4, "D", ""),
        "",
    )
    t, notes = read_trf_with_notes(text)
    a, b, c, d = t.players
    assert [e.kind for e in a.rounds] == [Kind.PAB, Kind.HPB, Kind.PLAYED]
    assert a.entry(3).colour == "w" and b.entry(3).colour == "b"  # colour case-insensitive
    assert [e.kind for e in b.rounds] == [Kind.ZPB, Kind.ZPB, Kind.PLAYED]
    assert [e.kind for e in c.rounds] == [Kind.ZPB] * 3 and c.entry(1).colour is None
    assert d.declared_points is None and d.declared_rank is None
    assert any("3, 4" in n and "zero-point" in n for n in notes)


def test_rounds_after_the_last_pairing_are_not_played_yet() -> None:
    """Round 2 holds only an announced absence (Z) and no pairing: the event is after round 1."""
    with pytest.warns(InputWarning, match=r"^<string>: round 2 has no results yet: standings after round 1$"):
        t = parse_trf(trf(row(1, "A", "1.0", "0000 - U", "0000 - Z"), row(2, "B", "0.0")))
    assert t.rounds == 1 and t.scheduled_rounds == 2
    assert [e.kind for e in t.player(2).rounds] == [Kind.ZPB]


def test_short_games_and_double_forfeit() -> None:
    t = parse_trf(trf("XXR 2", row(1, "A", "1.0", "   2 w w", "   2 b -"), row(2, "B", "0.0", "   1 b l", "   1 w -")))
    e = t.player(1).entry(1)
    assert (e.kind, e.outcome, e.points) == (Kind.SHORT, Outcome.WIN, 1)
    assert t.player(2).entry(1).outcome is Outcome.LOSS
    for p in t.players:
        assert p.entry(2).kind is Kind.DOUBLE_FORFEIT and p.entry(2).points == 0


def test_header_records_and_notes() -> None:
    text = trf(
        "### a comment",
        "012 Open",
        "022 Hanoi",
        "032 VIE",
        "042 24/03/05",
        "052 2024-03-09",
        "062 2",
        "102 IA Somebody",
        "XXC white1",
        "XXC rank",
        "132" + " " * 88 + "24/03/05",
        row(1, "A", "0.0"),
        row(2, "B", "0.0"),
    )
    t, notes = read_trf_with_notes(text)
    assert (t.name, t.city, t.federation, t.chief_arbiter) == ("Open", "Hanoi", "VIE", "IA Somebody")
    assert (t.start_date, t.end_date) == (date(2024, 3, 5), date(2024, 3, 9))
    # XXC (JaVaFo TRF(x)): the initial colour and 'rank' are pairing settings, noted for what they are.
    assert "record XXC (line 9): initial colour White, a pairing setting; the standings do not depend on it" in notes
    assert any(n.startswith("record XXC (line 10): 'rank' tells a pairing engine to pair by rank") for n in notes)
    assert "record 062 ignored (line 7): the number of players" in notes
    assert "record 132 ignored (line 11): the dates of the rounds" in notes
    assert not any("###" in n for n in notes)
    assert parse_trf(trf("042 2025/09/01", row(1, "A", ""))).start_date == date(2025, 9, 1)
    with pytest.raises(InputError, match=r"^<string>:1:5: bad date '2025/13/01'"):
        parse_trf(trf("042 2025/13/01", row(1, "A", "")))


# ---------------------------------------------------------------------------------------------
# Scoring (162, XXS) and tie-break lists (202, 212)
# ---------------------------------------------------------------------------------------------

THREE_ONE_ZERO = Scoring(
    win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), fpb=Fraction(3), hpb=Fraction(1), pab=Fraction(3)
)


def three_games(header: str, pab: str = "3.0") -> str:
    return trf(
        header,
        "XXR 3",
        row(1, "A", "7.0", "   2 w 1", "   3 b =", "0000 - U"),
        row(2, "B", "6.0", "   1 b 0", "0000 - U", "   3 w 1"),
        row(3, "C", "1.0", "0000 - Z", "   1 w =", "   2 b 0"),
    )


def test_162_three_one_zero() -> None:
    t = parse_trf(three_games("162  W 3.0    D 1.0    L 0.0"), strict=True)
    assert t.scoring == THREE_ONE_ZERO  # P defaults to W, A stays 0
    a = t.player(1)
    assert [e.points for e in a.rounds] == [3, 1, 3] and a.points == 7
    assert t.player(2).entry(1).points == 0
    with pytest.warns(InputWarning, match="declared points") as record:
        explicit = parse_trf(three_games("162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0    X 1.0"))
    assert explicit.scoring.pab == 1 and explicit.scoring.fpb == 3
    assert "player 1: declared points 7.0 (columns 81-84) differ from the results, which give 5.0" in str(
        record[0].message
    )


def test_xxs_scoring() -> None:
    t = parse_trf(three_games("XXS W=3 D=1 PAB=3"), strict=True)
    assert t.scoring == THREE_ONE_ZERO
    # JaVaFo: W covers WW BW FW FPB but not PAB; later items override earlier ones.
    t = parse_trf(trf("XXS W=3\nXXS D=1 WL=0 BL=0 FL=.0 ZPB=0 HPB=0.5", row(1, "A", "")))
    assert (t.scoring.win, t.scoring.pab, t.scoring.hpb, t.scoring.draw) == (3, 1, Fraction(1, 2), 1)
    with pytest.raises(
        InputError, match=r"^<string>:1:10: colour-dependent scoring is not supported \(WW=1.0, BW=0.75\)"
    ):
        parse_trf(trf("XXS WW=1 BW=0.75", row(1, "A", "")))
    with pytest.raises(InputError, match=r"^<string>:1:9: bad XXS item 'QQ=1'"):
        parse_trf(trf("XXS W=3 QQ=1", row(1, "A", "")))
    with pytest.raises(InputError, match=r"^<string>:1:6: unknown scoring code 'Q' in record 162"):
        parse_trf(trf("162  Q 3.0", row(1, "A", "")))


def test_tiebreak_lists() -> None:
    body = row(1, "A", "")
    assert parse_trf(trf("212 PTS,BH/C1,BH,SB", body)).tiebreaks == ("PTS", "BH/C1", "BH", "SB")
    assert parse_trf(trf("202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", body)).tiebreaks == (
        "PTS",
        "EDET/P",
        "EMGSB/C1/P",
        "BH:MP/C1/P",
        "MPvGP",
    )
    assert parse_trf(trf("202 BH", "212 PTS,SB", body)).tiebreaks == ("PTS", "SB")  # 212 wins
    assert parse_trf(trf(body)).tiebreaks == ()


# ---------------------------------------------------------------------------------------------
# Bad input: every message names file:line:column, player and round
# ---------------------------------------------------------------------------------------------

BAD = [
    (
        trf("XXR 1", row(1, "A", "1.0", "   2 w x"), row(2, "B", "0.0", "   1 b 0")),
        "bad.trf:2:99: player 1, round 1: unknown result code 'x' (expected one of 1 = 0 W D L + - H F U Z)",
    ),
    (
        trf(row(1, "A", ""), row(2, "B", ""), row(1, "C", "")),
        "bad.trf:3:5: player 1: duplicate start number 1 (also on line 1)",
    ),
    (trf(row(1, "A", ""), "001   x2 m    B"), "bad.trf:2:5: bad start number 'x2' (columns 5-8)"),
    (
        trf(row(1, "A", "1.0", "   3 w 1"), row(2, "B", "")),
        "bad.trf:1:92: player 1, round 1: opponent 3 is not a listed player",
    ),
    (
        trf(row(1, "A", "1.0", "   2 w 1"), row(2, "B", "1.0", "   3 w 1"), row(3, "C", "0.0", "   2 b 0")),
        "bad.trf:1:92: player 1, round 1: pairing is not symmetric: this line lists 2, but player 2 (line 2) lists 3",
    ),
    (
        trf(row(1, "A", "1.0", "   2 w 1"), row(2, "B", "1.0", "0000 - U")),
        "bad.trf:1:92: player 1, round 1: pairing is not symmetric: this line lists 2, but player 2 (line 2) has no opponent",
    ),
    (
        trf("XXR 1", row(1, "A", "1.0", "   2 w 1"), row(2, "B", "1.0", "   1 b 1")),
        "bad.trf:2:99: player 1, round 1: results do not complement: '1' here, '1' for player 2 (line 3)",
    ),
    (
        trf("XXR 1", row(1, "A", "0.5", "   2 w ="), row(2, "B", "0.0", "   1 b 0")),
        "bad.trf:2:99: player 1, round 1: results do not complement: '=' here, '0' for player 2",
    ),
    (
        trf("XXR 1", row(1, "A", "1.0", "   2 w +"), row(2, "B", "0.0", "   1 b 0")),
        "bad.trf:2:99: player 1, round 1: results do not complement: '+' here, '0' for player 2",
    ),
    (
        trf("XXR 1", row(1, "A", "1.0", "   2 w 1"), row(2, "B", "0.0", "   1 w 0")),
        "bad.trf:2:97: player 1, round 1: both players have colour 'w'",
    ),
    (trf(row(1, "A", "1.0", "   1 w 1")), "bad.trf:1:92: player 1, round 1: player paired with himself"),
    (trf(row(1, "A", "1.0", "0000 - 1")), "bad.trf:1:92: player 1, round 1: result '1' needs an opponent"),
    (
        trf(row(1, "A", "1.0", "   2 - U"), row(2, "B", "")),
        "bad.trf:1:99: player 1, round 1: result 'U' (a bye) cannot have an opponent (2)",
    ),
    (
        trf(row(1, "A", "", "   2 w"), row(2, "B", "", "   1 b 0")),
        "bad.trf:1:99: player 1, round 1: a blank result cannot have an opponent (2)",
    ),
    (trf(row(1, "A", "", rating="22OO")), "bad.trf:1:49: player 1: rating '22OO' is not a number"),
    (trf(row(1, "A", "3x5")), "bad.trf:1:81: player 1: points '3x5' is not a number"),
    (trf(row(1, "A", "", "   2 q 1"), row(2, "B", "")), "bad.trf:1:97: player 1, round 1: unknown colour 'q'"),
    (trf(row(1, "A", "", "   12 w 1")), "bad.trf:1:96: player 1, round 1: expected a blank at column 96, found '2'"),
    (trf("XXR five", row(1, "A", "")), "bad.trf:1:5: number of rounds 'five' is not a number"),
    ("012 Empty\n", "bad.trf: no player records (001)"),
]


@pytest.mark.parametrize("text, message", BAD, ids=[m.split(": ", 1)[-1][:40] for _, m in BAD])
def test_bad_input(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_trf(text, source="bad.trf")
    assert str(info.value).startswith(message)


def test_bad_files() -> None:
    with pytest.raises(InputError) as info:
        read_trf(DATA / "bad" / "unknown_result_code.trf")
    err = info.value
    assert str(err) == (
        "unknown_result_code.trf:14:99: player 12, round 1: "
        "unknown result code 'x' (expected one of 1 = 0 W D L + - H F U Z)"
    )
    assert (err.file, err.line, err.column, err.player, err.round) == ("unknown_result_code.trf", 14, 99, 12, 1)
    with pytest.raises(
        InputError,
        match=r"^asymmetric_pairing\.trf:14:112: player 12, round 3: "
        r"pairing is not symmetric: this line lists 14, but player 14 "
        r"\(line 15\) lists 13",
    ):
        read_trf(DATA / "bad" / "asymmetric_pairing.trf")


def test_points_mismatch_warns_or_raises() -> None:
    text = trf("XXR 1", row(1, "A", "1.5", "   2 w 1"), row(2, "B", "0.0", "   1 b 0"))
    expected = "mism.trf:2:81: player 1: declared points 1.5 (columns 81-84) differ from the results, which give 1.0"
    with pytest.warns(InputWarning) as record:
        t = parse_trf(text, source="mism.trf")
    assert [str(w.message) for w in record] == [expected]
    assert t.player(1).points == 1 and t.player(1).declared_points == Fraction(3, 2)  # D21: recomputed
    with pytest.raises(InputError) as info:
        parse_trf(text, source="mism.trf", strict=True)
    assert str(info.value) == expected


def test_points_in_another_scoring_system_warn() -> None:
    # Declared 3-1-0 points without a 162 record: read under 1-1/2-0, reported (D21).
    with pytest.warns(InputWarning, match="declared points") as record:
        t = parse_trf(three_games("012 no scoring record"))
    assert len(record) == 3 and "declared points 7.0" in str(record[0].message)
    assert t.player(1).points == Fraction(5, 2)


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [SWISS, ROBIN, SEED_RR, SEED_SWISS], ids=lambda p: p.name)
def test_round_trip_sample_files(path: Path) -> None:
    t = read_trf(path)
    text = write_trf(t)
    assert parse_trf(text, source=t.source) == t
    assert write_trf(parse_trf(text)) == text


def test_written_columns() -> None:
    t = read_trf(SWISS)
    lines = write_trf(t).splitlines()
    assert lines[:4] == ["012 FIDE C.07 2023 Tie-Break Exercises", "042 2024/08/01", "092 Swiss", "XXR 5"]
    nick = next(line for line in lines if line[4:8] == "  12")
    assert nick[14:47].rstrip() == "Nick" and nick[48:52] == "1650"
    assert nick[80:84] == " 2.0" and nick[85:89] == "  12"
    assert [nick[91 + 10 * r : 99 + 10 * r] for r in range(5)] == [
        "   4 w 0",
        "0000 - U",
        "  14 w +",
        "0000 - Z",
        "0000 - Z",
    ]


def test_written_scoring_and_tiebreaks() -> None:
    t = parse_trf(three_games("162  W 3.0    D 1.0    L 0.0\n212 PTS,BH/C1"))
    text = write_trf(t)
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n" in text and "212 PTS,BH/C1\n" in text
    assert parse_trf(text) == t
    odd = Tournament(players=(Player(1, "A"),), rounds=0, scoring=Scoring(forfeit_win=Fraction(1, 2)))
    text = write_trf(odd)
    assert "XXS WW=1.0 BW=1.0 WD=0.5" in text and "FW=0.5" in text
    assert parse_trf(text).scoring == odd.scoring
    assert "162" not in write_trf(read_trf(SWISS)) and "XXS" not in write_trf(read_trf(SWISS))


def test_write_trf_file_is_atomic(tmp_path: Path) -> None:
    t = read_trf(ROBIN, pairing=Pairing.ROUND_ROBIN)
    target = tmp_path / "out.trf"
    target.write_text("old")
    write_trf_file(t, target)
    assert os.listdir(tmp_path) == ["out.trf"]
    assert "092 Round Robin" in target.read_text()
    back = read_trf(target)
    assert back.pairing is Pairing.ROUND_ROBIN and back.players == t.players


# ---------------------------------------------------------------------------------------------
# Property: a random consistent Swiss survives write -> read
# ---------------------------------------------------------------------------------------------

# (code of one player, code of the other) -> (kind, outcome) for each side
RESULTS = [("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"), ("+", "-"), ("-", "+"), ("-", "-")]
KIND = {
    "1": (Kind.PLAYED, Outcome.WIN),
    "0": (Kind.PLAYED, Outcome.LOSS),
    "=": (Kind.PLAYED, Outcome.DRAW),
    "W": (Kind.SHORT, Outcome.WIN),
    "L": (Kind.SHORT, Outcome.LOSS),
    "D": (Kind.SHORT, Outcome.DRAW),
    "+": (Kind.FORFEIT_WIN, None),
    "-": (Kind.FORFEIT_LOSS, None),
}
SCORINGS = [Scoring(), THREE_ONE_ZERO, Scoring(pab=Fraction(1, 2)), Scoring(forfeit_win=Fraction(1, 2))]
NAMES = st.text(st.characters(whitelist_categories=("Lu", "Ll")) | st.sampled_from(" ,-'"), min_size=1, max_size=40)


@st.composite
def swiss_tournaments(draw: st.DrawFn) -> Tournament:
    numbers = draw(st.lists(st.integers(1, 9999), min_size=2, max_size=10, unique=True))
    rounds = draw(st.integers(0, 5))
    scoring = draw(st.sampled_from(SCORINGS))
    records: dict[int, list] = {n: [] for n in numbers}
    for r in range(1, rounds + 1):
        order = draw(st.permutations(numbers))
        absent = draw(st.integers(0, len(order) // 3))
        for n in order[:absent]:  # requested byes
            records[n].append(make_entry(scoring, r, draw(st.sampled_from([Kind.HPB, Kind.ZPB, Kind.FPB]))))
        paired = order[absent:]
        if len(paired) % 2:
            records[paired.pop()].append(make_entry(scoring, r, Kind.PAB))
        for a, b in zip(paired[::2], paired[1::2]):
            ca, cb = draw(st.sampled_from(RESULTS))
            colours = draw(st.sampled_from([("w", "b"), ("b", "w"), (None, None)]))
            double = ca == cb == "-"
            for n, m, code, colour in ((a, b, ca, colours[0]), (b, a, cb, colours[1])):
                kind, outcome = KIND[code]
                records[n].append(make_entry(scoring, r, Kind.DOUBLE_FORFEIT if double else kind, outcome, m, colour))
    players = []
    for n in sorted(numbers):
        name = " ".join(draw(NAMES).split())[:33].strip() or "X"
        entries = tuple(records[n])
        players.append(
            Player(
                start_number=n,
                name=name,
                rounds=entries,
                title=draw(st.sampled_from(["", "GM", "WFM", "c"])),
                sex=draw(st.sampled_from(["", "m", "w"])),
                rating=draw(st.none() | st.integers(1000, 2900)),
                federation=draw(st.sampled_from(["", "NOR", "VIE"])),
                fide_id=draw(st.sampled_from(["", "0", "12345678"])),
                birth_date=draw(st.sampled_from(["", "1990/01/01"])),
                declared_points=sum((e.points for e in entries), Fraction(0)),
                declared_rank=draw(st.none() | st.integers(1, len(numbers))),
            )
        )
    return Tournament(
        players=tuple(players),
        rounds=rounds,
        name=draw(st.sampled_from(["", "Open A"])),
        scoring=scoring,
        pairing=draw(st.sampled_from(list(Pairing))),
        start_date=draw(st.none() | st.dates()),
        tiebreaks=draw(st.sampled_from([(), ("PTS", "BH/C1", "BH", "SB")])),
        scheduled_rounds=rounds,
        source="generated.trf",
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_tournaments())
@example(
    Tournament(  # three players: a Swiss whose pairings form a round robin stays a Swiss
        tuple(
            Player(
                sn,
                "A",
                tuple(make_entry(Scoring(), r, *kinds) for r, kinds in enumerate(rounds, 1)),
                declared_points=Fraction(points),
            )
            for sn, rounds, points in (
                (1, [(Kind.PLAYED, Outcome.WIN, 2, "w"), (Kind.PLAYED, Outcome.WIN, 3, "w"), (Kind.PAB,)], 3),
                (2, [(Kind.PLAYED, Outcome.LOSS, 1, "b"), (Kind.PAB,), (Kind.PLAYED, Outcome.WIN, 3, "w")], 2),
                (3, [(Kind.PAB,), (Kind.PLAYED, Outcome.LOSS, 1, "b"), (Kind.PLAYED, Outcome.LOSS, 2, "b")], 1),
            )
        ),
        3,
        scheduled_rounds=3,
        source="generated.trf",
    )
)
def test_round_trip_random_swiss(t: Tournament) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        back = parse_trf(write_trf(t), source="generated.trf", strict=True)
    assert back == t


def test_an_error_in_a_file_that_is_not_utf8_names_the_byte_and_the_encoding(tmp_path):
    # Issue 19: one stray byte on line 5 made the whole file CP1252, and an error on line 7 never
    # said so. The error now ends with how the file was read and where the first stray byte is.
    from tbxl.errors import InputError
    from tbxl.io.trf import read_trf

    lines = (Path(__file__).parent / "data" / "tec-2023" / "held_swiss_5.trf").read_bytes().split(b"\n")
    lines[4] = lines[4][:20] + b"\xe9" + lines[4][21:]
    lines[6] = lines[6][:95] + b"x" + lines[6][96:]
    path = tmp_path / "enc.trf"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(InputError) as err:
        read_trf(str(path))
    assert str(err.value).startswith("enc.trf:7:96: player 3, round 1: expected a blank at column 96")
    assert str(err.value).endswith("(the file is not valid UTF-8 (line 5, column 21: byte 0xE9): decoded as CP1252)")


def test_the_team_record_sniff_finds_what_its_expression_finds():
    """has_team_record (fixed byte strings) and TEAM_RECORD (the expression) agree on every file
    made of the pieces that matter: line ends, byte-order marks, the record codes, NULs, digits."""
    import random

    from tbxl.io.load import TEAM_RECORD, has_team_record

    pieces = [
        b"\n",
        b"\r",
        b"\r\n",
        b"\xef\xbb\xbf",
        b"\xff\xfe",
        b"\xfe\xff",
        b"013",
        b"310",
        b"01",
        b"3",
        b"0",
        b"1",
        b"001",
        b" ",
        b"\x00",
        b"2013 ",
        b"x",
    ]
    rng = random.Random(26)
    for _ in range(20_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert has_team_record(data) == (TEAM_RECORD.search(data) is not None), data
