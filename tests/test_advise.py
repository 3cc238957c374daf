"""The list adviser (issue 37 item 6): its archive figures against counts the tests make on their
own (from the games of generated round robins and a hand-built Swiss, never through tbxl's
tie-breaks or the adviser), each check on a crafted event, a broken file in an archive, and the
command's forms."""

from __future__ import annotations

import csv
import io
import json
import random
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from builders import Builder
from tbxl.advise.archive import chunks, events_in, run
from tbxl.advise.check import CHECKS, Level, Profile, check
from tbxl.cli import main
from tbxl.io.trf import write_trf
from tbxl.model import EventKind, Pairing

EXAMPLES = Path(__file__).parent.parent / "tbxl" / "examples"
HALF = Fraction(1, 2)


# --- generated round robins, and what the tests count on them by hand ---------------------------


def berger(n: int) -> list[list[tuple[int, int]]]:
    """A single round robin of ``n`` (even) players by the circle method: rounds of (a, b) pairs."""
    seats = list(range(1, n + 1))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(seats[k], seats[n - 1 - k]) for k in range(n // 2)])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def round_robin(seed: int, n: int = 6) -> tuple[Builder, dict[tuple[int, int], Fraction]]:
    """A round robin with many draws (so that ties stay), and each player's score against each
    opponent, which the tests count from."""
    rnd = random.Random(seed)
    b = Builder(n - 1, pairing=Pairing.ROUND_ROBIN, name=f"RR {seed}")
    for sn in range(1, n + 1):
        b.player(sn, f"Player {sn}", rating=rnd.choice([1500, 1600, 1700, 1800, 1900, None]))
    scored: dict[tuple[int, int], Fraction] = {}
    for r, pairs in enumerate(berger(n), 1):
        for white, black in pairs:
            result = rnd.choice(["1-0", "0-1", "1/2", "1/2", "1/2"])
            b.game(r, white, black, result)
            w = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2": HALF}[result]
            scored[white, black], scored[black, white] = w, 1 - w
    return b, scored


def keys_of(scored: dict[tuple[int, int], Fraction], codes: list[str]) -> dict[int, tuple[Fraction, ...]]:
    """Each player's (points, then each code's value, higher first) from the games alone: SB = the
    sum of the opponent's points x the score against them (C.07 9.1: a round robin without
    forfeits has no unplayed round), WIN = the games won (7.1)."""
    players = sorted({a for a, _ in scored})
    points = {p: sum(s for (a, _), s in scored.items() if a == p) for p in players}
    value = {
        "SB": lambda p: sum(points[o] * s for (a, o), s in scored.items() if a == p),
        "WIN": lambda p: Fraction(sum(1 for (a, _), s in scored.items() if a == p and s == 1)),
    }
    return {p: (points[p], *(value[c](p) for c in codes)) for p in players}


def places(keys: dict[int, tuple[Fraction, ...]]) -> list[frozenset[int]]:
    """Who fills each place when the keys rank (equal keys share the place)."""
    out: list[frozenset[int]] = []
    for key in sorted(set(keys.values()), reverse=True):
        group = frozenset(p for p, k in keys.items() if k == key)
        out += [group] * len(group)
    return out


def expected(builders: list[tuple[Builder, dict]], codes: list[str], prize: int) -> dict[str, int]:
    """The counts of one list over the events, made here: shared places, prize places shared,
    events with a prize place shared, and the rated ties on points it split, to the higher-rated."""
    out = dict(participants=0, shared=0, prize_shared=0, prize_events=0, rated_pairs=0, higher_first=0)
    for b, scored in builders:
        keys = keys_of(scored, codes)
        filled = places(keys)
        out["participants"] += len(keys)
        out["shared"] += sum(1 for g in filled if len(g) > 1)
        top = sum(1 for g in filled[:prize] if len(g) > 1)
        out["prize_shared"] += top
        out["prize_events"] += top > 0
        place = {p: min(k for k, g in enumerate(filled) if p in g) for p in keys}
        for p, q in combinations(keys, 2):
            rp, rq = b.ratings[p], b.ratings[q]
            if keys[p][0] == keys[q][0] and rp and rq and rp != rq and place[p] != place[q]:
                out["rated_pairs"] += 1
                out["higher_first"] += (rp > rq) == (place[p] < place[q])
    return out


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[Builder, dict]]]:
    folder = tmp_path_factory.mktemp("archive")
    made = []
    for seed in range(12):
        b, scored = round_robin(seed)
        (folder / f"rr-{seed:02d}.trf").write_text(write_trf(b.build()), encoding="utf-8")
        made.append((b, scored))
    return folder, made


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_archive_figures_are_the_counts_made_from_the_games(archive, jobs):
    folder, made = archive
    lists = ["SB,WIN", "WIN,SB", "WIN"]
    tally = run(events_in(folder), lists, rules="fide-2026", prize_places=3, jobs=jobs)
    assert tally.events == 12 and not tally.skipped
    for name, s in zip(lists, tally.sums):
        want = expected(made, name.split(","), 3)
        got = {k: getattr(s, k) for k in want}
        assert got == want, name
        assert s.events == 12 and s.prize_places == 36
    # the archive has ties left, and ties on points split between rated players, for the test to count
    assert min(s.shared for s in tally.sums) > 0 and min(s.rated_pairs for s in tally.sums) > 0
    # places filled differently by two lists, counted from the keys
    for (a, b), pair in tally.pairs.items():
        differ = top = events = 0
        for _, scored in made:
            pa = places(keys_of(scored, lists[a].split(",")))
            pb = places(keys_of(scored, lists[b].split(",")))
            d = [x != y for x, y in zip(pa, pb)]
            differ += sum(d)
            top += sum(d[:3])
            events += any(d[:3])
        assert (pair.differ, pair.prize_differ, pair.prize_events, pair.places) == (differ, top, events, 72)


