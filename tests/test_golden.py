"""JSON and CSV outputs byte-equal to the ones main produced before the columnar core (issue 13):
bundled examples, a seed file and generated Swiss events under several rule sets."""

from __future__ import annotations

import pytest

from golden import CASES, FORMATS, GOLDEN, golden_name, output

PARAMS = [(path, case, options, fmt) for path, cases in CASES.items() for case, options in cases
          for fmt in FORMATS]


@pytest.mark.parametrize("path,case,options,fmt", PARAMS,
                         ids=[golden_name(p, c, f) for p, c, _, f in PARAMS])
def test_output_is_byte_equal(path, case, options, fmt):
    expected = (GOLDEN / golden_name(path, case, fmt)).read_text(encoding="utf-8")
    assert output(path, options, fmt) == expected
