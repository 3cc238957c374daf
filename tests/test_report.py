"""Tests of the PDF reports (tbxl.report, templates/): content, languages, safety, the CLI."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

PdfReader = pytest.importorskip("pypdf").PdfReader  # reads the PDFs back
pytest.importorskip("jinja2")  # the report's templates
pytest.importorskip("weasyprint")  # the report's PDFs

from tbxl import __version__, cli, report
from tbxl import rules as conventions
from tbxl.errors import InputError
from tbxl.io.load import load
from tbxl.io.trf import parse_trf
from tbxl.report import templating
from tbxl.report.views.appeal import AppealReport
from tbxl.report.views.compare import CompareReport, build_compare_view
from tbxl.report.views.frame import ReportView
from tbxl.report.views.standings import StandingsReport
from tbxl.report.views.ties import SharedPlace
from tbxl.standings import compute_standings

DATA = Path(__file__).parent / "data"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
SEED_SWISS = DATA / "seeds" / "seed002-buchholz-swiss.trf"
TEC_TIEBREAKS = "BH/C1,BH,SB"
LANGS = {
    "en": "Final standings",
    "vi": "Bảng xếp hạng chung cuộc",
    "es": "Clasificación final",
    "ru": "Итоговая таблица",
    "ms": "Kedudukan akhir",
}


def pdf_text(path) -> str:
    """All the text of a PDF, NFC-normalised, lines stripped and runs of blanks made one space."""
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    text = re.sub(r"[ \t\u00a0]+", " ", unicodedata.normalize("NFC", text))
    return "\n".join(line.strip() for line in text.splitlines())


def player_block(text: str, sn: int) -> str:
    """The derivation block of one player: from its heading to the next player's heading."""
    m = re.search(rf"No\. {sn} · .*?(?=\n[^\n]* No\. \d+ · |\Z)", text, re.S)
    assert m, f"no derivation block for player {sn}"
    return m.group(0)


def tec(tiebreaks: str = TEC_TIEBREAKS):
    return compute_standings(load(SWISS), tiebreaks, conventions.get("fide-2024"))


def edited_trf(tmp_path, names: dict) -> Path:
    """The TEC Swiss with some names replaced (TRF-16 name field: columns 15-47)."""
    lines = []
    for line in SWISS.read_text(encoding="utf-8").splitlines():
        if line.startswith("001 ") and line[14:47].strip() in names:
            line = line[:14] + names[line[14:47].strip()].ljust(33)[:33] + line[47:]
        lines.append(line)
    path = tmp_path / "edited.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tec_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "tec.pdf"
    report.render_pdf(tec(), out, derivations="all", input_path=SWISS)
    return out


@pytest.fixture(scope="module")
def tec_text(tec_report):
    return pdf_text(tec_report)


# -- the TEC exercise -----------------------------------------------------------------------------


@pytest.mark.slow
def test_standings_names_and_values(tec_text):
    lines = tec_text.splitlines()
    first = lines.index(next(l for l in lines if l.startswith("Rank No. Title Name")))
    assert lines[first + 1] == "1 2 Bruno NOR 2150 4 12 13 9.5"
    assert "3 4 David NOR 2050 3.5 11.5 15 9.75" in lines
    assert "12 14 Paul NOR 1550 2 9 11 4.5" in lines


@pytest.mark.slow  # the `tec_report` fixture lays out the TEC report with every derivation
def test_header_rules_and_tiebreak_order(tec_text):
    assert "FIDE C.07 2023 Tie-Break Exercises" in tec_text
    assert "FIDE C.07 (2023/2024) (fide-2024)" in tec_text
    assert "Art. 16 with an uncapped dummy" in tec_text  # the convention's source
    assert "TEC tie-break exercise" not in tec_text  # ... which is not about one event
    assert (
        "BH/C1 – Buchholz: sum of the opponents' scores (Art. 8.1); Cut-1: the least significant "
        "value dropped (Art. 14.1)"
    ) in tec_text  # singular for one value
    assert "SB – Sonneborn-Berger" in tec_text
    assert "1 August 2024" in tec_text  # the start date, as English writes it


@pytest.mark.slow
def test_footer_on_every_page(tec_report):
    digest = hashlib.sha256(SWISS.read_bytes()).hexdigest()
    pages = [unicodedata.normalize("NFC", p.extract_text()) for p in PdfReader(str(tec_report)).pages]
    assert len(pages) > 2
    for k, page in enumerate(pages, 1):
        assert f"page {k} of {len(pages)}" in page
        assert f"SHA-256 {digest[:16]}" in page
        assert "rules fide-2024" in page and "held_swiss_5.trf" in page and f"tbxl {__version__}" in page
    assert digest in pages[0]  # the full hash, in the header


