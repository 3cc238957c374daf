"""Crosstables: kept for the code and documents that import :mod:`tbxl.crosstable`; everything
cell-shaped lives in :mod:`tbxl.grid` (the grammar of the three layouts is in its documentation)."""

from __future__ import annotations

from .grid import (LAYOUTS, berger_round, berger_schedule, column_letters, detect_layout, read_grid, round_headers,
                   to_grid)

__all__ = ["LAYOUTS", "read_grid", "detect_layout", "to_grid", "round_headers", "berger_round", "berger_schedule",
           "column_letters"]
