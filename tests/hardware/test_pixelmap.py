"""The default pixel map: every place of the board exactly once, a route a builder can wire, the core's places."""
import json
import random

import pytest

from ludo_host import layout
from ludo_host.deploy import pixelmap, template

DEFAULT = pixelmap.load()


def test_default_map_lights_every_place_exactly_once():
    assert pixelmap.check(DEFAULT) == []
    assert len(DEFAULT) == 99
    assert sorted(DEFAULT) == sorted(layout.all_places())
    counts = {}
    for place in DEFAULT:
        counts[place[0]] = counts.get(place[0], 0) + 1
    assert counts == {"t": 52, "h": 20, "y": 16, "c": 4, "d": 7}


def test_default_map_file_is_the_spec_format():
    with open(pixelmap.DEFAULT_PATH, encoding="utf-8") as f:
        data = json.load(f)
    assert sorted(data) == ["format", "pixels"] and data["format"] == "ludo-pixelmap/1"


def test_strip_starts_at_reds_entry_and_runs_clockwise():
    assert DEFAULT[:52] == ["t%d" % i for i in range(52)]


def test_every_hop_is_short_enough_to_wire():
    """Neighbouring pixels are neighbouring squares, and no jumper is longer than 4.5 squares (120 mm on 40 cm)."""
    geo = template.Geometry(400 / 15)
    hops = template.hops(DEFAULT, geo)
    assert len(hops) == 98
    assert max(d for _, _, d in hops) <= 4.5 * geo.sq
    # every place on the grid has its own square
    cells = [layout.cell(p) for p in DEFAULT if not p.startswith("d")]
    assert len(set(cells)) == len(cells)
    # the track part of the strip steps from square to touching square
    for i in range(51):
        (r1, c1), (r2, c2) = layout.cell(DEFAULT[i]), layout.cell(DEFAULT[i + 1])
        assert max(abs(r1 - r2), abs(c1 - c2)) == 1, (DEFAULT[i], DEFAULT[i + 1])


def test_check_names_each_problem():
    places = list(DEFAULT)
    places[5] = "t0"                 # t5 lost, t0 twice
    places[6] = "t99"
    places[7] = 3
    places.append(None)              # a spare pixel that lights nothing is fine
    problems = pixelmap.check(places)
    assert "pixel 5: place 't0' is already lit by pixel 0" in problems
    assert "pixel 6: unknown place 't99'" in problems
    assert "pixel 7: 3 is not a place name" in problems
    assert "place 't5' is lit by no pixel" in problems
    assert "place 't6' is lit by no pixel" in problems and "place 't7' is lit by no pixel" in problems
    assert len(problems) == 6
    assert pixelmap.check(DEFAULT + [None]) == []


@pytest.mark.parametrize("text, message", [
    ("{nope", "not valid JSON"),
    ('{"format": "other", "pixels": []}', "not a pixel map"),
    ('["t0"]', "not a pixel map"),
    ('{"format": "ludo-pixelmap/1", "pixels": "t0 t1"}', '"pixels" must be a list'),
])
def test_load_rejects_what_is_not_a_map(tmp_path, text, message):
    path = tmp_path / "map.json"
    path.write_text(text)
    with pytest.raises(pixelmap.PixelMapError) as info:
        pixelmap.load(str(path))
    assert message in str(info.value) and "\n" not in str(info.value)


def test_load_missing_file(tmp_path):
    with pytest.raises(pixelmap.PixelMapError, match="cannot read"):
        pixelmap.load(str(tmp_path / "absent.json"))


def test_board_firmware_falls_back_to_the_same_route():
    """firmware/ludoboard/pixelmap.py carries this route for a board whose map file is missing."""
    board_map = pytest.importorskip("ludoboard.pixelmap")
    route = getattr(board_map, "DEFAULT_ROUTE", None)
    if route is None:
        pytest.skip("the board has no built-in route")
    assert ["t%d" % i for i in range(52)] + route.split() == DEFAULT


def play(ludo, preset, players, seed):
    """Places every token stands on after every action of a random game, and the entry moves seen."""
    rng = random.Random(seed)
    g = ludo.Game(preset, players=players, seed=seed)
    seen, entries = set(), set()
    for _ in range(4000):
        if g.outcome() is not None:
            break
        if g.needs_roll():
            g.roll()
        else:
            moves = list(g.legal_moves)
            for m in moves:
                seen.update(p for p in (m.start_place, m.end_place) if p is not None)
                if m.start == -1 and m.end == 0:
                    entries.add(("RGYB"[m.seat], m.end_place))
            g.push(rng.choice(moves))
        for token in range(16):
            place = g.place(token)
            if place is not None:
                seen.add(place)
    return seen, entries


def test_every_place_the_rules_core_produces_is_on_the_map():
    ludo = pytest.importorskip("ludo")
    mapped = set(DEFAULT)
    seen, entries = set(), set()
    for preset, players, seed in (("classic", 4, 1), ("classic", 2, 2), ("family", 4, 3), ("club", 4, 4),
                                  ("strict", 3, 5), ("classic", 4, 6)):
        s, e = play(ludo, preset, players, seed)
        seen |= s
        if preset != "club":         # club: Red and Green share entry 0, Yellow and Blue 26 (docs/api.md)
            entries |= e
    assert seen - mapped == set()
    # the games reach (nearly) the whole board, so the check above means something
    assert len([p for p in seen if p.startswith("t")]) >= 48
    assert {p for p in seen if p[0] in "hyc"} == {p for p in mapped if p[0] in "hyc"}
    # the core's entry squares sit next to the yards layout.py draws for them
    assert entries == {("R", "t0"), ("G", "t13"), ("Y", "t26"), ("B", "t39")}
    for seat, place in entries:
        r0, c0 = layout.YARD_ORIGIN[seat]
        r, c = layout.cell(place)
        assert r0 - 1 <= r <= r0 + 6 and c0 - 1 <= c <= c0 + 6, (seat, place)


def test_home_columns_start_beside_the_last_track_square():
    """A token leaves the track into its own home column, whose first square touches the track's last one."""
    ludo = pytest.importorskip("ludo")
    g = ludo.Game("classic", players=4, seed=11)
    rng = random.Random(11)
    seen = set()
    for _ in range(4000):
        if g.outcome() is not None:
            break
        if g.needs_roll():
            g.roll()
            continue
        moves = list(g.legal_moves)
        for m in moves:
            if m.start_place and m.start_place[0] == "t" and m.end_place and m.end_place[0] == "h":
                seat = "RGYB"[m.seat]
                last = "t%d" % ((int(m.start_place[1:]) + 50 - m.start) % 52)   # progress 50: the last track square
                assert m.end_place == "h%s%d" % (seat, m.end - 50)
                (r1, c1), (r2, c2) = layout.cell(last), layout.cell("h%s1" % seat)
                assert abs(r1 - r2) + abs(c1 - c2) == 1, (seat, last)
                seen.add(seat)
        g.push(rng.choice(moves))
    assert seen == set("RGYB")