@pytest.mark.slow  # the `tec_report` fixture lays out the TEC report with every derivation
def test_how_ties_were_broken(tec_text):
    # One line per group. 3.5 points, places 2-5: Charline 13 > David 11.5 > Alyx = Stephan 11
    # on BH/C1 (two places), then Alyx and Stephan equal on BH (12.5) and apart on SB (8 > 7.25).
    assert "3.5 2-5 4 BH/C1 2 · SB 1" in tec_text
    # 2 points, places 10-12: Reine 11 > Nick 9.5 > Paul 9 on BH/C1; 2.5 points, 7-9:
    # Maria and Irina equal on BH/C1 (12) and BH (13.5), apart on SB (5.75 > 5.25), Helene 7.5.
    assert "2 10-12 3 BH/C1 2" in tec_text
    assert "2.5 7-9 3 BH/C1 1 · SB 1" in tec_text
    assert "Charline (3): 13 ›" not in tec_text  # no chain of names


@pytest.mark.slow  # the `tec_report` fixture lays out the TEC report with every derivation
def test_david_bh_c1_with_its_cut(tec_text):
    block = player_block(tec_text, 4)
    assert "BH/C1 = 11.5" in block
    # round 2: half-point bye, dummy with own score 3.5, the term that is cut (16.5)
    assert re.search(r"\n2 H 3\.5 3\.5 half-point bye", block)
    assert "cut: lowest VUR contribution (16.5)" in block
    assert re.search(r"Total 11\.5\n", block)
    assert "BH = 15" in block and "SB = 9.75" in block


@pytest.mark.slow  # the `tec_report` fixture lays out the TEC report with every derivation
def test_paul_derivations(tec_text):
    block = player_block(tec_text, 14)
    assert "BH/C1 = 9" in block and "SB = 4.5" in block
    assert re.search(r"\n3 12 Nick ● - 2 2 2 forfeit loss", block)  # a forfeit keeps its scheduled colour
    assert "cut: lowest VUR contribution (16.5)" in block


def test_shared_places_with_de():
    st = tec("DE")
    view = report.build_view(st, derivations="tied")
    assert [r.rank for r in view.rows if r.sn in (1, 3, 4, 16)] == ["2-5"] * 4
    assert view.tie_lines[0].shared == (SharedPlace("2-5", "Alyx (1), Charline (3), David (4), Stephan (16)"),)
    html = report.render_html(report.build_view(st, appeal=4), "appeal.html.j2")  # the details
    assert "Shared place 2-5: Alyx (1), Charline (3), David (4), Stephan (16)" in html


@pytest.mark.slow
def test_shared_places_in_pdf(tmp_path):
    out = tmp_path / "de.pdf"
    report.render_pdf(tec("DE"), out, derivations="tied", input_path=SWISS)
    text = pdf_text(out)
    for line in ("2-5 1 Alyx", "2-5 3 Charline", "2-5 4 David", "2-5 16 Stephan"):
        assert line in text
    assert "3.5 2-5 4 2-5: Alyx (1), Charline (3), David (4), Stephan (16)" in text
    assert "missing games (6.3)" in text  # the DE mini-table of a derivation


def test_appeal_for_paul(tmp_path):
    out = tmp_path / "appeal.pdf"
    st = tec()
    report.render_appeal_pdf(st, 14, out, input_path=SWISS, codes=["PTS"] + st.codes + ["SB/C1"])
    text = pdf_text(out)
    assert "Tie-break appeal report" in text
    assert "12 14 Paul NOR 1550 2 9 11 4.5" in text
    assert "2 points, places 10-12" in text
    assert "Reine (15): 11 › Nick (12): 9.5 › Paul (14): 9" in text
    assert "PTS = 2" in text
    sb_c1 = text[text.index("SB/C1 = 3") :]
    assert re.search(r"\n5 13 Opal ● 1 1\.5 1\.5 1\.5 opponent's score", sb_c1)  # the cut term; Paul had Black
    assert "cut: least significant value (14.1)" in sb_c1
    assert re.search(r"Total 3\n", sb_c1)


def test_appeal_default_codes_and_untied_player():
    view = report.build_view(tec(), appeal=2)
    assert [d.code for d in view.players[0].derivations] == ["PTS", "BH/C1", "BH", "SB"]
    assert view.ties == () and len(view.group_rows) == 1
    assert "No other player finished on the same points." in report.render_html(view, "appeal.html.j2")
    with pytest.raises(InputError):
        report.build_view(tec(), appeal=99)


