"""The event's configuration file tbxl.toml: command line > file > defaults."""

import json
import shutil
from pathlib import Path

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


def compute(run_cli, *args):
    code, out, err = run_cli("compute", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_defaults_without_a_file(run_cli, event):
    doc = compute(run_cli, event)
    # Start date 2024-08-01: the 2023/2024 rules; no 212 record: the Swiss default list.
    assert doc["rules"] == "fide-2024" and doc["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    assert doc["categories"] == {} and doc["prizes"] is None


def test_the_file_beside_the_input_beats_the_defaults(run_cli, event):
    (event.parent / "tbxl.toml").write_text(
        'rules = "fide-2026"\ntiebreaks = ["SB", "BH"]\nsettings = ["vur_cut=always"]\n'
        'prizes = { 1 = 100, 2 = 50 }\nprize_sharing = "equal"\n\n'
        '[categories]\nNOR = "fed=NOR"\nStrong = { where = "rating>=2000", prizes = "1:10" }\n',
        encoding="utf-8",
    )
    doc = compute(run_cli, event)
    assert doc["rules"] == "fide-2026+vur_cut=always"
    assert doc["tiebreaks"] == ["SB", "BH"]
    assert set(doc["categories"]) == {"NOR", "Strong"}
    assert doc["prizes"]["sharing"] == "equal" and len(doc["prizes"]["overall"]) >= 2
    assert [a["listed"] for a in doc["prizes"]["categories"]["Strong"]][:1] == ["10.00"]


def test_the_command_line_beats_the_file(run_cli, event):
    (event.parent / "tbxl.toml").write_text(
        'rules = "fide-2026"\ntiebreaks = "SB"\nsettings = ["vur_cut=always"]\nprizes = "1:100"\n'
        '[categories]\nNOR = "fed=NOR"\nStrong = "rating>=2000"\n',
        encoding="utf-8",
    )
    doc = compute(
        run_cli,
        event,
        "--rules",
        "fide-2022",
        "--tiebreaks",
        "BH",
        "--set",
        "vur_cut=none",
        "--category",
        "Strong=rating>=2100",
        "--prizes",
        "1:7",
        "--prize-sharing",
        "tiebreak",
    )
    assert doc["rules"] == "fide-2022+vur_cut=none"  # the later setting wins
    assert doc["tiebreaks"] == ["BH"]
    strong_2100 = compute(run_cli, event, "--no-config", "--category", "S=rating>=2100")["categories"]["S"]
    assert doc["categories"]["Strong"] == strong_2100  # the command line's Strong
    assert "NOR" in doc["categories"]  # the file's other category stays
    assert doc["prizes"]["overall"][0]["listed"] == "7.00" and doc["prizes"]["sharing"] == "tiebreak"


def test_no_config_and_an_explicit_config(run_cli, event, tmp_path):
    (event.parent / "tbxl.toml").write_text('tiebreaks = "SB"\n', encoding="utf-8")
    assert compute(run_cli, event, "--no-config")["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    other = tmp_path / "elsewhere.toml"
    other.write_text('tiebreaks = "PS"\n', encoding="utf-8")
    assert compute(run_cli, event, "--config", other)["tiebreaks"] == ["PS"]
    code, _, err = run_cli("compute", event, "--config", tmp_path / "missing.toml")
    assert code == 2 and "missing.toml: no such file" in err


def test_verbose_names_the_file(run_cli, event):
    _, _, err = run_cli("compute", event, "-v")
    assert "configuration: none" in err
    (event.parent / "tbxl.toml").write_text('lang = "vi"\n', encoding="utf-8")
    _, _, err = run_cli("compute", event, "-v")
    assert f"configuration: {event.parent / 'tbxl.toml'}" in err


def test_language_and_paper_from_the_file(tmp_path, event, monkeypatch):
    import sys

    import tbxl.report  # noqa: F401  (the module the command imports from: sys.modules' own)

    seen = {}
    # The report's writer, replaced: only the options it is given matter here.
    monkeypatch.setattr(
        sys.modules["tbxl.report"],
        "render_pdf",
        lambda st, out, **kw: seen.update(lang=kw["options"].lang, paper=kw["options"].paper),
    )
    (event.parent / "tbxl.toml").write_text('lang = "ms"\npaper = "letter"\n', encoding="utf-8")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf")]) == 0
    assert (seen["lang"], seen["paper"]) == ("ms", "letter")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf"), "--lang", "ru"]) == 0
    assert (seen["lang"], seen["paper"]) == ("ru", "letter")
    assert main(["report", str(event), "-o", str(tmp_path / "r.pdf"), "--no-config"]) == 0
    assert (seen["lang"], seen["paper"]) == ("en", "a4")


@pytest.mark.parametrize(
    "text, where",
    [
        ('rules = "fide-2026"\ntiebraks = "BH"\n', ":2: tiebraks: unknown key; keys: rules, tiebreaks"),
        ('rules = "fide-2099"\n', ":1: rules: unknown rules 'fide-2099'"),
        ('rules = ""\n', ":1: rules: unknown rules ''"),
        ('\n\ntiebreaks = "BH,XYZ"\n', ":3: tiebreaks:"),
        ('lang = "zz"\n', ":1: lang: unknown report language 'zz'"),
        ('paper = "a3"\n', ":1: paper: a4 or letter"),
        ('prize_sharing = "split"\n', ":1: prize_sharing: one of hort, equal, tiebreak"),
        ('prizes = "1:500;2:300"\n', ":1: prizes: prizes '1:500;2:300'"),
        ("prizes = { 1 = 500.5 }\n", ":1: prizes: a string"),
        ('settings = ["vur_cut=sometimes"]\n', ":1: settings: vur_cut must be one of"),
        ("lang = 3\n", ":1: lang: a string, not int 3"),
        ('[categories]\nU12 = "age<12"\nOld = "age>>60"\n', ":3: Old: category Old=age>>60"),
        ('[categories]\nW = { where = "sex=w", money = "1:5" }\n', ":2: W: a category table takes"),
        ('[categories]\n"a=b" = "sex=w"\n', ":2: a=b: a category's name has no '='"),
        ("lang = vi\n", ": not valid TOML: Invalid value (at line 1, column 8)"),
    ],
)
def test_bad_files_are_usage_errors_naming_file_line_and_key(run_cli, event, text, where):
    path = event.parent / "tbxl.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code == 2
    assert f"{path}{where}" in err, err


def test_compare_keeps_its_own_rules_list(run_cli, event):
    (event.parent / "tbxl.toml").write_text('rules = "fide-2024"\ntiebreaks = "BH"\n', encoding="utf-8")
    code, out, err = run_cli("compare", event, "--rules", "fide-2024,fide-2026", "--format", "json")
    assert code == 0, err
    code, _, err = run_cli("compare", event)  # the file's one rule set is not a list to compare: a usage error
    assert code == 2 and "compare needs two or more rule sets" in err


def test_the_posted_pages_options_from_the_file(run_cli, event, tmp_path):
    """rating_change, k, pages and url as --rating-change, --k, --pages and --url would give them."""
    (event.parent / "tbxl.toml").write_text(
        'rating_change = true\nk = 20\npages = ["start", "ties"]\nurl = "https://example.org/open"\n', encoding="utf-8"
    )
    by_file = compute(run_cli, event)
    (event.parent / "tbxl.toml").unlink()
    by_options = compute(run_cli, event, "--rating-change", "--k", "20")
    assert by_file["standings"] == by_options["standings"]
    bruno = next(s for s in by_file["standings"] if s["start_number"] == 2)
    assert (bruno["rating_change"]["k"], bruno["rating_change"]["change"]) == (20, 7)  # as the table prints: K 20, +7
    # The report takes the file's pages and address: the start list and the link are printed.
    pytest.importorskip("weasyprint")
    from pypdf import PdfReader

    (event.parent / "tbxl.toml").write_text(
        'pages = ["start", "ties"]\nurl = "https://example.org/open"\n', encoding="utf-8"
    )
    code, _, err = run_cli("report", event, "-o", tmp_path / "r.pdf")
    assert code == 0, err
    text = "\n".join(p.extract_text() for p in PdfReader(tmp_path / "r.pdf").pages)
    assert "https://example.org/open" in text and "Starting rank list" in text


@pytest.mark.parametrize(
    "line, message",
    [
        ('k = "20"', "tbxl.toml:1: k: a number, k = 20, not the string '20'"),
        ("k = 0", "tbxl.toml:1: k: K must be a whole number from 1 to 700"),
        ('rating_change = "yes"', "tbxl.toml:1: rating_change: true or false, not 'yes'"),
        ('pages = "start,x"', "tbxl.toml:1: pages: 'start,x': no such page 'x'"),
        ('url = "javascript:alert(1)"', "tbxl.toml:1: url: 'javascript:alert(1)': give an http:// or https://"),
    ],
)
def test_the_posted_pages_options_refused_with_their_line(run_cli, event, line, message):
    (event.parent / "tbxl.toml").write_text(line + "\n", encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code == 2 and message in err, err


def test_the_apis_options_merge_the_file_as_the_command_line_does(run_cli, event):
    """config.options (what the web app ranks with): the caller's options, then the file's, then the
    defaults, as ``tbxl compute`` merges them: the same JSON document, byte for byte."""
    import tbxl
    from tbxl import config

    (event.parent / "tbxl.toml").write_text(
        'rules = "fide-2026"\ntiebreaks = "SB"\nsettings = ["vur_cut=always"]\nprizes = "1:100"\n'
        '[categories]\nNOR = "fed=NOR"\nStrong = { where = "rating>=2000", prizes = "1:10" }\n',
        encoding="utf-8",
    )
    given = {"tiebreaks": "BH/C1,BH", "categories": ["Strong=rating>=2100"], "prizes": ["1:7"]}
    o = config.options(given, config.load(config.find(str(event))))
    assert (o.rules, o.tiebreaks, o.settings, o.prizes) == (
        "fide-2026",
        "BH/C1,BH",
        ("vur_cut=always",),
        ("1:7", "Strong=1:10"),
    )
    assert o.categories == ("NOR=fed=NOR", "Strong=rating>=2100")  # the caller's Strong, the file's NOR
    st = o.rank(tbxl.read(event))
    code, out, err = run_cli(
        "compute",
        event,
        "--format",
        "json",
        "--tiebreaks",
        "BH/C1,BH",
        "--category",
        "Strong=rating>=2100",
        "--prizes",
        "1:7",
    )
    assert code == 0, err
    assert tbxl.json_document(st, o.classification(st), o.rating_changes(st)) == out
    # TEC exercise: Bruno (SNo 2) met 10, 7, 1, 16, 3 (1 + 1.5 + 3.5 + 3.5 + 3.5 = BH 13); BH/C1 cuts 10's 1
    bruno = next(r for r in json.loads(out)["standings"] if r["start_number"] == 2)
    assert (bruno["values"]["BH"], bruno["values"]["BH/C1"]) == (13, 12)
    # no file: the defaults (the 2023/2024 rules by the start date, the Swiss default list)
    assert config.options({}, config.Config()) == tbxl.projection.Options()


# -- a value that does not fit the event is named by the file's line and key (issue 38 item 4) -----

EXAMPLES = Path(__file__).resolve().parents[1] / "tbxl" / "examples"


@pytest.mark.parametrize(
    "event_file, toml, message",
    [
        # the docs' old example: a play-off between players a tie-break separates, in an array
        (
            "event.trf",
            'rules = "fide-2026"\nplayoffs = [\n  "16>1",\n  "12>7>3",\n]\n',
            'tbxl.toml:4: playoffs = "12>7>3": 12 and 7 are not equal on every tie-break: 12 has 2 points',
        ),
        ("event.trf", 'playoffs = "16>99"\n', 'tbxl.toml:1: playoffs = "16>99": no participant with number 99'),
        ("event.trf", 'playoffs = ["16"]\n', 'tbxl.toml:1: playoffs = "16": a play-off orders two or more players'),
        ("event.trf", 'lots = "a\\u200bb"\n', "tbxl.toml:1: lots: 'a\\u200bb': the seed holds an invisible character"),
        ("team.trf", '\ntiebreaks = "ARO"\n', "tbxl.toml:2: tiebreaks: 'ARO': rating tie-breaks need team ratings"),
        ("event.trf", 'settings = ["ede_bc=higher-first"]\n', "tbxl.toml:1: settings: unknown setting 'ede_bc"),
        ("team.trf", 'lang = "vi"\n[categories]\nU12 = "age<12"\n', "tbxl.toml:2: categories: categories and prizes"),
        ("team.trf", 'prizes = "1:100"\n', "tbxl.toml:1: prizes: categories and prizes are for individual events"),
        ("team.trf", "rating_change = true\n", "tbxl.toml:1: rating_change: rating changes are for individual events"),
        ("team.trf", "k = 20\n", "tbxl.toml:1: k: rating changes are for individual events"),
    ],
)
def test_a_value_that_does_not_fit_the_event_is_named_by_the_files_line_and_key(
    run_cli, tmp_path, event_file, toml, message
):
    event = tmp_path / event_file
    event.write_bytes((EXAMPLES / event_file).read_bytes())
    (tmp_path / "tbxl.toml").write_text(toml, encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code == 2, err
    assert err.startswith(f"tbxl: error: {tmp_path / message.partition(':')[0]}:") and message in err, err
    assert err.count("\n") == 1 and "--" not in err.partition(": error: ")[2], err  # no option the user never typed


def test_the_command_lines_value_is_named_as_the_command_line_s(run_cli, tmp_path):
    event = tmp_path / "event.trf"
    event.write_bytes((EXAMPLES / "event.trf").read_bytes())
    (tmp_path / "tbxl.toml").write_text('playoffs = ["16>1"]\n', encoding="utf-8")
    code, _, err = run_cli("compute", event, "--playoff", "12>7")
    assert code == 2 and err.startswith("tbxl: error: --playoff 12>7: 12 and 7 are not equal"), err


@pytest.mark.parametrize(
    "event_file, toml",
    [
        ("team.trf", 'tiebreaks = "MP,EDE,BH:MP"\nsettings = ["ede_bc=higher-first"]\n'),
        ("event.trf", 'tiebreaks = "BH/C1,BH,ARO"\nsettings = ["unrated_rating=1400"]\n'),
    ],
)
def test_a_team_events_list_and_settings_are_taken_from_the_file(run_cli, tmp_path, event_file, toml):
    """The file is read before the event: a team event's codes and settings are not refused as an
    individual event's (they were: "unknown tie-break 'MP'")."""
    event = tmp_path / event_file
    event.write_bytes((EXAMPLES / event_file).read_bytes())
    (tmp_path / "tbxl.toml").write_text(toml, encoding="utf-8")
    code, out, err = run_cli("compute", event)
    assert code == 0, err
    assert toml.split('"')[1].split(",")[-1] in out.splitlines()[1]
