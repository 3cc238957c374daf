import json
from fractions import Fraction
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


def load_json(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"), parse_float=Fraction)