# -- other inputs -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_seed_example(tmp_path):
    st = compute_standings(load(SEED_SWISS), None, None)
    out = tmp_path / "seed.pdf"
    report.render_pdf(st, out, derivations="all", input_path=SEED_SWISS)
    text = pdf_text(out)
    assert "Seed 002 (ru): Buchholz example" in text
    for name in "ABCDEF":
        assert re.search(rf"No\. {'ABCDEF'.index(name) + 1} · ", text)
    assert "page 1 of" in text


@pytest.mark.slow
def test_vietnamese_and_cyrillic_names(tmp_path):
    path = edited_trf(tmp_path, {"Bruno": "Nguyễn Thị Hà", "Alyx": "Иванов Пётр"})
    st = compute_standings(
        parse_trf(path.read_text(encoding="utf-8"), source=path.name), TEC_TIEBREAKS, conventions.get("fide-2024")
    )
    out = tmp_path / "names.pdf"
    report.render_pdf(st, out, derivations="all", input_path=path)
    text = pdf_text(out)
    assert "1 2 Nguyễn Thị Hà NOR 2150 4" in text
    assert "Иванов Пётр" in text
    assert "1 Иванов Пётр" in player_block(text, 4)  # David's last opponent


@pytest.mark.slow
def test_hostile_name_is_literal_text(tmp_path):
    hostile = '<b>X</b> & "Y" {color:red}'
    path = edited_trf(tmp_path, {"Bruno": hostile})
    st = compute_standings(
        parse_trf(path.read_text(encoding="utf-8"), source=path.name), TEC_TIEBREAKS, conventions.get("fide-2024")
    )
    html_out = tmp_path / "hostile.html"
    report.render_pdf(st, html_out, derivations="all", input_path=path, html=True)
    html = html_out.read_text(encoding="utf-8")
    assert "<b>X</b>" not in html and "&lt;b&gt;X&lt;/b&gt; &amp; &#34;Y&#34; {color:red}" in html

    class Bold(HTMLParser):
        texts, depth = [], 0

        def handle_starttag(self, tag, attrs):
            self.depth += tag == "b"

        def handle_endtag(self, tag):
            self.depth -= tag == "b"

        def handle_data(self, data):
            if self.depth:
                self.texts.append(data)

    parser = Bold()
    parser.feed(html)
    assert "X" not in parser.texts  # no <b> element from the name
    pdf = tmp_path / "hostile.pdf"
    report.render_pdf(st, pdf, derivations="all", input_path=path)
    assert hostile in pdf_text(pdf)


# -- languages --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(LANGS))
def test_each_language(tmp_path, lang):
    out = tmp_path / f"{lang}.pdf"
    report.render_pdf(tec(), out, lang=lang, derivations="tied", input_path=SWISS)
    text = pdf_text(out)
    assert LANGS[lang] in text
    bruno = "1 2 Bruno NOR 2150 4 12 13 " + ("9,5" if lang in ("vi", "es", "ru") else "9.5")
    assert bruno in text


def test_labels_complete_in_every_language():
    en = report.labels("en")
    assert {"en", "es", "ms", "ru", "vi"} <= set(report.languages())  # and any folder added (test_labels.py)
    for lang in report.languages():
        labels = report.labels(lang)
        assert labels.keys() == en.keys(), lang
        assert labels["tiebreak_meanings"].keys() == en["tiebreak_meanings"].keys(), lang
        if lang != "en":
            assert labels["standings"] != en["standings"] and labels["ties"] != en["ties"]


def test_decimal_comma_for_spanish(tmp_path):
    view = report.build_view(tec(), lang="es", derivations="all", players=[4])
    assert "9,75" in [r.values[2] for r in view.rows]
    deriv = view.players[0].derivations[0]
    assert deriv.code == "BH/C1" and deriv.value == "11,5" and "Total" in deriv.total_text
    assert report.build_view(tec(), lang="ms").rows[0].values[2] == "9.5"


def test_unknown_language():
    with pytest.raises(InputError, match=f"available: {', '.join(report.languages())}"):
        report.build_view(tec(), lang="zz")  # no language's code (de may come)
    with pytest.raises(InputError):
        report.build_view(tec(), lang="../en")


# -- selection of derivation blocks -------------------------------------------------------------------


def test_derivation_selection():
    st = tec()
    blocks = lambda **kw: [b.sn for b in report.build_view(st, **kw).players]
    assert len(blocks(derivations="all")) == 16
    tied = blocks(derivations="tied")
    assert 2 not in tied and 6 not in tied and 10 not in tied  # alone on 4, 3 and 1 points
    assert len(tied) == 13
    assert blocks(derivations="none") == []
    assert blocks(derivations="all", players=[14, 4]) == [4, 14]  # standings order
    assert blocks(derivations="tied", players=[2, 14]) == [14]
    with pytest.raises(InputError):
        report.build_view(st, derivations="some")