def random_swiss(seed: int, n: int = 10, rounds: int = 5) -> tuple[Builder, list[tuple[int, int, Fraction]]]:
    """Random pairings every round (everybody plays, repeats allowed), results with many draws; the
    games (player, opponent, score), which the tests count from."""
    rnd = random.Random(1000 + seed)
    b = Builder(rounds, name=f"Swiss {seed}")
    for sn in range(1, n + 1):
        b.player(sn, f"Player {sn}", rating=rnd.choice([1500, 1700, 1900, 2100]))
    games: list[tuple[int, int, Fraction]] = []
    for r in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rnd.shuffle(order)
        for white, black in zip(order[::2], order[1::2]):
            result = rnd.choice(["1-0", "0-1", "1/2", "1/2"])
            b.game(r, white, black, result)
            w = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2": HALF}[result]
            games += [(white, black, w), (black, white, 1 - w)]
    return b, games


def swiss_keys(games: list[tuple[int, int, Fraction]], codes: list[str]) -> dict[int, tuple[Fraction, ...]]:
    """(points, then each code's value) from the games alone, every round played: BH = the sum of
    the opponents' points, one term per game (C.07 8.1, 4.4); BH/C1 = BH without its lowest term
    (14.1; no unplayed round, so 16.5 never applies); WIN = the games won (7.1)."""
    players = sorted({p for p, _, _ in games})
    points = {p: sum(s for q, _, s in games if q == p) for p in players}
    terms = {p: sorted(points[o] for q, o, _ in games if q == p) for p in players}
    value = {
        "BH": lambda p: sum(terms[p]),
        "BH/C1": lambda p: sum(terms[p][1:]),
        "WIN": lambda p: Fraction(sum(1 for q, _, s in games if q == p and s == 1)),
    }
    return {p: (points[p], *(value[c](p) for c in codes)) for p in players}


def test_generated_swiss_events_give_the_counts_made_from_the_games(tmp_path):
    made = []
    for seed in range(10):
        b, games = random_swiss(seed)
        (tmp_path / f"swiss-{seed}.trf").write_text(write_trf(b.build()), encoding="utf-8")
        made.append((b, games))
    lists = ["BH/C1,BH", "BH,WIN"]
    tally = run(events_in(tmp_path), lists, rules="fide-2026", prize_places=4, jobs=2)
    for name, s in zip(lists, tally.sums):
        shared = prize = rated = higher = 0
        for b, games in made:
            keys = swiss_keys(games, name.split(","))
            filled = places(keys)
            shared += sum(1 for g in filled if len(g) > 1)
            prize += sum(1 for g in filled[:4] if len(g) > 1)
            place = {p: min(k for k, g in enumerate(filled) if p in g) for p in keys}
            for p, q in combinations(keys, 2):
                if keys[p][0] == keys[q][0] and b.ratings[p] != b.ratings[q] and place[p] != place[q]:
                    rated += 1
                    higher += (b.ratings[p] > b.ratings[q]) == (place[p] < place[q])
        assert (s.shared, s.prize_shared, s.rated_pairs, s.higher_first) == (shared, prize, rated, higher), name
        assert s.participants == 100 and s.findings == {}
    assert min(s.shared for s in tally.sums) > 0 and min(s.rated_pairs for s in tally.sums) > 0


