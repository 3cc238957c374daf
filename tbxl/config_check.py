"""The values of the event's ``tbxl.toml`` (:mod:`tbxl.config`) checked as the command line checks
its options, named by the file's line and key. The file is read before the event: a tie-break
list or a setting is taken when an event of either kind (individual, team) takes it, and refused
with the error of the kind it reads more like; what does not fit the event itself is said when it
is ranked, at the same place (:attr:`tbxl.config.Config.places`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tbxl.errors import InputError, TbxlError, UsageError, did_you_mean, excerpt

if TYPE_CHECKING:
    from tbxl.config import Config

__all__ = ["check", "option_value"]


def check(config: Config, bad: Callable[..., UsageError]) -> None:
    """Every value as the command line would check it, but named by the file's line and key."""
    from tbxl import prizes
    from tbxl import rules as conventions
    from tbxl.categories import parse_expression
    from tbxl.tiebreaks.codes import parse_list

    def checked(key: str, check: Callable[[], object], table: str | None = None) -> None:
        try:
            check()
        except TbxlError as err:
            raise bad(key, str(err), table) from None

    v = config.values
    if "rules" in v:
        # (a file's ``rules = ""`` names nothing: refused as the unknown rule set '')
        checked("rules", lambda: conventions.resolve_each(v["rules"], None) or conventions.get(v["rules"]))
    if "tiebreaks" in v:  # the file does not know the event's kind: a list of either kind's codes
        checked("tiebreaks", lambda: _either(lambda team: parse_list(v["tiebreaks"], team), _closer(v["tiebreaks"])))
    if config.settings:
        checked(
            "settings", lambda: _either(lambda team: _settings(config.settings, team), _team_named(config.settings))
        )
    if "lang" in v:
        checked("lang", lambda: _check_language(v["lang"]))
    if "paper" in v and v["paper"] not in ("a4", "letter"):
        raise bad("paper", f"a4 or letter, not {v['paper']!r}")
    if "prize_sharing" in v and v["prize_sharing"] not in prizes.SHARING:
        raise bad("prize_sharing", f"one of {', '.join(prizes.SHARING)}, not {v['prize_sharing']!r}")
    if "prize_policy" in v and v["prize_policy"] not in prizes.POLICIES:
        raise bad("prize_policy", f"one of {', '.join(prizes.POLICIES)}, not {v['prize_policy']!r}")
    if "playoffs" in v:
        from tbxl.playoffs import parse_playoff

        if isinstance(v["playoffs"], str):
            v["playoffs"] = [v["playoffs"]]
        if not (isinstance(v["playoffs"], list) and all(isinstance(p, str) for p in v["playoffs"])):
            raise bad("playoffs", 'a list of play-off orders, e.g. ["12>7>3"]')
        for text in v["playoffs"]:
            parse_playoff(text, config.places.get(f"playoffs {text}", "playoffs ="))
    if "lots" in v and not (isinstance(v["lots"], str) and v["lots"].strip()):
        raise bad("lots", f'the seed of the lots as a string, e.g. "Open2026", not {v["lots"]!r}')
    if "lots" in v:
        from tbxl.playoffs import seed_problem

        problem = seed_problem(v["lots"])
        if problem:
            raise bad("lots", f"{excerpt(v['lots'].strip())}: {problem}")
    if "k" in v and isinstance(v["k"], str):
        raise bad("k", f"a number, k = 20, not the string {excerpt(v['k'])}")
    for key in ("k", "pages", "url"):
        if key in v:
            try:
                v[key] = option_value(key, v[key])
            except TbxlError as err:  # said as the file's key, not as the command line's option
                raise bad(key, str(err).removeprefix(f"--{key} ")) from None
    if "output" in v:
        from tbxl.io.files import output_format

        checked("output", lambda: output_format(v["output"], ("pdf", "html")))
        if output_format(v["output"], ("pdf", "html")) is None:
            raise bad(
                "output",
                f'the report\'s file, .pdf or .html, e.g. output = "standings.pdf", not {excerpt(v["output"])}',
            )
    overall = config.prizes
    if overall is not None:
        checked("prizes", lambda: prizes.parse_prizes(overall))
    for name, conditions in config.categories.items():
        checked(name, lambda: parse_expression(name, conditions), "categories")  # noqa: B023 (called at once, in the loop)
        if name in config.category_prizes:
            checked(name, lambda: prizes.parse_prizes(config.category_prizes[name]), "categories")  # noqa: B023 (called at once, in the loop)


def _either(check: Callable[[bool], object], team_first: bool) -> None:
    """``check(team)`` passes for an individual or a team event; else the error of the kind the
    value looks more like (``team_first``)."""
    try:
        check(team_first)
    except TbxlError as err:
        try:
            check(not team_first)
        except TbxlError:
            raise err from None


def _closer(tiebreaks: str) -> bool:
    """Whether a list reads more as a team event's: more of its codes are team codes."""
    from tbxl.tiebreaks.codes import parse

    def known(code: str, team: bool) -> int:
        try:
            return bool(parse(code, team))
        except TbxlError:
            return 0

    codes = [c for c in tiebreaks.split(",") if c.strip()]
    return sum(known(c, True) - known(c, False) for c in codes) > 0


def _settings(items: list[str], team: bool) -> None:
    """The settings checked as an event of that kind takes them (a team event's own first)."""
    from tbxl import rules as conventions

    conventions.resolve(None, None, conventions.split_team_settings(items)[1] if team else items)


def _team_named(items: list[str]) -> bool:
    from tbxl.rules.convention import TEAM_SETTINGS

    return any(i.partition("=")[0].strip().replace("-", "_") in TEAM_SETTINGS for i in items)


def option_value(key: str, value: Any) -> Any:
    """The value of the option ``key`` read as the command line and this file both take it: ``k`` a
    K factor (B.02 8.3.3), ``pages`` the names of the pages an event posts, ``url`` its web address,
    ``derivations`` the derivations a report shows (kept as given); a :class:`TbxlError` saying
    what is wrong otherwise (a K factor's without the option's name: the caller, the command line
    or the file, puts its own)."""
    if key == "k":
        from tbxl.rating_change import check_k

        try:
            return check_k(value, "k")
        except TbxlError as err:
            raise InputError(str(err).removeprefix("k: ")) from None
    if key == "derivations":
        from tbxl.report.selection import parse_derivations  # light: the report module imports WeasyPrint lazily

        parse_derivations(value)
        return value
    from tbxl.report.views.pages import check_url, parse_pages  # no Jinja2 or WeasyPrint imported

    return parse_pages(value) if key == "pages" else check_url(value)


def _check_language(lang: str) -> None:
    from tbxl.report import languages  # the labels' folder only: no Jinja2 or WeasyPrint imported

    if lang not in languages():
        raise UsageError(
            f"unknown report language {excerpt(lang)}; available: {', '.join(languages())}"
            + did_you_mean(lang, languages())
        )
