"""Conventions: defaults by date, settings, and the decisions of C07.md section 9."""

from datetime import date
from fractions import Fraction as F

import pytest

from builders import Builder
from conftest import DATA
from tbxl import rules as conventions
from tbxl.errors import UnknownRules
from tbxl.io.trf import read_trf
from tbxl.model import Pairing
from tbxl.tiebreaks import Context, compute, parse


@pytest.mark.parametrize(
    "day,name",
    [
        (None, "fide-2026"),
        (date(2026, 3, 1), "fide-2026"),
        (date(2026, 2, 28), "fide-2024"),
        (date(2023, 9, 1), "fide-2024"),
        (date(2023, 8, 31), "fide-2017"),
        (date(2015, 1, 1), "fide-2017"),
    ],
)
def test_default_edition_by_start_date(day, name):
    assert conventions.default_for(day).name == name  # D16


def test_aliases_and_errors():
    assert conventions.get("FIDE_2023").name == "fide-2024"
    assert conventions.get("zilli-standard").name == "standard"
    with pytest.raises(UnknownRules, match="choose one of"):
        conventions.get("swiss-perfect")
    with pytest.raises(UnknownRules, match="vur_cut must be one of"):
        conventions.get("fide-2026").with_settings(["vur_cut=sometimes"])


def test_a_convention_is_its_preset_and_its_changed_settings():
    conv = conventions.resolve("fide-2024", None, ["vur_cut=always", "dummy_cap=TRUE", "unrated_rating=1400"])
    assert conv.preset == "fide-2024"
    assert conv.changes == (("vur_cut", conventions.VurCut.ALWAYS), ("dummy_cap", True), ("unrated_rating", 1400))
    assert conv.name == "fide-2024+vur_cut=always+dummy_cap=true+unrated_rating=1400"  # as the JSON says
    assert conv.vur_cut is conventions.VurCut.ALWAYS and conv.vur_cut == "always"
    # The name is derived from the fields: changing a setting again keeps one entry, its last value.
    again = conv.with_options(vur_cut="none")
    assert again.name == "fide-2024+vur_cut=none+dummy_cap=true+unrated_rating=1400"
    # Same settings, same rules: the preset fide-2022 is fide-2024 with two settings changed.
    built = conventions.get("fide-2024").with_options(opponent_score="adjusted-2022", vur_cut="always")
    assert built.settings == conventions.get("fide-2022").settings and built.name != "fide-2022"
    with pytest.raises(UnknownRules, match="unknown setting 'cut'"):
        conv.with_options(cut=1)
    with pytest.raises(UnknownRules, match="unrated_rating must be a whole number of at most 9 digits, not 'x'"):
        conv.with_settings(["unrated_rating=x"])


def test_every_setting_value_says_what_it_does():
    """One home for a setting's words: the enum value carries them; a switch's field does."""
    for setting in conventions.SETTINGS.values():
        for value in setting.values:
            assert setting.text(value) and "=" not in setting.text(value), (setting.name, value)
    conv = conventions.get("fide-2026").with_options(cut_priority="unplayed", fpb_returns_to_play=False)
    assert conv.describe() == (
        "FIDE C.07 (2026), but every own unplayed round is cut first, byes and forfeits "
        "too (Swiss-Manager); a full-point bye is not a return to play"
    )
    assert conventions.get("fide-2017").describe() == "FIDE 2009-2017 (virtual opponent)"


def value(t, rules, code, sn):
    ctx = Context(t, rules if isinstance(rules, conventions.Convention) else conventions.get(rules))
    return compute(ctx, parse(code)).value(ctx.index[sn])


def test_vur_cut_setting_d1():
    t = read_trf(DATA / "tec-2023" / "held_swiss_5.trf")
    assert value(t, "fide-2024", "SB/C1", 14) == 3
    always = conventions.get("fide-2024").with_settings(["vur_cut=always"])
    assert value(t, always, "SB/C1", 14) == F(9, 2)
    assert always.name == "fide-2024+vur_cut=always"


