"""What the commands write on an event, individual or team: the aligned text table, the CSV and
the JSON of the standings, and the text of an explanation; where the forms go (``-o FILE`` or
standard output, control characters made inert) and the one-line messages on standard error."""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Iterable, Iterator, Optional

from tbxl.errors import UsageError
from tbxl.formatting import decimal_text, json_number, json_number_raw, signed_text, visible, visible_json
from tbxl.io.files import output_format
from tbxl.model import TeamTournament
from tbxl.cli.parser import WRITES

__all__ = ["say", "wrote", "emit", "form", "is_team", "aligned", "csv_text", "csv_row", "csv_name", "render_table", "render_csv",
           "render_json", "change_json", "render_explain", "separation_text", "render_team_explain",
           "render_rank_check", "RENDERERS"]


def say(message: str) -> None:
    """One line on standard error; names quoted in it are shown inert (:func:`visible`)."""
    _to_stderr(f"tbxl: {visible(message)}")


def _to_stderr(line: str) -> None:
    """A line on standard error, if there is one to write to (a closed one is left be: the exit
    code still tells)."""
    err = sys.stderr
    if err is None:
        return
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


#: What the report commands say after writing a web page: its print stylesheet makes a browser's
#: print the same pages as the PDF, the printout for whoever has no WeasyPrint.
PRINT_HINT = ("print it from a browser (Ctrl+P or Cmd+P, Save as PDF, no headers and footers) for the "
              "same pages as the PDF")


def wrote(path, pages: Optional[int]) -> None:
    """The line that says where a command wrote, on stderr (stdout stays for data); nothing for a
    device such as /dev/null or /dev/stdout, which is no file to find."""
    import os
    if os.path.exists(path) and not os.path.isfile(path):
        return
    what = f" ({pages} page{'s' if pages != 1 else ''})" if pages is not None else ""
    if str(path).lower().endswith((".html", ".htm")):
        what += f"; {PRINT_HINT}"
    _to_stderr(visible(f"wrote {path}{what}"))


def emit(args, text: str, fmt: str = "text") -> None:
    """Write ``text`` to ``-o FILE`` or standard output, control and bidi characters made inert
    (line breaks kept; in JSON as ``\\u`` escapes, which read back to the same names)."""
    text = visible_json(text) if fmt == "json" else visible(text, keep="\n")
    if getattr(args, "output", None):
        from tbxl.io.files import write_atomic
        write_atomic(args.output, text, inputs=[args.input, getattr(args, "published", None)])  # UTF-8
        wrote(args.output, None)
    else:
        to_stdout(text, fmt)


def to_stdout(text: str, fmt: str = "text") -> None:
    """``text`` on standard output. JSON and CSV are data for another program: written as UTF-8
    bytes whatever the console's encoding (a Windows console, ``PYTHONIOENCODING=cp1252``,
    ``LC_ALL=POSIX`` would turn every "Nguyễn" into "?"). The table is for eyes: a console that cannot
    show a name shows what it can, and a warning says so. A closed or full standard output is an
    error in one line; a reader that stops early (``| head``) ends the output quietly."""
    from tbxl.errors import InputError
    out = sys.stdout
    if out is None:
        raise InputError("standard output is closed: give -o FILE to write to a file")
    try:
        buffer = getattr(out, "buffer", None)
        encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
        if fmt in ("json", "csv") and buffer is not None and encoding != "utf8":
            out.flush()
            buffer.write(text.encode("utf-8"))
            buffer.flush()
            return
        try:
            out.write(text)
        except UnicodeEncodeError:
            enc = out.encoding or "ascii"
            out.write(text.encode(enc, errors="replace").decode(enc))
            say(f"warning: this console ({enc}) cannot show some names, shown as '?'; -o FILE (or "
                "--format csv or json) keeps every character")
        out.flush()
    except BrokenPipeError:   # the reader has stopped (`tbxl compute ... | head`): nothing more to say
        _quiet_stdout()
    except OSError as err:
        raise InputError(f"standard output: cannot write ({err.strerror or err})") from None


