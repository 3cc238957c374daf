"""The organizer's decisions beside the results (:class:`~tbxl.model.decisions.Decisions`) as the
command line and ``tbxl.toml`` give them: the options (``--expelled``, ``--estimated``,
``--ratings``, ``--list-change``, ``--given``; the categories' and prizes' options beside them),
the ``tbxl.toml`` keys of the same names, and the
CSV files they may name (start number, first round, rating; code, start number, value; start
number, rating), each read into the items of :mod:`tbxl.model.decisions` with errors that name
the file and the line, or the option.

>>> from argparse import ArgumentParser
>>> p = ArgumentParser(); add_options(p)
>>> vars(p.parse_args(["--expelled", "12", "--estimated", "7:1650", "--list-change", "4:BH,SB"]))["expelled"]
['12']
"""

from __future__ import annotations

import csv
import io
import os
from argparse import ArgumentParser
from collections.abc import Callable, Sequence
from typing import Any

from tbxl.errors import InputError, TbxlError, UsageError, excerpt
from tbxl.limits import MAX_CONFIG_BYTES, read_regular
from tbxl.model.decisions import KINDS, parse_item

__all__ = ["OPTIONS", "add_options", "items", "from_toml"]

#: Each option: its name (the ``tbxl.toml`` key and the :class:`~tbxl.projection.Options` field),
#: the kind of item it holds (:data:`~tbxl.model.decisions.KINDS`), and its CSV's columns (None: no
#: file form).
OPTIONS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "expelled": ("expelled", None),
    "estimated": ("estimated rating", ("start number", "rating")),
    "ratings": ("rating by round", ("start number", "first round", "rating")),
    "list_change": ("list change", None),
    "given": ("given value", ("code", "start number", "value")),
}


def add_prize_options(sp: ArgumentParser) -> None:
    """The options of the categories and the prizes (the manual's page Categories and prizes), for
    the commands that rank an event and print or compute its prizes."""
    sp.add_argument(
        "--category",
        action="append",
        default=[],
        metavar="NAME=CONDITIONS",
        dest="categories",
        help="a category's standings, e.g. 'U12=age<12', 'Women=sex=w', "
        "'U1800=rating<1800|unrated', 'VIE=fed=VIE' (repeatable; the manual's page Categories and prizes)",
    )
    sp.add_argument(
        "--prizes",
        action="append",
        default=[],
        metavar="[NAME=]PLACE:AMOUNT,...",
        help="prize money by place, e.g. '1:500,2:300,3:200,4-6:100'; NAME=... for a category's prizes (repeatable)",
    )
    sp.add_argument(
        "--prize-sharing",
        choices=("hort", "equal", "tiebreak"),
        help="how players tied on points share: hort (default: half by the "
        "tie-breaks, half equally), equal, or tiebreak (no sharing)",
    )
    sp.add_argument(
        "--prize-policy",
        choices=("one-per-player", "cumulative"),
        help="one-per-player (default): each player takes one prize, the higher "
        "(equal: the list given first), and the next player moves up; "
        "cumulative: prizes from several lists",
    )
    sp.add_argument(
        "--prize-first",
        metavar="LIST",
        help="with one prize per player, the list that wins equal amounts: overall (default) or a category's name",
    )


def add_options(sp: ArgumentParser) -> None:
    """The options of the organizer's decisions, for the commands that rank an event."""
    sp.add_argument(
        "--expelled",
        action="append",
        default=[],
        metavar="N[,M...]",
        help="expelled players (start numbers): no rank, no prize, listed apart; their games count "
        "for their opponents (C.07 16.1, 16.3; repeatable)",
    )
    sp.add_argument(
        "--estimated",
        action="append",
        default=[],
        metavar="N:RATING|FILE.csv",
        help="the rating estimated for an unrated player, used with --set unrated_method=estimated "
        "(or a CSV of start number, rating; repeatable)",
    )
    sp.add_argument(
        "--ratings",
        action="append",
        default=[],
        metavar="FILE.csv|N:ROUND:RATING",
        help="ratings by round for a long event: a CSV of start number, first round, rating; rating "
        "tie-breaks take the first rating, or each round's with --set rating_by=round (repeatable)",
    )
    sp.add_argument(
        "--list-change",
        metavar="K:CODES",
        help="the tie-break list changed after round K; CODES the previous list, e.g. '4:BH,SB' "
        "(said on the standings and written to the TRF)",
    )
    sp.add_argument(
        "--given",
        action="append",
        default=[],
        metavar="CODE:N=VALUE|FILE.csv",
        help="a tie-break value given, not computed (a play-off's result), e.g. 'BH:12=15.5', or a "
        "CSV of code, start number, value (repeatable)",
    )


def _item_error(kind: str, text: str) -> str | None:
    """What is wrong with ``text`` as an item of ``kind`` (None: nothing)."""
    try:
        parse_item(kind, text)
    except TbxlError as err:
        return str(err)
    return None


