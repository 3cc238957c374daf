"""The forms other programs give TRF records (C07 §10.1 "Files in the wild deviate"), read as
their writers meant them rather than refused or misread.

* **lichess** Swiss exports (``lila`` ``SwissTrf``) write 042/052 as a textual date
  (``042 Dec 10, 2020``) and put links where TRF-16 has the city (022: the tournament's page) and
  the chief arbiter (102): a link is kept as a link of the event, never shown as a city or an
  arbiter (``Event.links``; tbxl writes them back as ``### link`` comments).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Optional

__all__ = ["textual_date", "is_link", "LINK_COMMENT"]

_MONTHS = {m: k for k, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                       "oct", "nov", "dec"), 1)}
# "Dec 10, 2020" / "December 10 2020" (lichess, en-US) and "10 Dec 2020" / "10 December, 2020".
_MONTH_FIRST = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_LINK = re.compile(r"https?://\S+$", re.IGNORECASE)


def textual_date(value: str) -> Optional[date]:
    """A date written with the month's English name, None for any other text.

    >>> textual_date("Dec 10, 2020"), textual_date("10 December 2020"), textual_date("Dec 32, 2020")
    (datetime.date(2020, 12, 10), datetime.date(2020, 12, 10), None)
    """
    m = _MONTH_FIRST.fullmatch(value.strip())
    if m:
        month, day, year = m.group(1), m.group(2), m.group(3)
    else:
        m = _DAY_FIRST.fullmatch(value.strip())
        if not m:
            return None
        day, month, year = m.group(1), m.group(2), m.group(3)
    number = _MONTHS.get(month[:3].lower())
    if number is None or (len(month) > 3 and not any(
            month.lower() == full for full in _FULL_MONTHS if full.startswith(month[:3].lower()))):
        return None
    try:
        return date(int(year), number, int(day))
    except ValueError:
        return None


_FULL_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december", "sept")


def is_link(value: str) -> bool:
    """A web address where a name belongs (lichess: 022 and 102).

    >>> is_link("https://lichess.org/swiss/j8rtJ5GL"), is_link("Hanoi")
    (True, False)
    """
    return bool(_LINK.match(value.strip()))


#: The comment line tbxl writes for a link of the event (:mod:`tbxl.io.trf.writer`), read back as
#: one: TRF-2026 lets a file hold ``###`` comments, which other programs skip.
LINK_COMMENT = "### link "
