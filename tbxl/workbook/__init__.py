"""Write a crosstable workbook (openpyxl) for any event, with tie-break formulas and their computed
values: :func:`write_workbook` (an individual or a team event), :func:`write_template` (an empty
frame). The workbook is read back by :mod:`tbxl.io.workbook`, whose sheet names and settings cells
it shares.

A workbook written for an individual event has

* ``Crosstable``: the grid of :func:`tbxl.io.grid.to_grid` at A1 (start numbers, names, ratings,
  rounds, points), an empty column, then one formula column per tie-break, e.g.
  ``=BUCHHOLZ_CUT($A$1:$I$17,$A2,1,Standings!$B$3)``;
* ``Standings``: the settings (tournament, start date, rules, tie-breaks, pairing system in B1:B5) and a
  ``STANDINGS`` array formula at A6, stored as a dynamic array (it spills in Excel 365 and is a
  classic array formula in older Excel);
* ``Help``: the functions, the three layouts and their grammar, the errors and the rule sets
  (:mod:`tbxl.workbook.help`);
* ``xlwings.conf`` (``.xlsm`` only): ``UDF Modules`` = ``tbxl.excel`` for the classic add-in. The
  ``.xlsm`` is built on xlwings' own quickstart workbook, whose VBA project references the xlwings
  add-in, so *Import Functions* works in it; its sample macro is removed (:mod:`tbxl.workbook.vba`).

A team event's workbook (:mod:`tbxl.workbook.team`) holds the team grid with TEAM_TIEBREAK columns,
TEAM_STANDINGS and its Help sheet.

Every formula cell is stored with the value tbxl computed for it (:mod:`tbxl.workbook.cached`), and the
workbook does not ask Excel to recompute on opening: the numbers show before the functions are
registered; Excel recomputes a cell when one of its inputs changes (Ctrl+Alt+F9 recomputes all).

:func:`write_workbook` never changes results: it reads its own crosstable back first, as the
functions and :func:`~tbxl.io.workbook.read_workbook` will, and refuses (:class:`InputError` naming the
player and round) what would not come back the same (:mod:`tbxl.workbook.check`). A text that a
workbook cannot store (a control character in a name) is refused with one clean error too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tbxl.errors import InputError
from tbxl.io.files import PathLike
from tbxl.io.grid.cells import layout_name
from tbxl.model import EventKind, Pairing, TeamTournament, Tournament, for_kind
from tbxl.standings import Tiebreaks
from tbxl.workbook.individual import write_individual
from tbxl.workbook.team import write_team

if TYPE_CHECKING:
    from tbxl.projection import Options

__all__ = ["write_workbook", "write_template", "TEMPLATE_ROOM"]


def write_workbook(
    event: Tournament | TeamTournament,
    output: PathLike,
    *,
    layout: str | None = None,
    tiebreaks: Tiebreaks = None,
    rules: str | None = None,
    inputs: Iterable[PathLike] = (),
    playoffs: Sequence[str] = (),
    lots: str | None = None,
    options: Options | None = None,
) -> None:
    """Write ``event`` as a crosstable workbook (``.xlsx``, or ``.xlsm`` for the classic add-in; a team
    event: ``.xlsx``) with tie-break formulas and their computed values; atomically, never over one
    of ``inputs``.

    ``layout`` (an individual event): ``"compact"`` (default for a Swiss), ``"sm3"`` or ``"matrix"``
    (default for a round robin, and the only layout for one: the functions read a compact or sm3
    grid as a Swiss, whose unplayed rounds count differently, C.07 15.2 vs 16). ``rules``: written
    into the workbook's Rules cell; default: the rules in force at the tournament's start date.
    ``playoffs`` (orders such as ``"12>7>3"``) and ``lots`` (a seed): written into the Play-off and
    Lots seed settings (Standings!E1:E2), which its STANDINGS (TEAM_STANDINGS) formula takes.
    ``options`` (:class:`~tbxl.projection.Options`): the tie-breaks, rules, play-offs and lots at once,
    its settings in the Rules cell as the rule set's name carries them (``fide-2026+rating_by=round``,
    which the functions read; a team event's own settings, such as ``ede_bc``, are not kept), its
    decisions on the Event sheet, which the STANDINGS (TEAM_STANDINGS) and TIEBREAK formulas take.
    """
    if options is not None:
        tiebreaks, rules, playoffs, lots = options.tiebreaks, options.rules, options.playoffs, options.lots
        if options.settings:
            rules = options.convention(event).name
        event = options.decisions(event)  # kept on the Event sheet, which tbxl reads back
    write = for_kind(_WRITERS, event, "the workbook")
    write(event, output, layout=layout, tiebreaks=tiebreaks, rules=rules, inputs=inputs, playoffs=playoffs, lots=lots)


def _write_team(event: TeamTournament, output: PathLike, *, layout: str | None, **given: Any) -> None:
    if layout is not None:
        raise InputError("a team workbook has one layout: --layout is for individual events")
    write_team(event, output, **given)


#: The workbook of each kind of event.
_WRITERS: dict[EventKind, Callable[..., None]] = {EventKind.INDIVIDUAL: write_individual, EventKind.TEAM: _write_team}


#: The last worksheet row a template's formulas cover: 999 players (what the functions are sent
#: beyond the players typed in is empty rows, which they skip at once).
TEMPLATE_ROOM = 1000


def write_template(
    output: PathLike,
    *,
    players: int = 20,
    rounds: int = 9,
    layout: str = "compact",
    tiebreaks: Tiebreaks = None,
    rules: str | None = None,
    name: str = "",
    inputs: Iterable[PathLike] = (),
    room: int = TEMPLATE_ROOM,
) -> None:
    """Write an empty crosstable frame for ``players`` x ``rounds`` with the formulas wired (they
    stay empty until results are entered) and the Help sheet.

    A compact or sm3 template's formulas cover the rows up to ``room`` (default 1000), whatever
    ``players`` says: a player added below the frame needs no formula edit. A round is added by
    inserting a column before Pts (Excel widens every range that spans the insertion). A matrix
    template has one column per player, so its ranges are the frame's."""
    if players < 1 or rounds < 1:
        raise InputError("a template needs at least one player and one round")
    if room <= players:
        raise InputError(f"a template's formulas must cover more rows than its {players} players")
    layout = layout_name(layout or "compact", InputError)
    pairing = Pairing.ROUND_ROBIN if layout == "matrix" else Pairing.SWISS
    t = Tournament(players=(), rounds=rounds, name=name, pairing=pairing)
    write_individual(
        t, output, layout=layout, tiebreaks=tiebreaks, rules=rules, inputs=inputs, frame=players, room=room
    )
