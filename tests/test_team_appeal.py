"""The team appeal (issue 35 item 4): ``tbxl explain team.trf --team 6,13 -o x.pdf`` gives the
teams concerned only, in a few pages: their lines, what separates each pair, the EDE of their tied
group once with every step labelled, their matches board by board with colours, and the other
tie-breaks that decided. Checked on the 50-team TRF-2026 sample (Grandmommy's Cup) and on
hand-made events whose colours are known."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import DATA
from tbxl.io.load import load
from tbxl.report import render_appeal_pdf, render_html
from tbxl.report.views import build_view
from tbxl.report.views.team_appeal import TeamAppeal, board_colour, match_boards
from tbxl.rules import get
from tbxl.standings import compute_standings

pytest.importorskip("jinja2")

CUP = DATA / "team" / "grandmommyscup.trf"
LIST = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"  # the file's own 202 list


@pytest.fixture(scope="module")
def cup():
    return compute_standings(load(CUP, kind="team"), LIST, get("fide-2024"))


def test_the_view_holds_the_teams_concerned_only(cup):
    v = build_view(cup, appeal=[6, 13], lang="en")
    assert isinstance(v, TeamAppeal)
    assert [r.no for r in v.rows] == [6, 13]
    assert [r.no for r in v.group_rows] == [19, 6, 13, 8, 3, 11, 18]  # 19 MP, places 3-9
    assert len(v.ties) == 1 and v.ties[0].places == "3-9"
    # one pair, decided by the EDE (tier 2 against 3)
    assert len(v.separations) == 1 and "EDET/P, 2 against 3" in v.separations[0]
    # the EDE once for the group (not once per team), its six steps labelled with what they compare
    (chain,) = v.chains
    assert [s.label for s in chain.steps] == [
        "Step 1: MP",
        "Step 2: MP",
        "Step 3: MP",
        "Step 4: GP",
        "Step 5: board 1",
        "Step 6: board 2",
    ]
    assert len(chain.steps[0].table.meetings) == 21  # 7 teams, every pair met once
    assert chain.order.startswith("19 Israel › 6 Azerbaijan › 13 Spain")
    # EDE decided: no other derivation
    assert v.teams == ()


def test_the_match_board_by_board_with_colours(cup):
    """Round 7, Spain - Azerbaijan 2-2: Azerbaijan had Black on board 1 (its 310 line: "13 b"),
    so Spain is written first; board 2 (Azerbaijan's White) 61 beat 26: 1-0."""
    v = build_view(cup, appeal=[6, 13], lang="en")
    (m,) = v.matches
    assert (m.round, m.white, m.black, m.score, m.mp) == (7, "13 Spain", "6 Azerbaijan", "2–2", "1–1")
    assert [b.result for b in m.boards] == ["½–½", "1–0", "½–½", "0–1"]
    assert m.boards[1].white.startswith("61 ") and m.boards[1].white.endswith("(6)")
    assert m.boards[0].white.endswith("(13)") and m.boards[0].black.startswith("13 ")


def test_every_board_colour_follows_the_file(cup):
    """Every board of every match of the sample: the White player of the printed line is the
    one whose game record in the file says White, and the result is his."""
    t = cup.tournament
    for team in t.teams:
        for rnd in team.rounds:
            if rnd.opponent is None or rnd.opponent < team.number:
                continue
            m = match_boards(cup, rnd.round, team.number, rnd.opponent, lambda v, none="": str(v), {"no_player": "-"})
            for b in rnd.boards:
                if b.player is None or not b.entry.kind.is_game:
                    continue
                line = m.boards[b.board - 1]
                mine = line.white if b.entry.colour == "w" else line.black
                assert mine.startswith(f"{b.player} "), (team.number, rnd.round, b.board)
                white_points = b.entry.points if b.entry.colour == "w" else 1 - b.entry.points
                assert (
                    line.result.split("–")[0] == {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[white_points]
                )


def test_board_colour_without_game_records_alternates_from_board_one(cup):
    t = cup.tournament
    rnd = t.team(6).rounds[0]._replace(boards=())
    assert [board_colour(t, rnd, None, k) for k in (1, 2, 3, 4)] == ["b", "w", "b", "w"]  # 352 WBWB, board 1 Black


@pytest.mark.parametrize(("teams", "code"), [((16, 22), "EMGSB/C1/P"), ((6, 16), "MP")])
def test_other_deciding_tiebreaks_are_derived_for_each_team(cup, teams, code):
    v = build_view(cup, appeal=list(teams), lang="en")
    assert v.chains == ()
    assert [b.sn for b in v.teams] == sorted(teams, key=lambda n: cup.row(n).rank)
    assert all([d.code for d in b.derivations] == [code] for b in v.teams)


@pytest.mark.parametrize("lang", ["en", "vi", "ru", "es", "ms"])
def test_two_teams_in_at_most_four_pages_and_no_orphan_heading(cup, lang, tmp_path):
    """The goal of the issue: a two-team EDE dispute of the 50-team sample in at most 4 A4 pages,
    and no page whose last block is a heading (or a step's label) with its content on the next."""
    from tbxl.report.pdf import _render_doc

    view = build_view(cup, appeal=[6, 13], lang=lang)
    doc = _render_doc(render_html(view, "team_appeal.html.j2"))
    assert len(doc.pages) <= 4
    for k, page in enumerate(doc.pages[:-1], 1):
        assert not _ends_with_heading(page), (lang, k, _last_block(page._page_box))
    if lang == "en":  # the command writes the same document
        out = tmp_path / "x.pdf"
        assert render_appeal_pdf(cup, [6, 13], out, input_path=CUP) == len(doc.pages)


HEADINGS = {"h1", "h2", "h3", "h4"}
#: Blocks that introduce what follows them: a page must not end on one either.
LEADS = {"steplabel", "mhead", "intro", "tiehead"}


def _ends_with_heading(page) -> bool:
    last = _last_block(page._page_box)
    assert last is not None, "an empty page"
    return any(tag in HEADINGS or LEADS & set(classes) for tag, classes in last)


def _last_block(box):
    """The elements (tag, classes) around the last line of text laid out on a page, innermost
    first (the margin boxes of the footer left out)."""
    from weasyprint.formatting_structure import boxes

    found = None

    def walk(b, chain):
        nonlocal found
        if isinstance(b, boxes.MarginBox):
            return
        element = getattr(b, "element", None)
        if element is not None and isinstance(b, boxes.BlockBox) and (not chain or chain[0][2] is not element):
            chain = ((element.tag, element.get("class", "").split(), element), *chain)
        if isinstance(b, boxes.TextBox) and b.text.strip() and chain:
            found = tuple((tag, classes) for tag, classes, _ in chain)
        for child in getattr(b, "children", ()):
            walk(child, chain)

    walk(box, ())
    return found


def test_the_orphan_check_sees_a_heading_at_the_foot_of_a_page():
    """The check above can fail: a heading pushed to the foot of a page, its text on the next."""
    from tbxl.report.pdf import _render_doc

    html = (
        "<html><body><style>@page { size: A4; margin: 15mm } h2 { margin: 0; break-after: auto }</style>"
        '<div style="height: 255mm"></div><h2>Heading</h2><p style="height: 20mm">text</p></body></html>'
    )
    doc = _render_doc(html)
    assert len(doc.pages) == 2 and _ends_with_heading(doc.pages[0])
    assert not _ends_with_heading(doc.pages[1])


def test_the_cli_takes_several_teams(tmp_path, capsys):
    from tbxl.cli import main

    out = tmp_path / "appeal.pdf"
    assert (
        main(["explain", str(CUP), "--team", "6,13", "--tiebreaks", LIST, "--rules", "fide-2024", "-o", str(out)]) == 0
    )
    assert "(3 pages)" in capsys.readouterr().err
    text = _pdf_text(out)
    assert "Step 6: board 2" in text and "13 Spain – 6 Azerbaijan" in text
    assert text.count("Step 1: MP") == 1  # the group's EDE once


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() for p in PdfReader(path).pages)


@pytest.mark.parametrize("lang", ["vi", "ru", "es", "ms"])
def test_the_appeal_has_no_english_left(cup, lang):
    """The words of the team appeal in the reader's language: none of the English labels' texts
    (the team and tie-break names and codes aside)."""
    en = render_html(build_view(cup, appeal=[6, 13], lang="en"), "team_appeal.html.j2")
    html = render_html(build_view(cup, appeal=[6, 13], lang=lang), "team_appeal.html.j2")
    for phrase in (
        "Step 1",
        "White",
        "Black",
        "board count",
        "extended direct encounter",
        "Teams concerned",
        "Round 7",
    ):
        assert phrase in en
        assert phrase not in html, (lang, phrase)
    assert not re.search(r"\b(EDE, then|match points|game points)\b", html)


@pytest.mark.slow  # lays out the 14-page team printout
def test_the_team_printout_with_derivations_has_no_orphan_heading(cup):
    """The team printout with a team's derivations (``report --derivations players --players 6``)
    put its "Derivations" heading and intro alone at the foot of page 11, the team's block on the
    next page."""
    from tbxl.report.pdf import _render_doc
    from tbxl.report.views.team import build_team_view

    doc = _render_doc(render_html(build_team_view(cup, derivations="players", teams=[6]), "team.html.j2"))
    assert len(doc.pages) <= 15
    assert [k for k, page in enumerate(doc.pages[:-1], 1) if _ends_with_heading(page)] == []


def _expected_board_lines(t, rnd_no: int, a: int, b: int) -> list[str]:
    """The board lines of a match as the PDF text should read them, from the file's own game
    records: the player whose record says White first, then Black, the result White's first."""
    ra, rb = t.team(a).rounds[rnd_no - 1], t.team(b).rounds[rnd_no - 1]
    out = []
    for k in range(1, t.boards + 1):
        sides = []
        for team, rnd in ((a, ra), (b, rb)):
            board = next(x for x in rnd.boards if x.board == k)
            name = "(no player)" if board.player is None else f"{board.player} {t.player(board.player).name} ({team})"
            sides.append((board.entry.colour, name, board.entry))
        (ca, na, ea), (cb, nb, eb) = sides
        white_first = ca == "w" or cb == "b"
        if ca is None and cb is None:  # a forfeit without colours: the file's 352 pattern (WBWB) from board 1
            assert t.board_colours == "WBWB"
            white_first = (ra.colour == "w") == (k % 2 == 1)
        white, black = (na, nb) if white_first else (nb, na)
        e = ea if white_first else eb
        if e.kind.is_game:
            result = {Fraction(1): "1–0", Fraction(1, 2): "½–½", Fraction(0): "0–1"}[e.points]
        else:
            result = {"forfeit-win": "+/−", "forfeit-loss": "−/+", "double-forfeit": "−/−"}[e.kind.value]
        out.append(f"{k} {white} {black} {result}")
    return out


@pytest.mark.parametrize(("teams", "rnd", "pair"), [((6, 13), 7, (6, 13)), ((6, 18), 1, (6, 18))])
def test_the_pdf_writes_each_board_white_first_as_the_file_says(cup, teams, rnd, pair, tmp_path):
    """The rendered PDF's text against the TRF's colour fields, board by board (issue 35 item 1,
    the team side): round 1 of 6 - 18 has a board Azerbaijan left empty."""
    out = tmp_path / "appeal.pdf"
    render_appeal_pdf(cup, list(teams), out)
    text = _pdf_text(out)
    expected = _expected_board_lines(cup.tournament, rnd, *pair)
    for line in expected:
        assert line in text, line
    assert any("(no player)" in line for line in expected) == (pair == (6, 18))


def test_the_chain_of_the_group_the_order_was_applied_to():
    """With EMGSB before EDET in the list, the seven teams on 19 MP are split first: Azerbaijan and
    Spain (528 each) are the only group left for EDET/P, its chain the four steps of the two."""
    st = compute_standings(load(CUP, kind="team"), "EMGSB/C1/P,EDET/P,MPvGP", get("fide-2024"))
    v = build_view(st, appeal=[13, 6, 16])
    (chain,) = v.chains
    assert chain.values == "Azerbaijan (6) 1, Spain (13) 2"
    assert [s.label for s in chain.steps] == ["Step 1: MP", "Step 2: GP", "Step 3: board 1", "Step 4: board 2"]
    assert len(v.separations) == 3  # every pair of the three
    assert [(m.round, m.white, m.black) for m in v.matches] == [
        (7, "13 Spain", "6 Azerbaijan"),
        (8, "16 India 3", "6 Azerbaijan"),
        (14, "13 Spain", "16 India 3"),
    ]
