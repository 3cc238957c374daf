"""The tie-break list adviser: a room above the standings.

:mod:`tbxl.advise.check` checks a list against the regulations for the event's kind (numbered
findings with their articles); :mod:`tbxl.advise.archive` ranks every event of a folder under each
candidate list through the same ranking as ``tbxl compute`` (:func:`tbxl.rank`), in processes, and
:mod:`tbxl.advise.rates` turns the outcomes into rates; :mod:`tbxl.advise.forms` writes them as
text, CSV, JSON and an SVG chart. Nothing here ranks differently from the standings.
"""

from __future__ import annotations