def _quiet_stdout() -> None:
    """Standard output pointed at nothing after a broken pipe, so that the flush at exit says nothing."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def form(args) -> str:
    """What the command writes: as ``-o``'s extension says, which ``--format`` (or ``--html``)
    may repeat but not contradict; without an extension ``--format``, else the command's default."""
    allowed = WRITES[args.command]
    option = getattr(args, "format", None)
    given = {"table": "text"}.get(option, option)
    if getattr(args, "html", False):
        option, given = "--html", "html"
    elif option:
        option = f"--format {option}"
    ext = output_format(args.output, allowed) if getattr(args, "output", None) else None
    if given and ext and given != ext:
        raise UsageError(f"-o {args.output}: {option} contradicts the extension, which says {ext}")
    return ext or given or allowed[0]


def is_team(st) -> bool:
    """True for the standings of a team event (C.07 Arts 11-13): teams are ranked, not players."""
    return st.tournament.is_team


# -- standings: text, CSV, JSON -----------------------------------------------------------------

def _cell(v) -> str:
    return decimal_text(v, none="-")


def aligned(head: list[str], body: list[list[str]], left=frozenset({2})) -> list[str]:
    """The rows of a terminal table, each column as wide as its widest cell: the ``left`` columns
    (the names) flush left, the numbers flush right."""
    widths = [max(len(row[k]) for row in [head] + body) for k in range(len(head))]
    return ["  ".join(c.ljust(widths[k]) if k in left else c.rjust(widths[k])
                      for k, c in enumerate(row)).rstrip() for row in [head] + body]


def render_table(st, cl=None, changes=None) -> str:
    """A readable aligned table for a terminal; then each category's standings and the prizes
    (individual events). A team event's table ranks the teams by the primary score (MP or GP).
    ``changes`` (:func:`tbxl.rating_change.rating_changes`) adds the ``K`` and ``rtg+/-`` columns."""
    t = st.tournament
    if is_team(st):
        head = ["Rank", "TNo", "Team", st.primary] + st.codes + _decided_head(st)
        body = [[r.rank_label, str(r.team.number), visible(r.team.name), _cell(r.points)]
                + [_cell(r.values[c]) for c in st.codes] + _decided_cell(st, r) for r in st.rows]
        lines = [visible(f"{t.name or t.source} - {len(t.teams)} teams x {t.boards} boards - {t.rounds} rounds - "
                         f"rules {st.rules}")]
        return "\n".join(lines + aligned(head, body) + _lots_lines(st)) + "\n"
    prize = cl.prize_of(None) if cl and None in cl.awards else None
    head = ["Rank", "SNo", "Name", "Pts"] + st.codes + _decided_head(st) + (["Prize"] if prize is not None else []) \
        + (["K", "rtg+/-"] if changes is not None else [])
    body = [[r.rank_label, str(r.player.start_number), visible(r.player.name), _cell(r.points)]
            + [_cell(r.values[c]) for c in st.codes] + _decided_cell(st, r)
            + ([_money(prize.get(r.player.start_number))] if prize is not None else [])
            + (_change_cells(changes.get(r.player.start_number)) if changes is not None else []) for r in st.rows]
    lines = [visible(f"{t.name or t.source} - {t.rounds} rounds - rules {st.convention.name}")]
    lines += aligned(head, body) + _lots_lines(st)
    for name, rows in (cl.rows.items() if cl else ()):
        award = cl.prize_of(name) if name in cl.awards else None
        lines += ["", f"Category {name}: {len(rows)} player{'' if len(rows) == 1 else 's'}"]
        if rows:
            lines += aligned(["Place", "SNo", "Name", "Pts", "Rank"] + (["Prize"] if award is not None else []),
                             [[place, str(r.player.start_number), visible(r.player.name), _cell(r.points),
                               r.rank_label]
                              + ([_money(award.get(r.player.start_number))] if award is not None else [])
                              for place, r in zip(cl.places[name], rows)])
    if cl and cl.awards:
        from tbxl.report import labels  # the words only: no Jinja2 or WeasyPrint
        lines += ["", f"Prizes ({cl.sharing}): {labels('en')['prize_sharing'][cl.sharing]}"]
        if cl.policy == "one-per-player" and len(cl.awards) > 1:
            lines.append("One prize per player: the higher (equal amounts: the list given first); "
                         "the next player of the other list moves up")
    return "\n".join(lines) + "\n"