def hand_swiss() -> Builder:
    """Four players, two rounds: 1-2 1-0, 3-4 1-0, then 1-3 and 2-4 drawn. 1 and 3 (1.5 points)
    are equal on BH (2), SB (1.25), WIN (1) and their game; so are 2 and 4 (0.5, BH 2, SB 0.25)."""
    b = Builder(2, name="hand Swiss")
    for sn, rating in ((1, 2000), (2, 1900), (3, 1800), (4, 1700)):
        b.player(sn, f"P{sn}", rating)
    return b.game(1, 1, 2, "1-0").game(1, 3, 4, "1-0").game(2, 1, 3, "1/2").game(2, 2, 4, "1/2")


def test_a_hand_built_swiss_keeps_the_ties_worked_by_hand(tmp_path):
    (tmp_path / "swiss.trf").write_text(write_trf(hand_swiss().build()), encoding="utf-8")
    tally = run(events_in(tmp_path), ["BH,SB,WIN", "DE", "BH,TPN"], jobs=1, prize_places=3)
    tied, de, tpn = tally.sums
    assert (tied.shared, tied.groups, tied.prize_shared, tied.prize_events) == (4, 2, 3, 1)
    assert (de.shared, de.groups) == (4, 2)  # both pairs drew their game
    assert (tpn.shared, tpn.prize_shared, tpn.rated_pairs, tpn.higher_first) == (0, 0, 2, 2)  # 1 before 3, 2 before 4
    assert tied.rated_pairs == 0  # a tie left is no tie broken
    pair = tally.pairs[0, 2]  # BH,SB,WIN against BH,TPN: every place differs (a group against one player)
    assert (pair.places, pair.differ) == (4, 4)


def test_workers_give_the_figures_one_process_gives(archive):
    folder, _ = archive
    one = run(events_in(folder), ["SB,WIN", None], jobs=1)
    two = run(events_in(folder), ["SB,WIN", None], jobs=2)
    assert one == two and one.lists == ["SB,WIN", "announced"]
    assert [len(c) for c in chunks([str(k) for k in range(5)], 4)] == [1, 1, 1, 1, 1]


# --- the checks ---------------------------------------------------------------------------------

SWISS = Profile(EventKind.INDIVIDUAL, round_robin=False, rounds=9, participants=100, start=date(2026, 5, 1))
RR = replace(SWISS, round_robin=True, rounds=7, participants=8)
TEAM_SWISS = replace(SWISS, kind=EventKind.TEAM, participants=30)
TEAM_RR = replace(TEAM_SWISS, round_robin=True, rounds=9, participants=10)

#: Per check: an event and a list that break it, and the same event with a list that keeps it.
CASES = {
    1: (RR, "BH/C1,SB", "DE,SB,WIN,KS"),
    2: (replace(SWISS, days=45), "BH/C1,ARO", "BH/C1,SB"),
    3: (replace(SWISS, unrated=4), "BH,TPR", "BH,TPR/U1400"),
    4: (SWISS, "BH/C1,KS", "BH/C1,BH"),
    5: (RR, "SB,DE,WIN", "DE,SB,WIN"),
    6: (SWISS, "DE,BH/C1", "BH/C1,DE"),
    7: (SWISS, "BH/C1,SB,BH/C1", "DE,BH/C1,DE"),
    8: (SWISS, "TPN,BH", "BH,TPN"),
    9: (replace(SWISS, start=date(2025, 6, 1)), "BH,STD", "BH,WIN"),
    10: (TEAM_SWISS, "MPTS,BC,MPvGP", "MPTS,MPvGP,BC"),
    11: (TEAM_RR, "MPTS,EDE,MPvGP", "MPTS,EDET,MPvGP"),
    12: (RR, "DE,ARO", "DE,SB"),
    13: (replace(SWISS, accelerated=True), "BH/C1,BH", "PS,WIN"),
}


