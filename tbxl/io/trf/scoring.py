"""The scoring dialects of a TRF file: the points of a win, a draw, a loss and each bye and forfeit,
as TRF-2026 writes them (record 162, C07 §10.3), as JaVaFo's TRF(x) does (``XXS``, §10.2) and as
bbpPairings' TRF(bx) does (``BBW`` ``BBD`` ``BBL`` ``BBZ`` ``BBF`` ``BBU``, its README and getPoints).

:class:`ScoringRecords` takes these records in file order (a later value overrides an earlier one)
and gives the event's :class:`~tbxl.model.Scoring` (:meth:`ScoringRecords.scoring`).
"""

from __future__ import annotations

import re
from fractions import Fraction

from tbxl.formatting import exact_text
from tbxl.io.trf.tokens import Line, Source
from tbxl.model import Scoring

__all__ = ["ScoringRecords", "SCORING_CODES", "XXS_FIELDS"]

# Fine-grained scoring keys of TRF(x) XXS (§10.2) and the Scoring field each one feeds.
XXS_FIELDS = {
    "WW": "win",
    "BW": "win",
    "WD": "draw",
    "BD": "draw",
    "WL": "loss",
    "BL": "loss",
    "ZPB": "zpb",
    "HPB": "hpb",
    "FPB": "fpb",
    "PAB": "pab",
    "FW": "forfeit_win",
    "FL": "forfeit_loss",
}
_XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
# bbpPairings' TRF(bx) point records and the XXS keys each one sets (its README and getPoints).
_BBP_CODES = {
    "BBW": ("WW", "BW", "FW", "FPB", "PAB"),
    "BBD": ("WD", "BD", "HPB"),
    "BBL": ("WL", "BL"),
    "BBZ": ("ZPB",),
    "BBF": ("FL",),
    "BBU": ("PAB",),
}
# TRF-2026 162 codes (§10.3); P defaults to W within the record, X (unknown) is not scored.
_162_CODES = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "P": ("PAB",),
    "X": (),
}

#: The codes (upper case) of the records :class:`ScoringRecords` reads.
SCORING_CODES = frozenset(("162", "XXS", *_BBP_CODES))


class ScoringRecords:
    """The reader of the scoring records, one :meth:`read` a record."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.values: dict[str, Fraction] = {}
        self.line = 0  # the last scoring record's line
        self.at: dict[str, tuple[int, int]] = {}  # a scoring key -> (line, column) it was set at
        self.bbp_seen: set[str] = set()  # bbpPairings' BB* records read (BBU overrides BBW's PAB)

    def read(self, record: Line) -> None:
        code = record.code.upper()
        if code == "162":
            self.scoring_162(record.text, record.number)
        elif code == "XXS":
            self.scoring_xxs(record.text, record.number)
        else:
            self.scoring_bbp(code, record.text, record.number)

    def set(self, key: str, points: Fraction, number: int, column: int) -> None:
        self.values[key] = points
        self.at[key] = (number, column)

    def scoring_162(self, line: str, number: int) -> None:
        body = line[3:]
        found: dict[str, Fraction] = {}
        at: dict[str, int] = {}  # a code -> its column
        pos, pending = 0, ""
        for m in re.finditer(r"\S+", body):
            token, column = m.group(), m.start() + 4  # body starts at column 4
            if pos % 2 == 0:  # a code (column 6, 15, 24, ...)
                code = token[0].upper()
                if code not in _162_CODES:
                    raise self.source.error(
                        f"unknown scoring code '{token[0]}' in record 162 (expected one of W D L A P X)", number, column
                    )
                at[code] = column
                if len(token) > 1:  # a value that fills columns 7-10 touches the code
                    found[code] = self.source.number(token[1:], number, column + 1, "points")
                    continue
                pending = code
            else:  # its value (columns 7-10, 16-19, ...)
                found[pending] = self.source.number(token, number, column, "points")
            pos += 1
        if pos % 2:
            raise self.source.error(f"scoring code '{pending}' in record 162 has no value", number, len(line))
        for code, value in found.items():
            for key in _162_CODES[code]:
                self.set(key, value, number, at[code])
        if "W" in found and "P" not in found:  # "P: PAB (same as W)"
            self.values["PAB"] = found["W"]
        self.line = number

    def scoring_xxs(self, line: str, number: int) -> None:
        # JaVaFo: CODE=VALUE pairs, left to right and top down, later ones override (§10.2).
        for m in re.finditer(r"\S+", line[3:]):
            token, column = m.group(), m.start() + 4  # body starts at column 4
            key, eq, value = token.partition("=")
            key = key.upper()
            if not eq or (key not in XXS_FIELDS and key not in _XXS_SHORTCUTS):
                raise self.source.error(
                    f"bad XXS item '{token}' (expected CODE=VALUE with CODE one of "
                    f"{' '.join(list(XXS_FIELDS) + list(_XXS_SHORTCUTS))})",
                    number,
                    column,
                )
            points = self.source.number(value, number, column + len(key) + 1, f"XXS {key} value")
            for k in _XXS_SHORTCUTS.get(key, (key,)):
                self.set(k, points, number, column)
        self.line = number

    def scoring_bbp(self, code: str, line: str, number: int) -> None:
        # bbpPairings' TRF(bx) (its README): "BBW  3.0", one value a record. Its getPoints scores
        # a forfeit win and an FPB as a win, an HPB as a draw; BBU (the PAB) defaults to BBW.
        m = re.search(r"\S+", line[3:])
        if m is None:
            raise self.source.error(f"record {code} has no value (e.g. {code}  1.0)", number, 5)
        points = self.source.number(m.group(), number, m.start() + 4, f"{code} value")
        for key in _BBP_CODES[code]:
            if key == "PAB" and code == "BBW" and "BBU" in self.bbp_seen:
                continue
            self.set(key, points, number, m.start() + 4)
        self.bbp_seen.add(code)
        self.line = number

    def scoring(self) -> Scoring:
        """The event's scoring: the standard one without a scoring record."""
        if not self.values:
            return Scoring()
        default = Scoring()
        values = {k: getattr(default, f) for k, f in XXS_FIELDS.items()}
        values.update(self.values)
        for white, black in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
            if values[white] != values[black]:
                # Named where the later of the two was set (the other may be the default).
                line, column = max((self.at[k] for k in (white, black) if k in self.at), default=(self.line, 5))
                raise self.source.error(
                    f"colour-dependent scoring is not supported ({white}="
                    f"{exact_text(values[white], 1)}, {black}={exact_text(values[black], 1)}): "
                    "tbxl scores a game alike for White and Black",
                    line,
                    column,
                )
        return Scoring(**{f: values[k] for k, f in XXS_FIELDS.items()})