def _decided_head(st) -> list[str]:
    """The table's column of the places decided by a play-off or lots (none when no place was)."""
    return ["Decided"] if st.decided_by else []


def _decided_cell(st, r) -> list[str]:
    return [r.decided_by or ""] if st.decided_by else []


def _lots_lines(st) -> list[str]:
    """The seed of the lots, said under the table so that anyone can draw them again."""
    if st.lots_seed is None:
        return []
    return ["", visible(f"Lots drawn with the seed '{st.lots_seed}': each player's lot is the SHA-256 of "
                        f"'{st.lots_seed}:START_NUMBER', lowest first (docs/arbiter/playoffs.md)")]


def _change_cells(ch) -> list[str]:
    """``K`` and ``rtg+/-`` of a player (``-`` for an unrated one)."""
    return ["-", "-"] if ch is None else [str(ch.k), signed_text(ch.change)]


def _money(award) -> str:
    """A prize at the edge: two decimals (exact fractions inside)."""
    return "" if award is None else decimal_text(award.amount, places=2)


#: After a list separator, the characters that start a formula in the cell a spreadsheet splitting
#: there would make (the separator of the reader's locale may not be the comma).
_FORMULA_AFTER_SEPARATOR = re.compile(r"([,;\t|])([=+\-@])")
#: A CSV field is quoted when it holds the list separator of any locale's spreadsheet (a comma, a
#: semicolon, a tab), a quote or a line break; the csv module quotes only its own delimiter.
_NEEDS_QUOTES = re.compile(r'[,;\t"\r\n]')


def csv_text(text: str) -> str:
    """Text as CSV data: a leading ``= + - @`` would make a spreadsheet run it as a formula
    (CSV injection), so such text gets a leading apostrophe, as spreadsheets do themselves; so does
    such a character right after a list separator (a spreadsheet of another locale may split there).

    >>> csv_text("=HYPERLINK(1)"), csv_text("Ann"), csv_text("Ann;@SUM(1)")
    ("'=HYPERLINK(1)", 'Ann', "Ann;'@SUM(1)")
    """
    text = _FORMULA_AFTER_SEPARATOR.sub(r"\1'\2", text)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_row(fields: Iterable[object]) -> str:
    """One CSV line (RFC 4180, comma-separated): a field is quoted when it holds a comma, a
    semicolon, a tab, a quote or a line break (``_NEEDS_QUOTES``), so that a spreadsheet splitting
    on its locale's separator keeps it one cell; None is an empty field.

    >>> csv_row([1, "Ann; Bo", None, "3.5"])
    '1,"Ann; Bo",,3.5\\n'
    """
    out = []
    for field in fields:
        text = "" if field is None else str(field)
        out.append('"' + text.replace('"', '""') + '"' if _NEEDS_QUOTES.search(text) else text)
    return ",".join(out) + "\n"


def csv_name(name: str) -> str:
    """A player's or a team's name as CSV data: its control and bidi characters made inert
    (:func:`visible`), then kept from being read as a formula (:func:`csv_text`).

    >>> csv_name("=HYPERLINK(1)"), csv_name("\\x1b=1")
    ("'=HYPERLINK(1)", '\\\\x1b=1')
    """
    return csv_text(visible(name))


def _player_fields(p) -> list:
    """Title, rating, federation, FIDE id, club: as the input has them ("" when it has not)."""
    return [csv_text(p.title), "" if p.rating is None else p.rating, csv_text(p.federation),
            csv_text(p.known_fide_id or ""), csv_text(p.club)]