# -- safety -----------------------------------------------------------------------------------------


def test_url_fetcher_serves_only_templates():
    css = report.templates_dir() / "report.css"
    assert report.url_fetcher(css.as_uri())["string"] == css.read_bytes()
    assert report.url_fetcher("data:text/plain,hi")["string"] == b"hi"
    for url in (
        "http://example.com/x.png",
        "https://example.com/x.css",
        "file:///etc/passwd",
        (report.templates_dir() / ".." / "pyproject.toml").as_uri(),
        "ftp://example.com/x",
    ):
        with pytest.raises(ValueError):
            report.url_fetcher(url)


def test_never_writes_over_the_input(tmp_path):
    copy = tmp_path / "input.trf"
    shutil.copy(SWISS, copy)
    before = copy.read_bytes()
    with pytest.raises(InputError):
        report.render_pdf(tec(), copy, input_path=copy)
    with pytest.raises(InputError):
        report.render_appeal_pdf(tec(), 14, copy, input_path=copy)
    assert copy.read_bytes() == before


def test_templates_autoescape():
    env = templating.environment()
    assert env.autoescape is True
    for name in ("report.html.j2", "appeal.html.j2", "_macros.html.j2"):
        assert "|safe" not in (report.templates_dir() / name).read_text(encoding="utf-8")


