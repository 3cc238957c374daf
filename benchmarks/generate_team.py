"""Team events as TRF-2026 text, from a small match list or at random (tests and benchmarks).

A round is a list of items:

* ``("M", a, b, "10=+")``: team ``a`` (white on board 1) meets team ``b``; one result per board from
  ``a``'s side: ``1 = 0`` games, ``+ -`` individual forfeits (both players named), ``E`` / ``e``
  an empty board on ``b``'s / ``a``'s side (the other side's player wins by forfeit, ``0000 - +``,
  and a ``300`` record gives the line-up with 0);
* ``("F", a, b, "+-")``: a forfeited match (``330``, also ``-+`` and ``--``);
* ``("B", a, "PAB" | "HPB" | "FPB" | "ZPB")``: a team bye (``320`` / ``240``).

A team's players are numbered ``10 * team + k`` (k = 1 .. boards + reserves); the first ``boards``
play unless ``lineups[(round, team)]`` names others. Players not fielded are written ``0000 - -``.

    python benchmarks/generate_team.py 200 11 6 -o benchmarks/data/team-200x11x6.trf
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from pathlib import Path

_RESULT = {"1": ("1", "0"), "=": ("=", "="), "0": ("0", "1"), "+": ("+", "-"), "-": ("-", "+")}


def _field(opp: int, colour: str, code: str) -> str:
    return f"  {opp:4d} {colour} {code}" if opp else f"  0000 - {code}"


def event_trf(
    teams: int,
    boards: int,
    rounds: list[list[tuple]],
    *,
    reserves: int = 0,
    lineups: dict | None = None,
    name: str = "Team event",
    team_scoring: str = "",
    pab: str = "",
    tiebreaks: str = "",
    colours: str | None = None,
    declared: bool = False,
    extra: str = "",
    width: int = 10,
    kind: str = "FIDE_TEAM_BAKU",
) -> str:
    """The TRF-2026 text of a team event (see the module docstring). ``width``: players per team
    in the numbering (``width * team + k``). ``declared``: fill the 310 MP/GP columns from the
    match list (an independent count, for checking the reader)."""
    lineups = dict(lineups or {})
    per_team = boards + reserves
    members = {t: [width * t + k for k in range(1, per_team + 1)] for t in range(1, teams + 1)}
    slots = {p: [] for ms in members.values() for p in ms}
    seq = colours or ("WB" * boards)[:boards]
    records: list[str] = []
    pab_round: dict[int, int] = {}
    mp = {t: Fraction(0) for t in members}
    gp = {t: Fraction(0) for t in members}
    tw, td = (Fraction(2), Fraction(1))
    if team_scoring:
        parts = team_scoring.split()
        vals = dict(zip(parts[::2], parts[1::2]))
        tw, td = Fraction(vals.get("TW", "2")), Fraction(vals.get("TD", "1"))
    pab_mp, pab_gp = (Fraction(x) for x in pab.split()) if pab else (td, Fraction(boards))
    for r, items in enumerate(rounds, 1):
        fielded: dict[int, list[int | None]] = {}
        for item in items:
            if item[0] == "M":
                _, a, b, res = item
                la = list(lineups.get((r, a), members[a][:boards]))
                lb = list(lineups.get((r, b), members[b][:boards]))
                ga = gb = Fraction(0)
                for k, ch in enumerate(res):
                    ca = "w" if seq[k] == "W" else "b"
                    cb = "b" if ca == "w" else "w"
                    pa, pb = la[k], lb[k]
                    if ch == "E":
                        lb[k] = None
                        slots[pa].append(_field(0, "", "+"))
                        ga += 1
                    elif ch == "e":
                        la[k] = None
                        slots[pb].append(_field(0, "", "+"))
                        gb += 1
                    else:
                        x, y = _RESULT[ch]
                        slots[pa].append(_field(pb, ca, x))
                        slots[pb].append(_field(pa, cb, y))
                        ga += {"1": 1, "=": Fraction(1, 2), "+": 1}.get(x, 0)
                        gb += {"1": 1, "=": Fraction(1, 2), "+": 1}.get(y, 0)
                fielded[a], fielded[b] = la, lb
                for t, lu, opp in ((a, la, b), (b, lb, a)):
                    if (r, t) in lineups or None in lu:
                        records.append(f"300 {r:3d} {t:3d} {opp:3d} " + " ".join(f"{p or 0:4d}" for p in lu))
                mp[a] += tw if ga > gb else td if ga == gb else 0
                mp[b] += tw if gb > ga else td if ga == gb else 0
                gp[a] += ga
                gp[b] += gb
            elif item[0] == "F":
                _, a, b, code = item
                records.append(f"330 {code} {r:3d} {a:3d} {b:3d}")
                for t, c in ((a, code[0]), (b, code[1])):
                    fielded[t] = list(members[t][:boards]) if c == "+" else []
                    for p in fielded[t]:
                        slots[p].append(_field(0, "", "+"))
                    if c == "+":
                        mp[t] += tw
                        gp[t] += boards
            else:
                _, a, what = item
                code = {"PAB": "U", "HPB": "H", "FPB": "F", "ZPB": "Z"}[what]
                fielded[a] = list(members[a][:boards]) if what != "ZPB" else []
                for p in fielded[a]:
                    slots[p].append(_field(0, "", code))
                if what == "PAB":
                    pab_round[r] = a
                    mp[a] += pab_mp
                    gp[a] += pab_gp
                elif what in ("HPB", "FPB"):
                    records.append(f"240 {what[0]} {r:3d} {a:4d}")
                    mp[a] += td if what == "HPB" else tw
                    gp[a] += Fraction(boards, 2) if what == "HPB" else boards
        for t, ms in members.items():
            for p in ms:
                if len(slots[p]) < r:
                    slots[p].append(_field(0, "", "-"))
    lines = [f"012 {name}", "042 2024/09/01", "092 Team Swiss", f"142 {len(rounds)}", f"192 {kind}", f"352 {seq}"]
    if team_scoring:
        lines.append(
            "362 " + "    ".join(f"{c} {v:<4}" for c, v in zip(team_scoring.split()[::2], team_scoring.split()[1::2]))
        )
    if tiebreaks:
        lines.append(f"202 {tiebreaks}")
    for t in sorted(members):
        for p in members[t]:
            pts = Fraction(0)
            for f in slots[p]:
                pts += {"1": 1, "=": Fraction(1, 2), "+": 1, "U": 1, "F": 1, "H": Fraction(1, 2)}.get(f[-1], 0)
            pts_text = f"{float(pts):4.1f}"
            lines.append(
                f"001 {p:4d}      {'Player ' + str(p):<33} {'':4} {'':3} {'':11} {'':10} {pts_text} {'':4}"
                + "".join(slots[p])
            )
    for t in sorted(members):
        head = f"310 {t:3d} {'Team ' + str(t):<32} {'':6}{'':6} "
        head = head.ljust(54)
        if declared:
            head += f"{float(mp[t]):6.1f} {float(gp[t]):6.1f}"
        head = head.ljust(73)
        lines.append(head + " ".join(f"{p:4d}" for p in members[t]))
    if pab_round:
        head = "320 " + f"{float(pab_mp):4.1f} {float(pab_gp):4.1f} "
        cells = "".join(f"{pab_round.get(r, ''):>3} " for r in range(1, len(rounds) + 1))
        lines.append(head.ljust(14) + cells.rstrip())
    lines.extend(records)
    if extra:
        lines.append(extra)
    return "\n".join(lines) + "\n"


def random_rounds(
    teams: int, rounds: int, boards: int, seed: int = 1, *, forfeits: bool = True, byes: bool = True
) -> list[list[tuple]]:
    """A Swiss-like team event: teams sorted by match points and paired in neighbours each round,
    with half-point byes, withdrawals, a PAB for the odd team out, individual forfeits, empty boards
    and forfeited matches. Deterministic for a seed."""
    rnd = random.Random(seed)
    mp = {t: 0 for t in range(1, teams + 1)}
    gone: set[int] = set()
    out = []
    for r in range(1, rounds + 1):
        items: list[tuple] = []
        present = []
        for t in range(1, teams + 1):
            x = rnd.random()
            if t in gone or (byes and x < 0.003):
                gone.add(t)
                items.append(("B", t, "ZPB"))
            elif byes and x < 0.02:
                items.append(("B", t, "HPB"))
                mp[t] += 1
            else:
                present.append(t)
        present.sort(key=lambda t: (-mp[t], rnd.random()))
        if len(present) % 2:
            t = present.pop()
            items.append(("B", t, "PAB"))
            mp[t] += 1
        for a, b in zip(present[::2], present[1::2]):
            if rnd.random() < 0.5:
                a, b = b, a
            x = rnd.random()
            if forfeits and x < 0.01:
                code = rnd.choice(["+-", "-+", "--"])
                items.append(("F", a, b, code))
                mp[a] += 2 if code == "+-" else 0
                mp[b] += 2 if code == "-+" else 0
                continue
            res = ""
            for _ in range(boards):
                y = rnd.random()
                if forfeits and y < 0.01:
                    res += rnd.choice("+-")
                elif forfeits and y < 0.015:
                    res += rnd.choice("Ee")
                else:
                    res += rnd.choice("1100==0")
            ga = sum({"1": 2, "=": 1, "+": 2, "E": 2}.get(c, 0) for c in res)
            gb = 2 * boards - ga - sum(1 for c in res if c in "+-Ee") * 0
            gb = sum({"0": 2, "=": 1, "-": 2, "e": 2}.get(c, 0) for c in res)
            mp[a] += 2 if ga > gb else 1 if ga == gb else 0
            mp[b] += 2 if gb > ga else 1 if ga == gb else 0
            items.append(("M", a, b, res))
        out.append(items)
    return out


def random_event(teams: int, rounds: int, boards: int, seed: int = 1, **kw) -> str:
    """:func:`random_rounds` as TRF-2026 text, with the 310 MP/GP columns filled."""
    width = 10 ** len(str(boards + 1))
    return event_trf(
        teams,
        boards,
        random_rounds(teams, rounds, boards, seed, **kw),
        reserves=1,
        declared=True,
        width=width,
        name=f"Generated team Swiss {teams}x{rounds}x{boards}",
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("teams", type=int)
    ap.add_argument("rounds", type=int)
    ap.add_argument("boards", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    Path(a.output).parent.mkdir(parents=True, exist_ok=True)
    Path(a.output).write_text(random_event(a.teams, a.rounds, a.boards, a.seed))


if __name__ == "__main__":
    main()