def render_csv(st, cl=None, changes=None) -> str:
    """One row per player: rank, start number, name, points, the tie-breaks, then the player's
    title, rating, federation, FIDE id and club; with categories a ``category:NAME`` column (the
    place in that category, empty for others); with prizes ``prize`` and ``prize:NAME`` columns.
    With ``changes``: ``k``, ``rated_games``, ``rated_score``, ``expected_score`` and
    ``rating_change`` (empty for an unrated player).
    A team event: one row per team (rank, team number, name, primary score, the tie-breaks)."""
    buf = io.StringIO()
    if is_team(st):
        buf.write(csv_row(["rank", "team_number", "name", "points"] + st.codes + _csv_decided_head(st)))
        for r in st.rows:
            buf.write(csv_row([r.rank_label, r.team.number, csv_name(r.team.name), decimal_text(r.points)]
                              + [decimal_text(r.values[c]) for c in st.codes] + _decided_cell(st, r)))
        return buf.getvalue()
    names = list(cl.rows) if cl else []
    lists = list(cl.awards) if cl else []
    buf.write(csv_row(["rank", "start_number", "name", "points"] + st.codes
                      + ["title", "rating", "federation", "fide_id", "club"]
                      + [csv_name(f"category:{n}") for n in names]
                      + ["prize" if n is None else csv_name(f"prize:{n}") for n in lists] + _csv_decided_head(st)
                      + (["k", "rated_games", "rated_score", "expected_score", "rating_change"]
                         if changes is not None else [])))
    places = {n: dict(zip(cl.members[n], cl.places[n])) for n in names}
    awards = {n: cl.prize_of(n) for n in lists}
    for r in st.rows:
        sn = r.player.start_number
        buf.write(csv_row([r.rank_label, sn, csv_name(r.player.name), decimal_text(r.points)]
                          + [decimal_text(r.values[c]) for c in st.codes] + _player_fields(r.player)
                          + [places[n].get(sn, "") for n in names] + [_money(awards[n].get(sn)) for n in lists]
                          + _decided_cell(st, r)
                          + (_change_csv(changes.get(sn)) if changes is not None else [])))
    return buf.getvalue()


def _csv_decided_head(st) -> list[str]:
    """The CSV's ``decided_by`` column, last, when a play-off or lots placed someone."""
    return ["decided_by"] if st.decided_by else []


def _change_csv(ch) -> list:
    if ch is None:
        return ["", "", "", "", ""]
    return [ch.k, ch.games, decimal_text(ch.score), decimal_text(ch.expected), decimal_text(ch.change)]


def change_json(ch) -> Optional[dict]:
    """A player's ``rating_change`` object of the JSON (None for an unrated player)."""
    if ch is None:
        return None
    return {"k": ch.k, "games": ch.games, "score": json_number(ch.score), "expected": json_number(ch.expected),
            "change": json_number(ch.change)}


