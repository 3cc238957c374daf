import json
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
