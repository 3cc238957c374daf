import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
TEC_SWISS = DATA / "tec-2023" / "held_swiss_5.trf"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


def load_json(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"), parse_float=Fraction)


@pytest.fixture(scope="module")
def swiss():
    """The Swiss of the FIDE C.07 tie-break exercise (TEC 2023), read from its TRF."""
    from tbxl.io.trf import read_trf

    return read_trf(TEC_SWISS)


#: What :func:`run_cli` returns: the exit code, standard output and standard error of one run.
CliRun = Callable[..., "tuple[int, str, str]"]


@pytest.fixture
def run_cli(capsys) -> CliRun:
    """Run the command line in this process: ``run_cli("compute", path, "--format", "json")`` returns
    ``(exit code, stdout, stderr)``. Arguments may be paths or numbers; an argparse usage error
    (SystemExit) is returned as its code, as the console script would exit with it."""
    from tbxl.cli import main

    def run(*args) -> tuple[int, str, str]:
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return run