# -- output forms -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_letter_paper_and_html(tmp_path):
    out = tmp_path / "letter.pdf"
    report.render_pdf(tec(), out, paper="letter", derivations="none", input_path=SWISS)
    box = PdfReader(str(out)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    html = tmp_path / "r.html"
    report.render_pdf(tec(), html, derivations="none", input_path=SWISS, html=True)
    text = html.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "@page { size: A4; }" in text
    assert "thead { display: table-header-group; }" in text  # the stylesheet, inlined


@pytest.mark.slow
def test_progress_bar(tmp_path, capsys):
    from tbxl.cli.output import progress_bar

    report.render_pdf(tec(), tmp_path / "p.pdf", derivations="all", input_path=SWISS, progress=progress_bar)
    err = capsys.readouterr().err
    assert "derivations" in err and "16/16" in err and "rendering" in err


@pytest.mark.slow  # the `tec_report` fixture lays out the TEC report with every derivation
def test_rasterize_first_page(tec_report, tmp_path):
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(tec_report), str(tmp_path / "page")], check=True
    )
    pngs = list(tmp_path.glob("page*.png"))
    assert len(pngs) == 1 and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_cli_report_and_explain(tmp_path):
    out = tmp_path / "cli.pdf"
    assert (
        cli.main(
            [
                "report",
                str(SWISS),
                "--rules",
                "fide-2024",
                "--tiebreaks",
                TEC_TIEBREAKS,
                "--players",
                "4,14",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    text = pdf_text(out)
    assert "BH/C1 = 11.5" in player_block(text, 4) and "No. 12 ·" not in text
    appeal = tmp_path / "appeal.pdf"
    assert (
        cli.main(["explain", str(SWISS), "--rules", "fide-2024", "--player", "14", "--lang", "es", "-o", str(appeal)])
        == 0
    )
    assert "Informe de reclamación" in pdf_text(appeal)
    assert cli.main(["report", str(SWISS), "--lang", "xx", "-o", str(tmp_path / "x.pdf")]) == 2  # usage


def test_every_language_translates_every_reason():
    import re

    from tbxl.derivation import REASONS
    from tbxl.report import labels, languages

    fields = lambda text: sorted(re.findall(r"{(\w+)}", text))
    for lang in languages():
        table = labels(lang)["reasons"]
        assert set(table) == set(REASONS), lang
        for key, text in table.items():
            assert fields(text) == fields(REASONS[key]), (lang, key)


def test_rules_edition_is_translated():
    from tbxl import rules as conventions
    from tbxl.io.trf import read_trf
    from tbxl.report import build_view, labels
    from tbxl.rules import PRESETS

    for lang in ("vi", "es", "ru", "ms"):
        assert set(labels(lang)["conventions"]) == set(PRESETS), lang
    t = read_trf(SWISS)
    view = build_view(compute_standings(t, "BH", conventions.get("fide-2024")), lang="es", derivations="none")
    assert view.rules.title == "FIDE C.07 (2023/2024)" and "rival ficticio sin límite" in view.rules.source
    # English: the words of conventions.py itself (one home); no internal seed numbers anywhere.
    assert labels("en")["conventions"] == {}
    for lang in ("en", "vi", "es", "ru", "ms"):
        view = build_view(compute_standings(t, "BH", conventions.get("sm-real-points")), lang=lang, derivations="none")
        assert "000" not in view.rules.source and "Cách tính hệ số Buchholz" in view.rules.source
        view = build_view(compute_standings(t, "BH", conventions.get("standard")), lang=lang, derivations="none")
        assert "001" not in view.rules.title and "Sistemas de desempate" in view.rules.source
    view = build_view(
        compute_standings(t, "BH", conventions.get("fide-2024").with_settings(["vur_cut=always"])),
        lang="ru",
        derivations="none",
    )
    assert view.rules.name == "fide-2024+vur_cut=always" and "Справочник" in view.rules.source


@pytest.mark.parametrize("lang, words", [("en", "no value for anybody"), ("ru", "нет значения ни у кого")])
def test_unrated_players_blanking_rating_tiebreaks_are_named_in_the_report(tmp_path, lang, words):
    """C07 §9 D18: one unrated participant leaves ARO for everybody without a value; the report says
    so once, naming the player and the setting that rates unrated players instead."""
    text = Path(__file__).parent.joinpath("data", "tec-2023", "held_swiss_5.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001    7 "))
    lines[k] = lines[k][:48] + "    " + lines[k][52:]  # Genevieve #7 without a rating
    st = compute_standings(parse_trf("\n".join(lines) + "\n"), "ARO,BH", conventions.get("fide-2024"))
    html = report.render_html(report.build_view(st, lang=lang))
    assert html.count(words) == 1 and "7 Genevieve" in html and "ARO/U1400" in html
    st = compute_standings(parse_trf(text), "ARO,BH", conventions.get("fide-2024"))
    assert words not in report.render_html(report.build_view(st, lang=lang))


def test_every_view_is_typed_frozen_and_left_as_built_by_the_templates():
    import copy
    import dataclasses

    from tbxl.audit.compare import compare

    st = tec()
    views = {
        "report.html.j2": report.build_view(st, derivations="tied", by_round=True),
        "appeal.html.j2": report.build_view(st, appeal=[4, 14]),
        "compare.html.j2": build_compare_view(
            compare(st.tournament, [conventions.get("fide-2024"), conventions.get("fide-2026")], "BH,SB")
        ),
    }
    kinds = {"report.html.j2": StandingsReport, "appeal.html.j2": AppealReport, "compare.html.j2": CompareReport}
    for template, view in views.items():
        assert type(view) is kinds[template] and isinstance(view, ReportView)
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.foot = None
        built = copy.deepcopy(view)
        report.render_html(view, template)
        assert view == built
    # the comparison's footer names both rule sets; the standings report's only its own
    assert views["compare.html.j2"].foot.rules == "fide-2024 | fide-2026"
    assert views["report.html.j2"].foot.rules == st.convention.name
    assert [s.name for s in views["report.html.j2"].sections] == [
        "header",
        "standings",
        "crosstable",
        "ties",
        "by_round",
        "players",
    ]
    assert views["appeal.html.j2"].sections == ()


@pytest.mark.slow
def test_the_heading_prints_the_federation_deputy_arbiters_and_time_control(tmp_path):
    # Issue 19: TRF records 032, 112 and 122 were read or dropped but never printed; -v called
    # 112 and 122 ignored. They are the event's, in the reader's language.
    from tbxl.io.trf import read_trf_with_notes
    from tbxl.standings import compute_standings

    lines = (Path(__file__).parent / "data" / "tec-2023" / "held_swiss_5.trf").read_text(encoding="utf-8").splitlines()
    lines[1:1] = ["032 NOR", "102 IA Chief", "112 FA Deputy One", "112 NA Deputy Two", "122 90'/40+30'+30\""]
    path = tmp_path / "hdr.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    t, notes = read_trf_with_notes(str(path))
    assert (t.federation, t.deputy_arbiters, t.time_control) == (
        "NOR",
        ("FA Deputy One", "NA Deputy Two"),
        "90'/40+30'+30\"",
    )
    assert not [n for n in notes if "112" in n or "122" in n]
    out = tmp_path / "hdr.pdf"
    report.render_pdf(compute_standings(t, "BH,SB"), out, lang="ru")
    text = pdf_text(out)
    assert "Заместители главного судьи FA Deputy One, NA Deputy Two" in text
    assert "Федерация NOR" in text and "Контроль времени 90'/40+30'+30\"" in text