def test_dummy_cap_rounds_d3():
    # After round 3 of 5: David's HPB dummy is capped at 0.5 x 3 (evaluated) or 0.5 x 5 (scheduled).
    t = read_trf(DATA / "tec-2023" / "held_swiss_5.trf").after_round(3)
    assert t.player(4).points == F(5, 2)
    evaluated = conventions.get("fide-2026")
    scheduled = evaluated.with_settings(["dummy_cap_rounds=scheduled"])
    bh_e = value(t, evaluated, "BH", 4)
    bh_s = value(t, scheduled, "BH", 4)
    assert bh_s - bh_e == 1  # dummy min(2.5, 1.5) vs min(2.5, 2.5)


def test_round_robin_15_2_and_2026_exceptions():
    t = read_trf(DATA / "tec-2023" / "held_round_robin.trf", pairing=Pairing.ROUND_ROBIN)
    # Franck (5) lost by forfeit to Helene (6) in round 4.
    assert value(t, "fide-2024", "REP", 5) == 5 and value(t, "fide-2026", "REP", 5) == 4
    assert value(t, "fide-2024", "WON", 6) == value(t, "fide-2026", "WON", 6) == 1
    # rating tie-breaks: the forfeit is a game under 2024 (15.2), not under 2026
    assert value(t, "fide-2024", "ARO", 6) == (2200 + 2150 + 2100 + 2050 + 1950 + 2) // 5
    assert value(t, "fide-2026", "ARO", 6) == (2200 + 2150 + 2100 + 2050 + 2) // 4
    # SB counts the forfeit as a game in both (C.07 4.9)
    assert value(t, "fide-2024", "SB", 6) == value(t, "fide-2026", "SB", 6) == F(9, 4)


def test_short_games_setting_d10():
    b = Builder(2).player(1).player(2).player(3)
    from tbxl.model import Kind

    t = b.game(1, 1, 3, "1-0").top_up(3, 1).build()
    # turn round 1 into a game under one move (TRF W/L)
    p1, p3 = t.player(1), t.player(3)
    e1 = p1.rounds[0]._replace(kind=Kind.SHORT)
    e3 = p3.rounds[0]._replace(kind=Kind.SHORT)
    from dataclasses import replace

    t = replace(
        t,
        players=tuple(
            replace(p, rounds=(e1,) + p.rounds[1:])
            if p.start_number == 1
            else replace(p, rounds=(e3,) + p.rounds[1:])
            if p.start_number == 3
            else p
            for p in t.players
        ),
    )
    assert value(t, "fide-2024", "WON", 1) == 1
    unplayed = conventions.get("fide-2024").with_settings(["short_games=unplayed"])
    assert value(t, unplayed, "WON", 1) == 0


def test_fpb_return_to_play_setting():
    # R1 HPB, R2 FPB: with FPB as a return to play (16.1) the HPB is 16.2.3 and is worth 1/2 to opponents
    # only through its points; without it, both are trailing requested byes.
    b = Builder(3).player(1).player(2)
    b.player(5).game(1, 1, 5, "1-0")
    b.bye(2, 1, "H").bye(3, 1, "F")
    t = b.top_up(5, 0).build()
    yes = Context(t, conventions.get("fide-2024"))
    no = Context(t, conventions.get("fide-2024").with_settings(["fpb_returns_to_play=false"]))
    assert yes.cat[yes.index[1]] == [0, 3, 1]
    assert no.cat[no.index[1]] == [0, 5, 1]


def test_cut_priority_unplayed_reproduces_swiss_manager():
    # C07.md 8.4: a PAB in round 1, every other round played; Swiss-Manager cuts the PAB dummy
    # first, C.07 16.5 cuts the lowest real contribution (a withdrawn opponent's adjusted score).
    b = Builder(4).player(1).player(2, "withdrawn").player(3).player(4)
    b.bye(1, 1, "U").game(2, 1, 2, "1-0").game(3, 1, 3, "1/2").game(4, 1, 4, "1/2")
    b.bye(3, 2, "Z").bye(4, 2, "Z")
    b.top_up(3, 3).top_up(4, 3)
    t = b.build()
    own = t.player(1).points  # 3.0: the PAB dummy under 2024
    assert own == 3
    text = value(t, "fide-2024", "BH/C1", 1)
    sm = value(t, conventions.get("fide-2024").with_settings(["cut_priority=unplayed"]), "BH/C1", 1)
    assert value(t, "fide-2024", "BH", 1) - text == 1  # player 2: 0 + 2 x 1/2 = 1, the lowest
    assert value(t, "fide-2024", "BH", 1) - sm == own  # the PAB dummy goes first
