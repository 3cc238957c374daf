"""Cells: what every grid of tbxl (crosstables, published standings, workbooks, Excel ranges) agrees on.

A cell is ``str``, ``int``, ``float`` (``12.0`` is 12), ``bool``, ``None`` or ``''``; Excel sends ``0``
for an empty cell to Office.js functions. This module holds, once each: a cell's text
(:func:`text_of`, :func:`cell_text`), blanks (:func:`blank`), numbers read (:func:`parse_number`:
decimal comma, ``½``) and written (:func:`cell_number`; their print form is :mod:`tbxl.formatting`'s),
A1 references (:func:`column_letters`, :func:`parse_origin`, :func:`a1`), the header words of every
language (:data:`HEADER_WORDS`, :func:`header_role`) and the layout names with their aliases
(:func:`layout_name`). Standard library only: it runs in Pyodide.

>>> text_of(12.0), text_of(" Nguyễn\xa0 Văn "), blank("0"), column_letters(27), a1(1, 0, "S!")
('12', 'Nguyễn Văn', True, 'AB', 'S!B1')
>>> parse_number("3,5"), parse_number("4½", half=True), parse_number("-1", signed=True)
((Fraction(7, 2), 1), (Fraction(9, 2), 1), (Fraction(-1, 1), 0))
>>> cell_number(Fraction(5, 2)), cell_number(Fraction(1, 3), exact=True), layout_name("Swiss-Manager")
(2.5, '1/3', 'sm3')
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Callable
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from tbxl.formatting import exact_text

# ---------------------------------------------------------------------------------------------
# A cell's text and blanks
# ---------------------------------------------------------------------------------------------

# Numbers are ASCII digits, at most 9 of them: int() refuses "²" and strings of thousands of digits.
INT_RE = re.compile(r"\d{1,9}(?:\.0+)?", re.ASCII)


def text_of(v: Any) -> str:
    """A cell as a crosstable reads it: ``None`` and NaN are ``''``, a float as Excel shows it
    (:func:`cell_text`: ``12.0`` is ``'12'``), ``TRUE``/``FALSE`` as Excel writes them, blanks
    (no-break spaces too) squeezed to one space and stripped."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).upper()
    if isinstance(v, int):
        return str(v) if v.bit_length() < 10_000 else "#NUM!"  # str() refuses over 4300 digits
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))  # the usual cell (Excel sends numbers as floats), kept fast
        return "" if math.isnan(v) else cell_text(v)
    return " ".join(str(v).replace("\xa0", " ").split())


def empty(v: Any) -> bool:
    """What Excel sends for an empty cell or an omitted argument: ``None``, ``''``, blanks, ``0``
    (``FALSE`` too, as ``FALSE == 0``; the callers that must tell it apart check for ``bool``)."""
    return v is None or v == "" or (isinstance(v, (int, float)) and v == 0) or (isinstance(v, str) and not v.strip())


def norm(t: str) -> str:
    """Lower case with every dash as ``-`` (for matching tokens)."""
    return t.lower().replace("–", "-").replace("—", "-").replace("−", "-")


def squash(t: str) -> str:
    """Lower case, dashes as ``-``, no blanks: the form tokens are looked up in."""
    return norm(t).replace(" ", "")


def blank(t: str) -> bool:
    """Empty, or Excel's 0 for an empty cell."""
    return t == "" or t == "0"


def is_int(t: str) -> bool:
    """A whole number as a cell shows it: ``12``, ``12.0`` (ASCII digits, at most nine)."""
    return bool(INT_RE.fullmatch(t))


def whole(t: str) -> int:
    """The number of a cell that :func:`is_int`."""
    return int(float(t))


#: Excel shows and stores at most 15 significant digits; a float beyond them is a computed value.
EXCEL_DIGITS = 15


