"""The registry: tie-break code -> computation and derivation.

>>> from tbxl.tiebreaks import FAMILIES
>>> sorted(FAMILIES)[:5]
['AOB', 'APPO', 'APRO', 'ARO', 'BH']
"""

from __future__ import annotations

from typing import Callable

from tbxl.derivation import Derivation
from tbxl.tiebreaks import buchholz, counts, progressive, ratings, sonneborn
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import CODES, Descriptor, parse, parse_list
from tbxl.tiebreaks.context import Context

Compute = Callable[[Context, Descriptor], Column]
Explain = Callable[[Context, Descriptor, int], Derivation]

#: name -> (compute, explain). DE is not here: it orders a tied group (see tbxl.standings).
FAMILIES: dict[str, tuple[Compute, Explain]] = {
    "PTS": (counts.compute_pts, counts.explain_pts),
    "WIN": (counts.compute_count, counts.explain_count),
    "WON": (counts.compute_count, counts.explain_count),
    "BPG": (counts.compute_count, counts.explain_count),
    "BWG": (counts.compute_count, counts.explain_count),
    "REP": (counts.compute_count, counts.explain_count),
    "STD": (counts.compute_std, counts.explain_std),
    "TPN": (counts.compute_tpn, counts.explain_tpn),
    "PS": (progressive.compute_ps, progressive.explain_ps),
    "BH": (buchholz.compute_bh, buchholz.explain_bh),
    "FB": (buchholz.compute_fb, buchholz.explain_fb),
    "AOB": (buchholz.compute_aob, buchholz.explain_aob),
    "SB": (sonneborn.compute_sb, sonneborn.explain_sb),
    "KS": (sonneborn.compute_ks, sonneborn.explain_ks),
    "ARO": (ratings.compute_rating, ratings.explain_rating),
    "TPR": (ratings.compute_rating, ratings.explain_rating),
    "PTP": (ratings.compute_rating, ratings.explain_rating),
    "APRO": (ratings.compute_rating, ratings.explain_rating),
    "APPO": (ratings.compute_rating, ratings.explain_rating),
    "RTNG": (ratings.compute_rating, ratings.explain_rating),
}


def compute(ctx: Context, d: Descriptor) -> Column:
    """The column of ``d`` for every player (cached per context)."""
    return ctx.cached(("col", d), lambda: FAMILIES[d.name][0](ctx, d))


def explain(ctx: Context, d: Descriptor, start_number: int) -> Derivation:
    """The derivation of ``d`` for one player; its total equals the computed value."""
    return FAMILIES[d.name][1](ctx, d, ctx.index[start_number])


__all__ = ["CODES", "Column", "Context", "Descriptor", "FAMILIES", "compute", "explain", "parse", "parse_list"]