def items(name: str, values: Sequence[str], base: str = "", where: str = "") -> list[str]:
    """The items of option ``name`` (a key of :data:`OPTIONS`): each value an item, or the CSV file
    it names (relative to ``base``) read into items; an error naming ``where`` (the option, the
    file's line and key) and the value, or the CSV's file and line."""
    kind, columns = OPTIONS[name]
    out: list[str] = []
    for value in values:
        path = os.path.join(base, os.path.expanduser(value)) if base or columns else value
        if columns is not None and os.path.isfile(path):
            out.extend(_csv_items(path, kind, columns))
            continue
        wrong = _item_error(kind, value)
        if wrong is not None:
            hint = f", or a CSV file of {', '.join(columns)}" if columns else ""
            if columns and value.lower().endswith(".csv"):
                raise UsageError(f"{where}: no such file {excerpt(value)}")
            if not wrong.endswith(KINDS[kind]):  # a value out of range: its own words
                raise UsageError(f"{where}: {wrong}")
            raise UsageError(f"{where}: {excerpt(value, 40)}: expected {KINDS[kind]}{hint}")
        out.append(value)
    return out


def _csv_items(path: str, kind: str, columns: tuple[str, ...]) -> list[str]:
    """The items of a CSV file of ``columns`` (a first row of names is skipped); an
    :class:`InputError` naming the file and the line of a row that is not one."""
    data = read_regular(path, MAX_CONFIG_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text ({err.reason} at byte {err.start})", file=path) from None
    dialect = ";" if text.count(";") > text.count(",") else ","
    out = []
    for number, row in enumerate(csv.reader(io.StringIO(text), delimiter=dialect), 1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if number == 1 and not any(c[:1].isdigit() for c in cells[1:]):
            continue  # the column names
        if len(cells) != len(columns):
            raise InputError(
                f"{len(cells)} columns; expected {len(columns)}: {', '.join(columns)}", file=path, line=number
            )
        if kind == "given value":
            item = f"{cells[0]}:{cells[1]}={cells[2]}"
        else:
            item = ":".join(cells)
        try:
            parse_item(kind, item)
        except InputError as err:
            raise InputError(err.message, file=path, line=number) from None
        out.append(item)
    return out


def from_toml(key: str, value: Any, base: str, bad: Callable[[str], UsageError]) -> list[str] | str:
    """The items of the ``tbxl.toml`` key ``key`` (a key of :data:`OPTIONS`): a string (an item, or a
    CSV file beside the configuration), a list of them (start numbers as numbers for ``expelled``),
    or a table (``[estimated]`` ``12 = 1650``; ``[given.BH]`` ``12 = "15.5"``; ``[ratings.12]``
    ``5 = 2150``; ``[list_change]`` ``after_round = 4``, ``previous = "BH,SB"``); ``bad`` makes
    the error naming the file, the line and the key."""
    kind, _ = OPTIONS[key]
    if key == "list_change":
        if isinstance(value, dict):
            extra = [k for k in value if k not in ("after_round", "previous")]
            k, previous = value.get("after_round"), value.get("previous")
            if isinstance(previous, list):
                previous = ",".join(str(p) for p in previous)
            if extra or not isinstance(k, int) or isinstance(k, bool) or not isinstance(previous, str):
                raise bad('a table: after_round = 4, previous = "BH,SB" (or the string "4:BH,SB")')
            value = f"{k}:{previous}"
        if not isinstance(value, str):
            raise bad(f'the round and the previous list, "4:BH,SB", not {excerpt(value)}')
        try:
            parse_item(kind, value)
        except TbxlError as err:
            raise bad(str(err)) from None
        return value
    if isinstance(value, dict):
        value = _table_items(key, value, bad)
    elif isinstance(value, (str, int)) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise bad(f"a list of items ({KINDS[kind]}) or a CSV file's name, not {excerpt(value)}")
    try:
        return items(key, [str(v) for v in value], base, key)
    except TbxlError as err:
        raise bad(str(err).removeprefix(f"{key}: ")) from None


def _table_items(key: str, table: dict[str, Any], bad: Callable[[str], UsageError]) -> list[str]:
    """The items of a ``tbxl.toml`` table of ``key``'s values (see :func:`from_toml`)."""

    def plain(v: Any) -> str:
        if isinstance(v, bool) or not isinstance(v, (int, str)):
            raise bad(f'values as whole numbers or strings ("15.5": no floats), not {excerpt(v)}')
        return str(v)

    if key == "estimated":
        return [f"{sn}:{plain(r)}" for sn, r in table.items()]
    if key == "expelled":
        raise bad("a list of start numbers, e.g. expelled = [12]")
    out = []
    for outer, inner in table.items():
        if not isinstance(inner, dict):
            example = '[given.BH] then 12 = "15.5"' if key == "given" else "[ratings.12] then 5 = 2150"
            raise bad(f"a table of tables: {example}")
        for k, v in inner.items():
            out.append(f"{outer}:{k}={plain(v)}" if key == "given" else f"{outer}:{k}:{plain(v)}")
    return out
