"""Bounds on what tbxl reads, so that any file from the field ends in a result or one clear line,
within seconds and well under 1.5 GB (issue 10; README "Limits"). Each bound is far above any real
event: the largest opens have a few thousand players and fifteen rounds, the longest round robins
a few dozen rounds.

Measured (benchmarks/bench_limits.py; CPU time of ``tbxl compute``, the wall time of an idle
machine): a TRF just under the size and entry bounds (9999 players x 150 rounds, 15.2 MB) takes 12 s
and 0.8 GB with the default tie-breaks, 16 s and 1.0 GB with sixteen; a workbook just under the cell
bound (470,000 cells, all inline strings, the slowest kind for openpyxl) 14 s and 0.46 GB. Every
refused file takes about a second of CPU at most, and under 0.1 GB.

>>> size_text(MAX_TEXT_BYTES), size_text(512), size_text(100 * 2 ** 20 + 3000), size_text(17_000_000)
('16 MB', '512 bytes', '100 MB', '16.2 MB')
"""

from __future__ import annotations

import gc
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

from tbxl.errors import InputError

#: Rounds of one event (XXR / 142, round fields of a 001 record, round columns of a crosstable).
MAX_ROUNDS = 999
#: Round entries of one event (players x rounds): short records are padded with zero-point byes,
#: so a small file could otherwise ask for millions of them.
MAX_ENTRIES = 1_500_000
#: The last place a prize list pays (``--prizes 1-100000:5``): more places than any event has players.
MAX_PRIZE_PLACE = 100_000
#: Characters of an event's name, place or chief arbiter (a TRF header field, a workbook's title).
MAX_HEADER_TEXT = 500
#: Characters of the seed of the lots (``--lots``): a text the arbiter announces and players retype.
MAX_LOTS_SEED = 200
#: Characters of the event's web address (``--url``): a QR code holds about 2,300 at most, and a
#: phone reads one of 500 characters only with a steady hand.
MAX_URL = 500
#: Characters of a workbook's cell: Excel's own limit, so a name of 12 MB written by another
#: program is refused at its cell rather than padding every row of the table to its width.
MAX_CELL_TEXT = 32_767
#: Columns of a published table (a bulletin): C.07 lists come nowhere near it.
MAX_BULLETIN_COLUMNS = 1_000
#: Codes in one tie-break list (--tiebreaks, TRF 202/212, the workbook's settings).
MAX_TIEBREAKS = 50
#: Size of a text input: a TRF or a published CSV.
MAX_TEXT_BYTES = 16 * 2**20
#: Size of an event's configuration file (tbxl.toml): a few lines; thousands of categories are not one.
MAX_CONFIG_BYTES = 256 * 2**10
#: Size of a workbook file (.xlsx/.xlsm) on disk.
MAX_WORKBOOK_BYTES = 16 * 2**20
#: Uncompressed size of a workbook's parts together (a zip "bomb" is refused before it is unpacked).
MAX_WORKBOOK_XML_BYTES = 64 * 2**20
#: Cells written in a workbook's sheets together, counted in the XML (not the declared dimension).
MAX_WORKBOOK_CELLS = 500_000


def size_text(n: int) -> str:
    """``16 MB``: a byte count as the limits are documented."""
    if n < 2**20:
        return f"{n} bytes"
    return f"{n / 2**20:.1f}".removesuffix(".0") + " MB"


def too_wide(columns: int) -> str:
    """The message for a published table's row of ``columns`` cells, over :data:`MAX_BULLETIN_COLUMNS`:
    said before any cell is read (each header word is matched and, when unknown, compared with every
    known word for a suggestion, so 3,000,000 of them took 84 s; issue 39).

    >>> too_wide(3_000_000)
    'a row of 3,000,000 columns; a published table has at most 1,000'
    """
    return f"a row of {columns:,} columns; a published table has at most {MAX_BULLETIN_COLUMNS:,}"


def check_regular(path: str | os.PathLike[str]) -> int:
    """The size of ``path``, a regular file; :class:`InputError` for a folder, a device (``/dev/zero``
    never ends), a FIFO (reading it would wait for a writer) or a missing file."""
    name = os.fspath(path)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except OSError as err:
        raise InputError(f"cannot read it ({err.strerror or err})", file=name) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a folder, not a tournament file", file=name)
    if not stat.S_ISREG(st.st_mode):
        raise InputError("is not a regular file (a device, pipe or socket): give a file", file=name)
    return st.st_size


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes, else :class:`InputError`."""
    size = check_regular(path)
    name = os.fspath(path)
    if size > limit:
        raise InputError(f"the file is {size_text(size)}; tbxl reads files of at most {size_text(limit)}", file=name)
    with open(name, "rb") as f:
        data = f.read(limit + 1)  # the file may have grown since stat
    if len(data) > limit:
        raise InputError(
            f"the file is over {size_text(limit)}; tbxl reads files of at most {size_text(limit)}", file=name
        )
    return data


#: The digits a whole number typed in an option or a setting may have (a rating, an age, a year).
MAX_NUMBER_DIGITS = 9


def whole_number(text: str, digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The whole number ``text`` spells in ASCII digits, at most ``digits`` of them, else None:
    ``str.isdigit`` also passes "²" and Arabic-Indic digits, and ``int`` refuses strings of
    thousands of digits with a ValueError.

    >>> whole_number("1400"), whole_number("\u00b2"), whole_number("\u0661\u0662"), whole_number("9" * 20)
    (1400, None, None, None)
    """
    t = text.strip()
    if not t or len(t) > digits or not t.isascii() or not t.isdigit():
        return None
    return int(t)


#: A decimal number as a person types it: ASCII digits, an optional point and decimals; no sign,
#: exponent (``1e999999999`` would make Fraction compute 10**999999999) or digit separator (``2_0``,
#: which Python's own parsers read as 20).
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]*))?")


def decimal_number(text: str, digits: int = MAX_NUMBER_DIGITS, decimals: int = 6) -> Fraction | None:
    """The exact value of ``text``, a plain decimal of at most ``digits`` digits before the point
    and ``decimals`` after it, else None: the bound comes before any arithmetic.

    >>> decimal_number("20"), decimal_number("12.5"), decimal_number("1e999999999"), decimal_number("2_0")
    (Fraction(20, 1), Fraction(25, 2), None, None)
    >>> decimal_number("9" * 5000), decimal_number("\u0662\u0660"), decimal_number(" 40 ")
    (None, None, Fraction(40, 1))
    """
    m = _DECIMAL.fullmatch(text.strip())
    if not m or len(m.group(1)) > digits or len(m.group(2) or "") > decimals:
        return None
    return Fraction(m.group(1) + "." + (m.group(2) or "0"))


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that cannot be seen or retyped: a control, a format
    character (zero-width space and joiners, bidi marks and overrides, the soft hyphen, a BOM), a
    line or paragraph separator, or a space other than U+0020 (a no-break space looks the same and
    is another character); None when there is none. A seed of the lots or a web address must be
    the same when someone types it from the page.

    >>> hidden_character("Open2026"), hidden_character("Open\u200b2026"), hidden_character("a\u00a0b")
    (None, '\u200b', '\xa0')
    >>> hidden_character("\u202eabc"), hidden_character("Nguyễn Иванов")
    ('\u202e', None)
    """
    for ch in text:
        if ch == " ":
            continue
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Zs", "Co", "Cn", "Cs"):
            return ch
    return None


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused inside (and as it was after): it rescans the ~10^5 round
    entries of a large event again and again while nothing cyclic is made (measured: 40 % of
    ``tbxl compute``'s time), a report's growing box tree likewise."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
