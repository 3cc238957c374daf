"""Every example of README.md and docs/ runs as the page says (issue 38 item 3): its commands on a
copy of the bundled examples, its ``tbxl.toml`` read by a command, its transcripts printed as shown;
a block that cannot run here says why, and is counted. The collector: tests/docs_examples.py."""

from __future__ import annotations

import re
import shlex

import pytest

from docs_examples import (
    ROOT,
    RUN,
    SHOWN,
    Block,
    Folder,
    all_blocks,
    blocks,
    check_run,
    command_lines,
    inline_commands,
    matches,
    pages,
    run_block,
)

BLOCKS = all_blocks()
RUNNABLE = [
    b
    for b in BLOCKS
    if b.skip is None and (b.lang in RUN or b.text.startswith("$ ") or b.directive("file") or b.directive("output"))
]


@pytest.fixture(scope="session")
def folders(tmp_path_factory) -> dict:
    """Each page's folder and the blocks already run there (a block runs those before it first)."""
    return {}


def folder_for(block: Block, folders: dict, tmp_path_factory) -> Folder:
    page = block.page
    if page not in folders:
        folders[page] = (Folder(tmp_path_factory.mktemp(page.stem)), set())
    folder, done = folders[page]
    for earlier in blocks(page):
        if earlier.line >= block.line:
            break
        if earlier.line not in done and earlier in RUNNABLE:
            run_block(earlier, folder)
            done.add(earlier.line)
    done.add(block.line)
    return folder


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, marks=[pytest.mark.slow] if b.slow else [], id=b.where) for b in RUNNABLE],
)
def test_a_docs_example_runs_as_the_page_says(block, folders, tmp_path_factory):
    if block.slow:
        pytest.importorskip("weasyprint")
    pytest.importorskip("openpyxl")
    run_block(block, folder_for(block, folders, tmp_path_factory))


INLINE = [(page, command) for page in pages() for command, skip in inline_commands(page) if skip is None]


@pytest.fixture(scope="module")
def inline_folder(tmp_path_factory) -> Folder:
    """The examples, and the workbooks the prose's commands read (event.xlsx, team.xlsx)."""
    folder = Folder(tmp_path_factory.mktemp("inline"))
    for name in ("event", "team"):
        assert folder.command(["tbxl", "workbook", f"{name}.trf", "-o", f"{name}.xlsx"], "setup").code == 0
    return folder


@pytest.mark.parametrize(
    "page, command",
    [
        pytest.param(p, c, marks=[pytest.mark.slow] if re.search(r"tbxl report|\.(pdf|html)\b", c) else [])
        for p, c in INLINE
    ],
    ids=[f"{p.relative_to(ROOT).as_posix()}: {c[:50]}" for p, c in INLINE],
)
def test_a_command_the_prose_gives_runs(page, command, inline_folder):
    pytest.importorskip("openpyxl")
    if re.search(r"tbxl report|\.(pdf|html)\b", command):
        pytest.importorskip("weasyprint")
    where = page.relative_to(ROOT).as_posix()
    run = inline_folder.command(shlex.split(command), where)
    said = run.err.partition("tbxl: error: ")[2].strip()
    if run.code != 0 and said:  # a refusal the page shows: its message, as tbxl says it
        shown = " ".join(page.read_text(encoding="utf-8").split())
        assert " ".join(said.split())[:60] in shown, f"{where}: {command} -> {run.code}\n{run.err}"
        return
    check_run(run, inline_folder, where)


def test_every_block_says_what_it_is_and_a_block_not_run_says_why():
    """A block's language is one the collector knows; one that is not run (a skip) gives its reason,
    and no command hides in a block that is never run. Counted: most blocks run."""
    unknown = [b.where for b in BLOCKS if b.lang not in RUN | SHOWN]
    assert unknown == [], "give these blocks a language: sh, bat, text, toml, csv, trf, python, excel"
    skipped = [b for b in BLOCKS if b.skip is not None]
    inline_skipped = [(p, c, s) for p in pages() for c, s in inline_commands(p) if s is not None]
    assert [c for _, c, s in inline_skipped if len(s) < 10] == [], "say why a command is not run"
    assert [b.where for b in skipped if len(b.skip) < 10] == [], "say why a block is not run"
    hidden = [
        b.where
        for b in BLOCKS
        if b.skip is None and b not in RUNNABLE and any(line.startswith("tbxl ") for line in b.text.splitlines())
    ]
    assert hidden == [], "a tbxl command in a block that never runs: make it sh, or a $ transcript"
    assert len(pages()) >= 30 and len(RUNNABLE) >= 30
    assert len(skipped) < len(RUNNABLE), [(b.where, b.skip) for b in skipped]
    print(f"docs examples: {len(RUNNABLE)} blocks and {len(INLINE)} commands of the prose run;")
    print(f"{len(skipped)} blocks and {len(inline_skipped)} commands of the prose not run here:")
    print("\n".join(f"  {p.relative_to(ROOT).as_posix()}: {c}: {s}" for p, c, s in inline_skipped))
    print("\n".join(f"  {b.where}: {b.skip}" for b in skipped))