def test_every_check_has_a_case():
    assert sorted(CASES) == [c.number for c in CHECKS]


@pytest.mark.parametrize("number", sorted(CASES))
def test_each_check_finds_the_list_that_breaks_it_and_only_that(number):
    profile, breaks, keeps = CASES[number]
    found = [f for f in check(profile, breaks) if f.number == number]
    assert len(found) == 1, check(profile, breaks)
    f = found[0]
    assert f.article.startswith("C.0") and f.text and f.codes
    assert f"#{number} " in f.line() and f.article in f.line()
    assert number not in [g.number for g in check(profile, keeps)]


def test_the_checks_name_the_codes_and_how_firm_they_are():
    f = check(RR, "BH/C1,SB")[0]
    assert (f.number, f.codes, f.level) == (1, ("BH/C1",), Level.REQUIRED)
    assert check(replace(RR, start=date(2025, 1, 5)), "BH")[0].text.endswith("the event started on 2025-01-05)")
    assert check(SWISS, "PTS,BH/C1,BH,SB,PS,WIN") == []  # tbxl's Swiss default keeps every check
    assert [f.number for f in check(RR, "DE,SB,WIN,KS")] == []  # and its round-robin default
    # the individual checks are not asked of a team event, nor the team ones of an individual event
    assert [f.number for f in check(replace(TEAM_RR, days=60), "MPTS,BH:MP,EDET,KS")] == [1, 5]


def test_a_profile_read_from_a_file(tmp_path):
    t = replace(hand_swiss().build(), start_date=date(2026, 3, 2), end_date=date(2026, 5, 4))
    path = tmp_path / "long.trf"
    path.write_text(write_trf(t).replace("XXR", "XXA    1  1.0\nXXR", 1), encoding="utf-8")
    notes: list[str] = []
    from tbxl.io.load import load

    profile = Profile.of(load(path, notes=notes), None, notes)
    assert (profile.days, profile.long, profile.accelerated, profile.round_robin, profile.participants) == (
        63,
        True,
        True,
        False,
        4,
    )
    assert {f.number for f in check(profile, "ARO,BH")} == {2, 13}


def test_compute_and_report_say_the_announced_lists_findings(capsys):
    rr = str(EXAMPLES / "held_round_robin.trf")
    assert main(["compute", rr, "--tiebreaks", "BH,SB", "--rules", "fide-2026"]) == 0
    err = capsys.readouterr().err
    assert "check #1 (C.07 8, note of 2026; required): BH: the Buchholz family must not be used" in err
    assert main(["compute", rr, "--tiebreaks", "DE,SB,WIN,KS"]) == 0
    assert "check #" not in capsys.readouterr().err


# --- the command --------------------------------------------------------------------------------


