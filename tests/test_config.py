"""The event's configuration file tbxl.toml: command line > file > defaults."""

import json
import shutil

import pytest

from conftest import DATA
from tbxl.cli import main

SWISS = DATA / "tec-2023" / "held_swiss_5.trf"


@pytest.fixture
def event(tmp_path):
    """The TEC Swiss in a folder of its own (where a tbxl.toml may be put beside it)."""
    path = tmp_path / "event.trf"
    shutil.copy(SWISS, path)
    return path


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def compute(capsys, *args):
    code, out, err = run(capsys, "compute", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_defaults_without_a_file(capsys, event):
    doc = compute(capsys, event)
    # Start date 2024-08-01: the 2023/2024 rules; no 212 record: the Swiss default list.
    assert doc["rules"] == "fide-2024" and doc["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    assert doc["categories"] == {} and doc["prizes"] is None


def test_the_file_beside_the_input_beats_the_defaults(capsys, event):
    (event.parent / "tbxl.toml").write_text(
        'rules = "fide-2026"\ntiebreaks = ["SB", "BH"]\nsettings = ["vur_cut=always"]\n'
        'prizes = { 1 = 100, 2 = 50 }\nprize_sharing = "equal"\n\n'
        '[categories]\nNOR = "fed=NOR"\nStrong = { where = "rating>=2000", prizes = "1:10" }\n',
        encoding="utf-8")
    doc = compute(capsys, event)
    assert doc["rules"] == "fide-2026+vur_cut=always"
    assert doc["tiebreaks"] == ["SB", "BH"]
    assert set(doc["categories"]) == {"NOR", "Strong"}
    assert doc["prizes"]["sharing"] == "equal" and len(doc["prizes"]["overall"]) >= 2
    assert [a["listed"] for a in doc["prizes"]["categories"]["Strong"]][:1] == ["10.00"]


def test_the_command_line_beats_the_file(capsys, event):
    (event.parent / "tbxl.toml").write_text(
        'rules = "fide-2026"\ntiebreaks = "SB"\nsettings = ["vur_cut=always"]\nprizes = "1:100"\n'
        '[categories]\nNOR = "fed=NOR"\nStrong = "rating>=2000"\n', encoding="utf-8")
    doc = compute(capsys, event, "--rules", "fide-2022", "--tiebreaks", "BH", "--set", "vur_cut=none",
                  "--category", "Strong=rating>=2100", "--prizes", "1:7", "--prize-sharing", "tiebreak")
    assert doc["rules"] == "fide-2022+vur_cut=none"          # the later setting wins
    assert doc["tiebreaks"] == ["BH"]
    strong_2100 = compute(capsys, event, "--no-config", "--category", "S=rating>=2100")["categories"]["S"]
    assert doc["categories"]["Strong"] == strong_2100           # the command line's Strong
    assert "NOR" in doc["categories"]                            # the file's other category stays
    assert doc["prizes"]["overall"][0]["listed"] == "7.00" and doc["prizes"]["sharing"] == "tiebreak"


def test_no_config_and_an_explicit_config(capsys, event, tmp_path):
    (event.parent / "tbxl.toml").write_text('tiebreaks = "SB"\n', encoding="utf-8")
    assert compute(capsys, event, "--no-config")["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    other = tmp_path / "elsewhere.toml"
    other.write_text('tiebreaks = "PS"\n', encoding="utf-8")
    assert compute(capsys, event, "--config", other)["tiebreaks"] == ["PS"]
    code, _, err = run(capsys, "compute", event, "--config", tmp_path / "missing.toml")
    assert code == 2 and "missing.toml: no such file" in err


def test_verbose_names_the_file(capsys, event):
    _, _, err = run(capsys, "compute", event, "-v")
    assert "configuration: none" in err
    (event.parent / "tbxl.toml").write_text('lang = "vi"\n', encoding="utf-8")
    _, _, err = run(capsys, "compute", event, "-v")
    assert f"configuration: {event.parent / 'tbxl.toml'}" in err


def test_language_and_paper_from_the_file(tmp_path, event, monkeypatch):
    from tbxl.cli import commands
    seen = {}
    # The report room's writer, replaced: only the options it is given matter here.
    monkeypatch.setattr(commands, "room", lambda module, name: lambda st, out, **kw: seen.update(kw))
    (event.parent / "tbxl.toml").write_text('lang = "ms"\npaper = "letter"\n', encoding="utf-8")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf")]) == 0
    assert (seen["lang"], seen["paper"]) == ("ms", "letter")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf"), "--lang", "ru"]) == 0
    assert (seen["lang"], seen["paper"]) == ("ru", "letter")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf"), "--no-config"]) == 0
    assert (seen["lang"], seen["paper"]) == ("en", "a4")


@pytest.mark.parametrize("text, where", [
    ('rules = "fide-2026"\ntiebraks = "BH"\n', ":2: tiebraks: unknown key; keys: rules, tiebreaks"),
    ('rules = "fide-2099"\n', ":1: rules: unknown rules 'fide-2099'"),
    ('rules = ""\n', ":1: rules: unknown rules ''"),
    ('\n\ntiebreaks = "BH,XYZ"\n', ":3: tiebreaks:"),
    ('lang = "de"\n', ":1: lang: unknown report language 'de'"),
    ('paper = "a3"\n', ":1: paper: a4 or letter"),
    ('prize_sharing = "split"\n', ":1: prize_sharing: one of hort, equal, tiebreak"),
    ('prizes = "1:500;2:300"\n', ":1: prizes: prizes '1:500;2:300'"),
    ('prizes = { 1 = 500.5 }\n', ":1: prizes: a string"),
    ('settings = ["vur_cut=sometimes"]\n', ":1: settings: vur_cut must be one of"),
    ('lang = 3\n', ":1: lang: a string, not int 3"),
    ('[categories]\nU12 = "age<12"\nOld = "age>>60"\n', ":3: Old: category Old=age>>60"),
    ('[categories]\nW = { where = "sex=w", money = "1:5" }\n', ":2: W: a category table takes"),
    ('[categories]\n"a=b" = "sex=w"\n', ":2: a=b: a category's name has no '='"),
    ('lang = vi\n', ": not valid TOML: Invalid value (at line 1, column 8)"),
])
def test_bad_files_are_usage_errors_naming_file_line_and_key(capsys, event, text, where):
    path = event.parent / "tbxl.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "compute", event)
    assert code == 2
    assert f"{path}{where}" in err, err


def test_compare_keeps_its_own_rules_list(capsys, event):
    (event.parent / "tbxl.toml").write_text('rules = "fide-2024"\ntiebreaks = "BH"\n', encoding="utf-8")
    code, out, err = run(capsys, "compare", event, "--rules", "fide-2024,fide-2026", "--format", "json")
    assert code == 0, err
    with pytest.raises(SystemExit) as exit:    # the file's one rule set is not a list to compare
        run(capsys, "compare", event)
    assert exit.value.code == 2 and "compare needs two or more rule sets" in capsys.readouterr().err