def cell_text(v: Any) -> str:
    """A spreadsheet cell as the text it stands for: text stripped, ``None`` empty, a whole number
    without ``.0``, any other float as the shortest decimal that reads back as it (``repr``: what was
    typed, e.g. 13.38) rounded to Excel's 15 significant digits (so ``float(40/3)`` reads as
    13.3333333333333, the value Excel shows, not as a 17-digit binary artefact). Only the text
    is rounded, in decimal: the value is never computed with floats. Unlike :func:`text_of` it keeps
    the blanks inside the text (published standings are read as typed).

    >>> cell_text(13.375), cell_text(12.0), cell_text(40 / 3), cell_text(0.1 + 0.2), cell_text(" 9,75 ")
    ('13.375', '12', '13.3333333333333', '0.3', '9,75')
    """
    if v is None:
        return ""
    if isinstance(v, float) and math.isfinite(v):
        if v.is_integer():
            return str(int(v))
        shortest = repr(v)
        if len(shortest) <= 16 and "e" not in shortest:
            return shortest  # at most 15 digits, no exponent: already what Excel shows
        d = Decimal(shortest)
        if len(d.as_tuple().digits) > EXCEL_DIGITS:
            d = d.quantize(Decimal(1).scaleb(d.adjusted() - EXCEL_DIGITS + 1), rounding=ROUND_HALF_EVEN)
        text = format(d, "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(v).strip()


# ---------------------------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------------------------

_NUMBER = re.compile(r"([+-]?)(\d{0,15})(?:[.,](\d{0,15}))?(½?)", re.ASCII)


def parse_number(
    text: str, *, signed: bool = False, half: bool = False, ratio: bool = False
) -> tuple[Fraction, int] | None:
    """A number written in a cell or a field, exactly, with its number of printed decimals; ``None``
    when ``text`` is not one. A decimal point or comma (``3.5``, ``3,5``, ``.5``, ``12.``: a rank's
    dot); with ``signed`` a leading ``+``/``-``, with ``half`` a trailing ``½`` (``4½``, ``½``), with
    ``ratio`` a fraction ``7/2``. Blanks are the caller's: ``"3 5"`` is no number.

    >>> parse_number("12."), parse_number(".25"), parse_number("7/2", ratio=True), parse_number("7/0", ratio=True)
    ((Fraction(12, 1), 0), (Fraction(1, 4), 2), (Fraction(7, 2), 0), None)
    >>> parse_number("½"), parse_number("-3"), parse_number("3 5"), parse_number(".")
    (None, None, None, None)
    """
    if ratio and (m := re.fullmatch(r"(\d{1,12})/(\d{1,12})", text, re.ASCII)):
        return (Fraction(int(m.group(1)), int(m.group(2))), 0) if int(m.group(2)) else None
    m = _NUMBER.fullmatch(text)
    if not m:
        return None
    sign, whole, frac, h = m.groups()
    if (sign and not signed) or (h and not half) or (h and frac is not None) or not (whole or frac or h):
        return None
    value = Fraction(int(whole or 0))
    if frac:
        value += Fraction(int(frac), 10 ** len(frac))
    if h:
        value += Fraction(1, 2)
    return (-value if sign == "-" else value), max(len(frac or ""), 1 if h else 0)


def cell_number(v: Any, *, exact: bool = False) -> Any:
    """An exact value as a spreadsheet cell: an int when whole, else a float; with ``exact`` the
    float only when it holds the value exactly (halves, quarters ...), else the text ``"a/b"``.
    ``None`` is the empty cell ``''``; anything but a :class:`~fractions.Fraction` is left as it is."""
    if v is None:
        return ""
    if not isinstance(v, Fraction):
        return v
    if v.denominator == 1:
        return v.numerator
    if exact and v.denominator & (v.denominator - 1):
        return f"{v.numerator}/{v.denominator}"
    return float(v)


def half_text(v: Fraction) -> str:
    """A number as a cell writes it by hand, a half as ``½``: ``2½``, ``½``, ``3``; any other value
    as its exact text (:func:`tbxl.formatting.exact_text`).

    >>> half_text(Fraction(5, 2)), half_text(Fraction(1, 2)), half_text(Fraction(3)), half_text(Fraction(9, 4))
    ('2½', '½', '3', '2.25')
    """
    whole, part = divmod(v, 1)
    if part == Fraction(1, 2):
        return (str(int(whole)) if whole else "") + "½"
    return exact_text(v)


def points_value(v: Any, t: str) -> Fraction | None:
    """A points cell: ``3.5``, ``3,5``, ``3½``, ``½``, ``7/2`` (``t`` its text, ``v`` the value: a float
    is read as the nearest fraction of small denominator); ``None`` when it is not a number."""
    if isinstance(v, float) and math.isfinite(v):
        return Fraction(v).limit_denominator(1000)
    parsed = parse_number(squash(t), half=True, ratio=True)
    return None if parsed is None else parsed[0]


# ---------------------------------------------------------------------------------------------
# A1 references
# ---------------------------------------------------------------------------------------------


def column_letters(c: int) -> str:
    """A spreadsheet column's letters from its 0-based index: ``0 -> A``, ``26 -> AA``."""
    s = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        s = chr(65 + rem) + s
    return s


def parse_origin(origin: str) -> tuple[str, int, int]:
    """``"Sheet1!B2"`` -> (``"Sheet1!"``, column 1, row 1), 0-based."""
    prefix, _, ref = str(origin).rpartition("!")
    m = re.fullmatch(r"\$?([A-Za-z]{1,3})\$?(\d+)", ref.strip())
    if not m or int(m.group(2)) < 1:
        raise ValueError(f"origin must be an A1 reference such as 'B2', not {origin!r}")
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + ord(ch) - 64
    return (prefix + "!" if prefix else ""), col - 1, int(m.group(2)) - 1


def a1(c: int, r: int, prefix: str = "") -> str:
    """The A1 reference of 0-based column ``c`` and row ``r`` (``prefix``: a sheet's ``"Name!"``)."""
    return f"{prefix}{column_letters(c)}{r + 1}"


# ---------------------------------------------------------------------------------------------
# Header words
# ---------------------------------------------------------------------------------------------

#: The words that head a column, every language in one table: the role a column plays -> the
#: words naming it, as :func:`header_key` writes them (no case, no blanks, no punctuation).
#: ``other``: columns of no interest to tbxl that are known not to be results or tie-breaks.
HEADER_WORDS: dict[str, frozenset[str]] = {
    "sno": frozenset(
        {
            "no",
            "nr",
            "n°",
            "nº",
            "#",
            "no#",
            "№",
            "sno",
            "snr",
            "sn",
            "stnr",
            "pno",
            "start",
            "startno",
            "startnr",
            "startnumber",
            "startingrank",
            "startrank",
            "num",
            "number",
            "pairingno",
            "pairingnumber",
            "ст№",
            "стартовыйномер",
            "nºinicial",
            "ninicial",
            "noinicial",
            "sốxuấtphát",
            "sxp",
            "nomula",
            "bil",
        }
    ),
    "rank": frozenset(
        {
            "rk",
            "rg",
            "rnk",
            "rank",
            "ranking",
            "pl",
            "place",
            "pos",
            "position",
            "platz",
            "rang",
            "puesto",
            "pto",
            "clas",
            "clasif",
            "hạng",
            "xếphạng",
            "место",
            "kedudukan",
            "tempat",
        }
    ),
    "points": frozenset(
        {
            "pts",
            "pt",
            "point",
            "points",
            "score",
            "total",
            "sum",
            "summe",
            "pkt",
            "punkte",
            "puntos",
            "ptos",
            "điểm",
            "очки",
            "mata",
        }
    ),
    "name": frozenset(
        {
            "name",
            "names",
            "player",
            "players",
            "participant",
            "participants",
            "spieler",
            "spielerin",
            "jugador",
            "jugadores",
            "nombre",
            "joueur",
            "joueurs",
            "nom",
            "giocatore",
            "tên",
            "họtên",
            "имя",
            "фамилияимя",
            "участник",
            "nama",
            "pemain",
        }
    ),
    "rating": frozenset(
        {
            "rtg",
            "elo",
            "rating",
            "ratings",
            "fidertg",
            "fideelo",
            "fiderating",
            "rtgfide",
            "elofide",
            "nwz",
            "dwz",
            "рейт",
            "рейтинг",
        }
    ),
    "fed": frozenset(
        {"fed", "federation", "country", "land", "país", "pais", "федерация", "фед", "liênđoàn", "negara"}
    ),
    "title": frozenset({"tit", "title", "titel", "título", "titulo", "звание"}),
    "club": frozenset(
        {"club", "clb", "verein", "vereinort", "clubcity", "kelab", "клуб", "câulạcbộ", "caulacbo", "đơnvị"}
    ),
    "fideid": frozenset({"fideid", "id", "fide", "fideno", "fidenr", "idfide"}),
    "sex": frozenset({"sex", "gender", "geschlecht", "sexo", "пол", "giớitính", "jantina"}),
    "birth": frozenset(
        {
            "birth",
            "born",
            "birthdate",
            "dateofbirth",
            "dob",
            "yob",
            "birthyear",
            "geb",
            "geboren",
            "nacimiento",
            "fnac",
            "годрождения",
            "датарождения",
            "nămsinh",
            "ngàysinh",
            "lahir",
        }
    ),
    "other": frozenset(
        {
            "type",
            "typ",
            "gr",
            "group",
            "k",
            "rp",
            "opp",
            "opponent",
            "gegner",
            "rival",
            "col",
            "color",
            "colour",
            "farbe",
            "res",
            "result",
            "erg",
            "ergebnis",
            "games",
        }
    ),
}
_ROLE_OF = {word: role for role, words in HEADER_WORDS.items() for word in words}

#: Header keys a crosstable skips that are not in :data:`HEADER_WORDS`: rounds (``R1``, ``Rd 1``,
#: ``1.Rd``) and tie-breaks (``TB1``, ``BH``, ``Buchholz Cut 1``, ``SB`` ...).
ROUND_LABEL = (
    r"(?:r|rd|rnd|round|runde|rde|ronda|ronde|tour|turno)\d+"
    r"|\d+(?:r|rd|rnd|round|runde|rde|ronda|ronde|tour|turno)"
)


@functools.cache
def _skipped() -> re.Pattern[str]:
    """The pattern of the header keys a crosstable skips, compiled on first use: only a grid's
    headers ask, and a TRF's run (which loads this module for :func:`parse_number`) would pay
    2.5 M instructions at import for it (issue 26 item 7)."""
    return re.compile(
        ROUND_LABEL + r"|tb\d*|bh.*|buchholz.*|sb|sonneborn.*|ks|koya|de|wins?|ps|aro|tpr"
        r"|arpo|perf.*"
    )


def header_key(text: Any) -> str:
    """A header as it is looked up: lower case (NFC, case-folded), letters, digits, ``#``, ``№``,
    ``°`` and ``º`` only: ``"Start-No."`` -> ``"startno"``."""
    text = unicodedata.normalize("NFC", str(text)).casefold()
    return "".join(ch for ch in text if ch.isalnum() or ch in "#№°º")


def header_role(text: Any) -> str | None:
    """The role of the column a header word names (a key of :data:`HEADER_WORDS`), else ``None``.

    >>> header_role("Rk."), header_role("Start-No."), header_role("Điểm"), header_role("Фед"), header_role("R1")
    ('rank', 'sno', 'points', 'fed', None)
    """
    return _ROLE_OF.get(header_key(text))


def is_header_word(text: Any) -> bool:
    """A word that heads a crosstable column: a role's, a round's or a tie-break's. A single letter
    is a player's name (``K`` over a matrix), not a header.

    >>> is_header_word("Rd 1"), is_header_word("BH/C1"), is_header_word("Name"), is_header_word("K")
    (True, True, True, False)
    """
    key = header_key(text)
    if len(key) == 1 and key.isalpha():
        return False
    return key in _ROLE_OF or bool(_skipped().fullmatch(key))


# ---------------------------------------------------------------------------------------------
# Layout names
# ---------------------------------------------------------------------------------------------

#: The layout names accepted by ``layout=``.
LAYOUTS = ("compact", "sm3", "matrix")
#: Every name of a layout (lower case) -> the layout: the one table of aliases, accepted wherever a
#: layout is named (the readers, ``--layout``, ``tbxl workbook``, the Excel ``layout`` argument).
LAYOUT_ALIASES = {
    "compact": "compact",
    "sm3": "sm3",
    "sm": "sm3",
    "swiss-manager": "sm3",
    "swissmanager": "sm3",
    "matrix": "matrix",
    "rr": "matrix",
    "round-robin": "matrix",
    "roundrobin": "matrix",
    "berger": "matrix",
}


def layout_name(layout: str, error: Callable[[str], Exception] = ValueError) -> str:
    """The layout a name or alias stands for; ``error`` (a message -> the exception to raise: the
    reader's ``ValueError``, the command line's usage error, a workbook's ``InputError``) for any
    other text.

    >>> layout_name("SM"), layout_name(" Berger ")
    ('sm3', 'matrix')
    """
    name = LAYOUT_ALIASES.get(str(layout).strip().lower())
    if name is None:
        raise error(f"unknown layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    return name