def test_a_broken_file_is_named_and_the_run_goes_on(tmp_path, capsys):
    (tmp_path / "a.trf").write_text(write_trf(hand_swiss().build()), encoding="utf-8")
    sub = tmp_path / "2025"
    sub.mkdir()
    (sub / "broken.trf").write_text("012 nothing\n001 garbage here\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("not an event", encoding="utf-8")  # not an event file: not read
    assert main(["advise", str(tmp_path), "--lists", "BH,SB", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["events"] == 1 and len(doc["skipped"]) == 1
    assert doc["skipped"][0]["file"].endswith("broken.trf") and "broken.trf" in doc["skipped"][0]["error"]
    assert main(["advise", str(tmp_path), "--lists", "BH,SB"]) == 0
    assert "1 file(s) skipped:" in capsys.readouterr().out
    assert main(["advise", str(sub)]) == 1  # nothing could be read: an error
    assert "no event could be read" in capsys.readouterr().err
    assert main(["advise", str(tmp_path / "none")]) == 1
    assert "no such file or folder" in capsys.readouterr().err


def test_the_forms(archive, tmp_path, capsys):
    folder, _ = archive
    lists = ["SB,WIN", "WIN"]
    assert main(["advise", str(folder), "--lists", *lists, "--format", "csv", "--jobs", "1"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["list"] for r in rows] == lists and rows[0]["events"] == "12"
    assert set(rows[0]) >= {"shared", "shared_rate", "prize_shared_rate", "higher_rate", "findings"}
    svg = tmp_path / "rates.svg"
    assert main(["advise", str(folder), "--lists", *lists, "-o", str(svg), "--jobs", "1"]) == 0
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    bars = [
        r
        for r in root.iter("{http://www.w3.org/2000/svg}rect")
        if r.find("{http://www.w3.org/2000/svg}title") is not None
    ]
    assert len(bars) == 2 * 4
    capsys.readouterr()
    event = tmp_path / "ev.txt"  # a TRF named .txt is an event of the archive: never written over
    event.write_text((folder / "rr-00.trf").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["advise", str(tmp_path), "--lists", "SB,WIN", "-o", str(event)]) == 1
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert main(["advise", str(folder), "--lists", "SB", "SB"]) == 2


def test_one_event_shows_each_lists_findings(capsys):
    rr = str(EXAMPLES / "held_round_robin.trf")
    assert main(["advise", rr, "--lists", "BH,SB", "DE,SB,WIN,KS"]) == 0
    out = capsys.readouterr().out
    assert "checks of BH,SB:\n  #1 BH (C.07 8, note of 2026; required)" in out
    assert "checks of DE,SB,WIN,KS:\n  no finding" in out
    assert main(["advise", rr, "--lists", "EDE,MPvGP", "--format", "json"]) == 0  # team codes on an individual event
    doc = json.loads(capsys.readouterr().out)
    assert doc["lists"][0]["unusable"] == 1 and doc["lists"][0]["events"] == 0


def test_workbooks_and_team_events_in_one_archive(tmp_path):
    root = Path(__file__).parent.parent
    (tmp_path / "wb").mkdir()
    (tmp_path / "wb" / "tec.xlsx").write_bytes((root / "workbooks" / "tec-swiss.xlsx").read_bytes())
    (tmp_path / "team.trf").write_bytes((EXAMPLES / "team.trf").read_bytes())
    lists = ["BH/C1,BH,SB", "SB,WIN"]
    mixed = run(events_in(tmp_path), lists, jobs=1)
    assert mixed.kinds == {"individual": 1, "team": 1} and not mixed.skipped
    # the workbook is the TEC exercise the TRF holds: the same counts from either
    swiss = run([EXAMPLES / "held_swiss_5.trf"], lists, jobs=1)
    alone = run([tmp_path / "wb" / "tec.xlsx"], lists, jobs=1)
    assert alone.sums == swiss.sums and alone.pairs == swiss.pairs
    # a team has no rating: its ties count for no rated pair
    assert [s.rated_pairs for s in mixed.sums] == [s.rated_pairs for s in swiss.sums]
    assert [s.participants for s in mixed.sums] == [16 + 50, 16 + 50]


def test_a_mistake_in_the_options_stops_before_any_event(capsys):
    examples = str(EXAMPLES)
    assert main(["advise", examples, "--lists", "BH,XYZ"]) == 2
    assert "unknown tie-break 'XYZ'" in capsys.readouterr().err
    assert main(["advise", examples, "--rules", "nope"]) == 2
    assert "unknown rules 'nope'" in capsys.readouterr().err
    assert main(["advise", examples, "--prize-places", "0"]) == 2
    assert main(["advise", examples, "--jobs", "0"]) == 2
    # a team list is no mistake: it ranks the team event and says where it does not fit
    assert main(["advise", examples, "--lists", "EDE,MPvGP"]) == 0
    assert "EDE,MPvGP: not for 3 event(s) of another kind" in capsys.readouterr().out


def test_the_progress_bar_and_a_single_events_findings_in_json(capsys):
    rr = str(EXAMPLES / "held_round_robin.trf")
    assert main(["advise", str(EXAMPLES), "--lists", "SB", "--progress", "--jobs", "2"]) == 0
    err = capsys.readouterr().err
    assert "advise" in err and "4/4\n" in err and "####" in err
    assert main(["advise", rr, "--lists", "BH,SB", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(f["number"], f["article"], f["level"], f["codes"]) for f in doc["findings"]["BH,SB"]] == [
        (1, "C.07 8, note of 2026", "required", ["BH"]),
        (5, "C.07 6.2", "tbxl advice", ["BH"]),
    ]
