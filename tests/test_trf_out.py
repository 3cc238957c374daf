"""A TRF back out (``tbxl compute X -o out.trf``): read back it gives the same standings, for a
TRF, a crosstable workbook and a team TRF; the ranks in columns 86-89 are the computed ones."""

import json
from importlib.resources import files
from pathlib import Path

import pytest

from tbxl.cli import main

DATA = Path(__file__).parent / "data"
SWISS = str(files("tbxl.examples") / "held_swiss_5.trf")
ROBIN = str(files("tbxl.examples") / "held_round_robin.trf")
TEAM = str(DATA / "team" / "grandmommyscup.trf")
TEAM_GENERATED = DATA / "team" / "generated-16x7x4-seed5.trf"


def ok(run_cli, *args) -> str:
    """The standard output of a run that succeeds."""
    code, out, err = run_cli(*args)
    assert code == 0, err
    return out


def standings(run_cli, path, *more):
    return json.loads(ok(run_cli, "compute", path, "--format", "json", *more))


def ranks_written(path) -> dict:
    """Start number -> the rank in columns 86-89 of each 001 record."""
    return {int(line[4:8]): int(line[85:89]) for line in Path(path).read_text().splitlines() if line.startswith("001")}


def test_trf_round_trip_individual(run_cli, tmp_path):
    out = tmp_path / "out.trf"
    ok(run_cli, "compute", SWISS, "-o", out)
    before, after = standings(run_cli, SWISS), standings(run_cli, out)
    assert after["standings"] == before["standings"] and after["tiebreaks"] == before["tiebreaks"]
    assert ranks_written(out) == {s["start_number"]: s["rank"] for s in before["standings"]}
    text = out.read_text()
    # The tie-breaks used, the pairing system (the input has no 092), the input's records kept.
    assert "212 PTS,BH/C1,BH,SB,PS,WIN\n" in text and "092 Swiss\n" in text and "XXR 5\n" in text
    # Alyx (1): 3.5 points, rank 4 (below Charline and David on BH/C1, README's table).
    alyx = next(line for line in text.splitlines() if line.startswith("001    1"))
    assert alyx[80:84] == " 3.5" and alyx[85:89] == "   4"
    # The rounds are the input's, column for column.
    source = next(line for line in Path(SWISS).read_text().splitlines() if line.startswith("001    1"))
    assert alyx[91:] == source[91:].rstrip()


def test_trf_records_the_tiebreaks_given(run_cli, tmp_path):
    out = tmp_path / "out.trf"
    ok(run_cli, "compute", SWISS, "--tiebreaks", "SB,BH", "-o", out)
    assert "212 PTS,SB,BH\n" in out.read_text()
    assert standings(run_cli, out)["standings"] == standings(run_cli, SWISS, "--tiebreaks", "SB,BH")["standings"]


def test_trf_round_trip_workbook(capsys, run_cli, tmp_path):
    book, out = tmp_path / "rr.xlsx", tmp_path / "rr.trf"
    ok(run_cli, "workbook", ROBIN, "-o", book)
    capsys.readouterr()
    ok(run_cli, "compute", book, "-o", out)
    before, after = standings(run_cli, book), standings(run_cli, out)
    assert after["standings"] == before["standings"]
    assert after["tournament"]["pairing"] == "round-robin"
    text = out.read_text()
    assert "092 Round Robin\n" in text and "212 PTS,DE,SB,WIN,KS\n" in text
    assert ranks_written(out) == {s["start_number"]: s["rank"] for s in before["standings"]}


