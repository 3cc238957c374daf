"""JSON and CSV outputs byte-equal to the ones main produced before the columnar core (issue 13):
bundled examples, a seed file and generated Swiss events under several rule sets."""

from __future__ import annotations

import json

import pytest

from golden import CASES, FORMATS, GOLDEN, golden_name, mutations, outcome, output

PARAMS = [(path, case, options, fmt) for path, cases in CASES.items() for case, options in cases for fmt in FORMATS]


@pytest.mark.parametrize("path,case,options,fmt", PARAMS, ids=[golden_name(p, c, f) for p, c, _, f in PARAMS])
def test_output_is_byte_equal(path, case, options, fmt):
    expected = (GOLDEN / golden_name(path, case, fmt)).read_text(encoding="utf-8")
    assert output(path, options, fmt) == expected


@pytest.mark.slow
def test_mutated_files_read_as_before():
    """1,500 TRF texts with pieces spliced in (codes, digits, blanks, tabs, line ends): each one is read
    to the same tournament, or refused with the same message, with the same warnings, as main's
    reader (with its fast paths) did."""
    expected = json.loads((GOLDEN / "mutations.json").read_text(encoding="utf-8"))
    got = [outcome(t) for t in mutations()]
    assert len(got) == len(expected)
    assert [(k, g) for k, (g, e) in enumerate(zip(got, expected)) if g != e] == []