def test_the_collector_reads_fences_continuations_and_ellipses(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "1. a step <!-- test: skip: needs Windows -->\n   ```bat\n   set X=1\n   ```\n\n<!-- test: first tbxl rules -->\n"
        "```sh\ntbxl compute a.trf \\\n    --lots x   # seed\n# a comment\n\ntbxl rules\n```\n",
        encoding="utf-8",
    )
    first, second = blocks(page)
    assert (first.line, first.lang, first.text, first.skip) == (2, "bat", "set X=1", "needs Windows")
    assert second.directive("first") == ["tbxl rules"] and second.skip is None
    assert command_lines(second.text) == [["tbxl", "compute", "a.trf", "--lots", "x"], ["tbxl", "rules"]]
    prose = tmp_path / "prose.md"
    prose.write_text(
        "Run `tbxl compute event.trf`, not `tbxl compute EVENT`; once `tbxl report team.trf --lang xx`"
        " failed <!-- test: skip: quoted from an old report -->\n",
        encoding="utf-8",
    )
    assert inline_commands(prose) == [
        ("tbxl compute event.trf", None),
        ("tbxl report team.trf --lang xx", "quoted from an old report"),
    ]
    assert matches("a\n...\nz", "a\nb\nc\nz") and matches("a\n...", "a") and not matches("a\nz", "a\nb\nz")


# -- the figures the docs give ------------------------------------------------------------------------


def _said(page: str, pattern: str) -> list[re.Match]:
    text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
    return list(re.finditer(pattern, text))


def test_the_sizes_of_main_py_the_docs_give_are_what_tbxl_lite_writes(tmp_path):
    """ "About N KB/MB" of the xlwings Lite main.py, within 15% of what `tbxl lite` writes today
    (the standalone one was "about 776 KB" here while it had grown to 827 KB)."""
    from tbxl.lite import write_lite

    short = write_lite(tmp_path / "short")[0].stat().st_size
    standalone = write_lite(tmp_path / "standalone", standalone=True)[0].stat().st_size
    claims = [
        (page, m.group(0), float(m.group(1)) * {"KB": 1000, "MB": 1000**2}[m.group(2)])
        for page in ("docs/organizer/lite.md", "docs/start/web.md", "docs/start/web-app.md", "README.md")
        for m in _said(page, r"about ([\d.]+) (KB|MB)(?=\)|:|,| of| before)")
    ]
    assert len(claims) >= 3
    for page, said, size in claims:
        actual = standalone if size > 100_000 else short
        assert abs(size - actual) <= 0.15 * actual, f"{page}: {said}, but tbxl lite writes {actual:,} bytes"


def test_the_limits_table_gives_the_limits_tbxl_enforces():
    from tbxl import limits
    from tbxl.limits import size_text

    rows = dict(
        re.findall(r"^  \| (.+?) \| (.+?) \|$", (ROOT / "docs/reference/io.md").read_text(encoding="utf-8"), re.M)
    )

    def row(start: str) -> str:
        return next(v for k, v in rows.items() if k.startswith(start))

    def size(n: int) -> str:  # as the table writes it: 16 MB, 256 KB
        return size_text(n) if n >= 2**20 else f"{n // 2**10} KB"

    assert row("rounds") == str(limits.MAX_ROUNDS)
    assert row("round entries") == f"{limits.MAX_ENTRIES:,}"
    assert row("tie-break codes") == str(limits.MAX_TIEBREAKS)
    assert row("TRF or CSV file") == size(limits.MAX_TEXT_BYTES)
    assert row("workbook (") == (
        f"{size(limits.MAX_WORKBOOK_BYTES)} / {size(limits.MAX_WORKBOOK_XML_BYTES)} / {limits.MAX_WORKBOOK_CELLS:,}"
    )
    assert row("an event's name").startswith(f"{limits.MAX_HEADER_TEXT} characters")
    assert row("columns of a published table") == f"{limits.MAX_BULLETIN_COLUMNS:,}"
    assert row("a configuration file") == size(limits.MAX_CONFIG_BYTES)
    assert row("a number typed").startswith(f"{limits.MAX_NUMBER_DIGITS} digits")
    assert row("a workbook's cell").startswith(f"{limits.MAX_CELL_TEXT:,} characters")
    assert row("the event's web address").startswith(f"{limits.MAX_URL} characters")
    assert row("a prize list").startswith(f"{limits.MAX_PRIZE_PLACE:,} /")


@pytest.mark.slow  # renders the 50-team TEC sample twice, the second time 150 pages
def test_the_team_reports_page_counts_are_the_ones_the_team_page_gives(tmp_path):
    pytest.importorskip("weasyprint")
    claimed = _said("docs/team.md", r"prints on (\d+) pages by default and on (\d+) with `--derivations all`")
    assert len(claimed) == 1
    folder = Folder(tmp_path)
    for count, extra in zip(map(int, claimed[0].groups()), ([], ["--derivations", "all"])):
        run = folder.command(["tbxl", "report", "team.trf", "-o", "team.pdf", *extra], "docs/team.md")
        assert run.code == 0 and run.err == f"wrote team.pdf ({count} pages)\n", run.err