def test_trf_round_trip_team(run_cli, tmp_path):
    out = tmp_path / "team.trf"
    ok(run_cli, "compute", TEAM, "-o", out)
    before, after = standings(run_cli, TEAM), standings(run_cli, out)
    assert after["standings"] == before["standings"] and after["tiebreaks"] == before["tiebreaks"]
    lines = out.read_text().splitlines()
    # The 202 of the input kept in step with a 212 that adds the primary score.
    assert "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP" in lines
    assert "212 MPTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP" in lines
    # 310: MP 55-60, GP 62-67, rank 69-71 from the standings; India 3 (16) first on 20 MP, 33.5 GP.
    india3 = next(line for line in lines if line.startswith("310  16"))
    assert (india3[54:60].strip(), india3[61:67].strip(), india3[68:71].strip()) == ("20.0", "33.5", "1")
    written = {int(line[4:7]): int(line[68:71]) for line in lines if line.startswith("310")}
    assert written == {s["team_number"]: s["rank"] for s in before["standings"]}
    # Every record of the input is still there (112 twice, 172, 222 ... which tbxl does not read).
    source = Path(TEAM).read_text().splitlines()
    kept = [line for line in source if line[:3] not in ("001", "310")]
    assert [line for line in lines if line[:3] not in ("001", "310", "212")] == kept


def test_trf_2026_team_from_013(run_cli, tmp_path):
    """A TRF-16 team event (013 records) written as TRF-2026: 310 records with MP, GP and rank."""
    src = tmp_path / "clubs.trf"
    lines = []
    for line in TEAM_GENERATED.read_text().splitlines():
        if line.startswith("310"):
            members = line[73:].split()
            line = f"013 {line[8:40].strip():<32}" + "".join(f"{int(m):5d}" for m in members)
        lines.append(line)
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.trf"
    ok(run_cli, "compute", src, "-o", out, "--trf", "2026")
    text = out.read_text()
    assert "\n013 " not in text and "\n310   1 Team 1 " in text and "\n142 7\n" in text
    assert standings(run_cli, out)["standings"] == standings(run_cli, src)["standings"]


def test_trf_refuses_after_round(capsys, tmp_path):
    assert main(["compute", SWISS, "--after-round", "3", "-o", str(tmp_path / "x.trf")]) == 2
    assert "a TRF holds the whole event" in capsys.readouterr().err


def test_trf_never_overwrites_the_input(capsys, tmp_path):
    src = tmp_path / "event.trf"
    src.write_bytes(Path(SWISS).read_bytes())
    assert main(["compute", str(src), "-o", str(src)]) == 1
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert src.read_bytes() == Path(SWISS).read_bytes()


def test_trf_out_fixes_a_wrong_points_column(run_cli, tmp_path):
    """D21: the points column is recomputed from the results."""
    src, out = tmp_path / "event.trf", tmp_path / "out.trf"
    text = (
        Path(SWISS)
        .read_text()
        .replace(
            "001    2 m    Bruno                             2150 NOR           0 1990/01/01  4.0",
            "001    2 m    Bruno                             2150 NOR           0 1990/01/01  9.0",
        )
    )
    assert "9.0" in text
    src.write_text(text)
    ok(run_cli, "compute", src, "-o", out)
    bruno = next(line for line in out.read_text().splitlines() if line.startswith("001    2"))
    assert bruno[80:89] == " 4.0    1"


@pytest.mark.parametrize("edition", ["16", "2026"])
def test_trf_editions_individual(run_cli, tmp_path, edition):
    out = tmp_path / "out.trf"
    ok(run_cli, "compute", SWISS, "-o", out, "--trf", edition)
    assert ("\n142 5\n" in out.read_text()) == (edition == "2026")
    assert standings(run_cli, out)["standings"] == standings(run_cli, SWISS)["standings"]


def test_a_team_workbook_is_not_written_as_a_trf(tmp_path, capsys):
    """A team workbook has no players, so no 001 records: refused with the way to a TRF, nothing written."""
    workbook = Path(__file__).parent.parent / "workbooks" / "grandmommyscup-team.xlsx"
    out = tmp_path / "final.trf"
    assert main(["compute", str(workbook), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "a team workbook holds the matches, not the players' games a TRF records" in err
    assert "tbxl compute event.trf -o final.trf" in err and len(err.splitlines()) == 1
    assert not out.exists()