def _json_column(raw: list, den: int) -> list:
    """JSON numbers of a whole column at once (a comprehension per column, not a call per value)."""
    if all(type(v) is int for v in raw):
        if den == 1:
            return raw
        if den in (2, 4):  # halves and quarters: the float's repr is the exact decimal
            return [v // den if v % den == 0 else v / den for v in raw]
    return [json_number_raw(v, den) for v in raw]


def _json_rows(st, changes=None) -> Iterator[dict]:
    """The standings entries one at a time (the JSON text of 10^4 players is written without
    holding 10^4 dictionaries)."""
    codes = st.codes
    n = len(st.context.players)
    pts = _json_column(st.points_column.raw, st.points_column.den)
    cols = []
    for k, col in enumerate(st.columns):
        if col is None:  # DE: the tier, where it applied
            cols.append([st.de_tier.get((codes[k], i)) for i in range(n)])
        else:
            cols.append(_json_column(col.raw, col.den))
    return ({"rank": r.rank, "rank_label": r.rank_label, "start_number": r.player.start_number,
             "name": r.player.name, "points": pts[r.index],
             "values": dict(zip(codes, [c[r.index] for c in cols])),
             "title": r.player.title or None, "rating": r.player.rating,
             "federation": r.player.federation or None, "fide_id": r.player.known_fide_id,
             "club": r.player.club or None, "decided_by": r.decided_by,
             **({"rating_change": change_json(changes.get(r.player.start_number))} if changes is not None else {})}
            for r in st.rows)


def _json_awards(awards) -> list[dict]:
    return [{"place": a.place, "start_number": a.player, "listed": decimal_text(a.listed, places=2),
             "amount": decimal_text(a.amount, places=2)} for a in awards]


def _event_json(t) -> dict:
    """The event's details besides its name and start date (TRF 022, 032, 052, 102, 112, 122; a
    workbook's Event sheet): null (an empty list for the deputies) where the input has none."""
    return {"end_date": t.end_date.isoformat() if t.end_date else None, "place": t.city or None,
            "federation": t.federation or None, "chief_arbiter": t.chief_arbiter or None,
            "deputy_arbiters": list(t.deputy_arbiters), "time_control": t.time_control or None}


def _json_head(st, cl=None) -> dict:
    """The ``--format json`` object (the contract the Excel layer and outside checks rely on)
    without its standings, which :func:`render_json` writes one entry per line."""
    t = st.tournament
    prizes = None
    if cl and cl.awards:
        prizes = {"sharing": cl.sharing, "policy": cl.policy, "overall": _json_awards(cl.awards.get(None, [])),
                  "categories": {n: _json_awards(a) for n, a in cl.awards.items() if n is not None}}
    return {
        "tournament": {"name": t.name, "rounds": t.rounds, "players": len(t.players),
                       "start_date": t.start_date.isoformat() if t.start_date else None,
                       "pairing": t.pairing.value, **_event_json(t), "links": list(t.links)},
        "rules": st.convention.name,
        "tiebreaks": st.codes,
        "categories": cl.members if cl else {},
        "prizes": prizes,
        "lots_seed": st.lots_seed,
    }


def _team_json(st) -> tuple[dict, list[dict]]:
    """The ``--format json`` object of a team event without its standings, and the standings:
    ``points`` is the primary score (MP unless the list starts with GPTS); ``values`` are keyed by
    the codes as given; an order's value is the tier within the tied group (1 = top) or null where
    it did not apply."""
    t = st.tournament
    head = {"tournament": {"name": t.name, "rounds": t.rounds, "teams": len(t.teams), "boards": t.boards,
                           "players": len(t.players), "kind": "team", "primary": st.primary,
                           "start_date": t.start_date.isoformat() if t.start_date else None,
                           **_event_json(t), "links": list(t.links)},
            "rules": st.rules,
            "tiebreaks": st.codes,
            "lots_seed": st.lots_seed}
    rows = [{"rank": r.rank, "rank_label": r.rank_label, "team_number": r.team.number,
             "name": r.team.name, "points": json_number(r.points),
             "values": {c: json_number(v) for c, v in r.values.items()}, "decided_by": r.decided_by}
            for r in st.rows]
    return head, rows


def render_json(st, cl=None, changes=None) -> str:
    """The standings as JSON: the event, the rules, the tie-breaks (and the categories and prizes
    of an individual event), then one standings entry per line."""
    # One standings entry per line, through the C encoder (an indent would force the slow one).
    if is_team(st):
        obj, rows = _team_json(st)
        head = json.dumps(obj, ensure_ascii=False)[:-1]
        return head + ', "standings": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]}\n"
    head = json.dumps(_json_head(st, cl), ensure_ascii=False)[:-1]
    dump = json.JSONEncoder(ensure_ascii=False).encode
    return head + ', "standings": [\n' + ",\n".join(map(dump, _json_rows(st, changes))) + "\n]}\n"


#: The standings renderers by the form the command writes.
RENDERERS = {"text": render_table, "csv": render_csv, "json": render_json}


# -- explanations ---------------------------------------------------------------------------------

def render_explain(st, players, codes) -> str:
    """The derivations of ``codes`` for one player or several (a list: the first is the
    appellant), then what separates the first from each other one."""
    players = [players] if isinstance(players, int) else list(players)
    names = {p.start_number: p.name for p in st.tournament.players}
    out = []
    for player in players:
        p = st.tournament.player(player)
        row = st.row(player)
        out += [f"{p.name} (start number {player}), rank {row.rank_label}{_decided_note(row)}, "
                f"rules {st.convention.name}", ""]
        for code in codes:
            out.append(st.explain(player, code).text(lambda v: decimal_text(v), names))
            out.append("")
    if len(players) > 1:
        out.append("What separates them")
        out += [separation_text(st, players[0], other) for other in players[1:]]
        out.append("")
    return "\n".join(out)


def _decided_note(row) -> str:
    """`` (by play-off)`` / `` (by lots)`` after a rank that a play-off or lots decided."""
    return f" (by {row.decided_by})" if row.decided_by else ""


def separation_text(st, a: int, b: int) -> str:
    """One line: which of ``a`` and ``b`` is ahead and the item that decided it, with both values.

    >>> from importlib.resources import files
    >>> from tbxl.standings import compute_standings
    >>> from tbxl.io.trf import read_trf
    >>> from tbxl.rules import get
    >>> st = compute_standings(read_trf(str(files("tbxl.examples") / "held_swiss_5.trf")), "BH/C1,BH,SB", get("fide-2024"))
    >>> separation_text(st, 1, 4)
    '  4 David (rank 3) is ahead of 1 Alyx (rank 4): equal on points, separated by BH/C1, 11.5 against 11'
    """
    ra, rb = sorted((st.row(a), st.row(b)), key=lambda r: (r.rank, r.player.start_number))
    code = st.separating(a, b)
    who = lambda r: f"{r.player.start_number} {r.player.name} (rank {r.rank_label})"
    if code is None:
        how = ra.decided_by if ra.decided_by == rb.decided_by and ra.rank != rb.rank else None
        if how == "lots":
            return (f"  {who(ra)} is ahead of {who(rb)}: equal on points and on every tie-break, "
                    f"placed by lots (seed '{st.lots_seed}')")
        if how == "play-off":
            return f"  {who(ra)} is ahead of {who(rb)}: equal on points and on every tie-break, placed by the play-off"
        return f"  {who(ra)} and {who(rb)} share the place: equal on points and on every tie-break"
    value = (lambda r: _cell(r.points)) if code == "PTS" else (lambda r: _cell(r.values[code]))
    how = "on points" if code == "PTS" else f"equal on points, separated by {code}"
    return f"  {who(ra)} is ahead of {who(rb)}: {how}, {value(ra)} against {value(rb)}"


def _board_text(b) -> str:
    from tbxl.model.codes import result_code
    who = str(b.player) if b.player is not None else "-"
    opp = f" v {b.entry.opponent}" if b.entry.opponent else ""
    return f"B{b.board} {who}{opp} {result_code(b.entry.kind, b.entry.outcome)}"


def _team_matches(t: TeamTournament, number: int) -> list[str]:
    """The team's rounds board by board."""
    team = t.team(number)
    out = [f"  {'rd':>3} {'opp':>4} {'col':>3} {'kind':<14} {'MP':>4} {'GP':>5}  boards"]
    for r in team.rounds:
        out.append(f"  {r.round:>3} {'' if r.opponent is None else r.opponent:>4} {r.colour or '':>3} "
                   f"{r.kind.value:<14} {_cell(r.mp):>4} {_cell(r.gp):>5}  "
                   + "; ".join(_board_text(b) for b in r.boards))
    return out


def render_team_explain(st, number: int, codes) -> str:
    """A team's players, its matches board by board, then the derivation of each of ``codes``."""
    t = st.tournament
    team = t.team(number)
    row = next(r for r in st.rows if r.team.number == number)
    out = [f"{team.name} (team {number}), rank {row.rank_label}{_decided_note(row)}, rules {st.rules}",
           "players: " + ", ".join(f"{p} {t.player(p).name}" for p in team.players), ""]
    out.extend(_team_matches(t, number))
    out.append("")
    for code in codes:
        d = st.explain(number, code)
        text = d.text(lambda v: decimal_text(v), {tm.number: tm.name for tm in t.teams}, "team")
        first, _, rest = text.partition("\n")
        out.append(first.replace(" of player ", " of team ", 1) + ("\n" + rest if rest else ""))
        out.append("")
    return "\n".join(out)


def render_rank_check(t: TeamTournament, checks: list, as_json: bool = False) -> str:
    """The rank column of the 310 records against the standings under each rule set: ``checks`` is
    ``[(standings, [(team number, published rank, computed label)])]``."""
    out, ok_any = [], False
    published = sum(1 for team in t.teams if team.declared_rank is not None)
    for st, diffs in checks:
        ok_any = ok_any or not diffs
        out.append(f"rules {st.rules}, tie-breaks {','.join([st.primary] + st.codes)}: "
                   f"{published - len(diffs)} of {published} published ranks agree")
        for n, pub, got in diffs:
            out.append(f"  team {n} {t.team(n).name}: published rank {pub}, computed {got}")
    if as_json:
        return json.dumps({"kind": "team", "report": out, "ok": ok_any}, ensure_ascii=False, indent=1) + "\n"
    return "\n".join(out) + "\n"
