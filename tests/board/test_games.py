"""Whole games of every preset played through the four buttons only, from the
set-up menu to the win, asserting what the lights show at every step, with a
reset (power cut) in the middle and the record checked against the events the
board sent on its data channel.
"""
import random

import pytest

import ludo
from harness import Board
from ludoboard.play import looks_like_earlier  # noqa: E402
from ludoboard import scene
from ludoboard.pixelmap import place_name

from ludoboard import names, palette  # noqa: E402
from ludoboard.scene import scale

SEAT_RGB = palette.SEAT_RGB
WHITE = (255, 255, 255)


def rgb(c):
    return ((c >> 16) & 255, (c >> 8) & 255, c & 255)


def die(b, frame):
    return [b.colour("d%d" % k, frame) for k in range(1, 8)]


from ludo.rules import PRESETS  # noqa: E402
from ludoboard.setup_menu.options import chosen  # noqa: E402
from ludoboard.setup_menu.pages import PAGE_KINDS  # noqa: E402


def set_menu(b, preset, count, options=None, hand=False):
    """Choose on the board's own menu: select cycles a value, confirm goes on, roll starts."""
    menu = b.app.screen
    while PRESETS[menu.choices.preset] != preset:
        b.press("select")
    pips = [c != (0, 0, 0) for c in die(b, None)]
    assert pips == [bool(palette.PIPS[menu.choices.preset + 1] >> k & 1) for k in range(7)]
    b.press("confirm")
    while menu.choices.players != count:
        b.press("select")
    lit_yards = set(p[1] for p in b.lit() if p[0] == "y")
    assert lit_yards == set("RGYB"[s] for s in menu.choices.seats)
    b.press("confirm")
    while menu.choices.page == PAGE_KINDS:              # computer seats, when ludo.ai is installed: all human
        b.press("confirm")
    for name in menu.choices.names:                     # options, one by one
        want = (options or {}).get(name)
        if want is not None:
            while chosen(menu.choices).get(name, ludo.option_defaults(preset)[name]) != want:
                b.press("select")
        b.press("confirm")
    assert menu.choices.page == 4                        # dice
    if hand:
        b.press("select")
    b.press("confirm")                           # start
    assert b.app.mode == 2 and b.game.preset == preset


def check_roll_due(b, g):
    """Roll due: the die breathes the seat's colour (or orange for a real die); tokens in their colours."""
    frame = b.frame_at(25)                      # the breath's peak
    seat = g.turn
    want = rgb(palette.ORANGE) if b.app.hand else rgb(SEAT_RGB[seat])
    banner = b.app.banner
    shown = [c != (0, 0, 0) for c in die(b, b.frame_at(0))]
    if banner == names.SIG_NONE:
        assert die(b, frame) == [want] * 7
    elif banner == names.SIG_PASS:              # what the last roll caused, shown briefly
        roller = rgb(SEAT_RGB[b.app.banner_seat])   # in the colour of the seat that rolled
        dash = [roller if palette.ROW_MASK >> k & 1 else (0, 0, 0) for k in range(7)]
        faces = [die(b, b.frame_at(step)) for step in (0, palette.MEDIUM)]
        roll = [roller if palette.PIPS[g.last_roll] >> k & 1 else (0, 0, 0) for k in range(7)]
        assert sorted(faces) == sorted([roll, dash])    # the roll no token could use, the dash
    elif banner == names.SIG_FORFEIT:
        assert shown == [bool(palette.X_MASK >> k & 1) for k in range(7)]
    elif banner == names.SIG_BONUS:
        assert shown == [True] * 7
    frame0 = b.frame_at(0)
    count = {}
    for t in range(16):
        p = g.place(t)
        if p is not None and (p[0] == "t" or (p[0] in "hc" and banner == names.SIG_NONE)):
            count.setdefault(p, {}).setdefault(t >> 2, 0)
            count[p][t >> 2] += 1
    for p, seats in count.items():
        shown = b.colour(p, frame0)
        options = [rgb(scale(SEAT_RGB[s], palette.TOKEN_LEVEL[min(n, 4)])) for s, n in seats.items()]
        assert shown in options, (p, shown, options, g.position())


def check_choice(b, g, app):
    """After a roll: the die shows the roll; select lights the token and its landing square."""
    legal = app.legal
    if app.selected < 0:
        rolls = g.pending_rolls
        if len(rolls) == 1:
            shown = [c != (0, 0, 0) for c in die(b, b.frame_at(0))]
            assert shown == [bool(palette.PIPS[rolls[0]] >> k & 1) for k in range(7)]
        for m in legal:
            if not m.is_pass:
                assert b.colour(m.end_place, b.frame_at(0)) != (0, 0, 0), ("destination dark", str(m))
        return
    m = legal[app.selected]
    if m.is_pass:
        return
    seat_rgb = rgb(SEAT_RGB[m.token >> 2])
    assert b.colour(m.start_place, b.frame_at(0)) == seat_rgb
    assert b.colour(m.start_place, b.frame_at(8)) == (0, 0, 0)
    assert b.colour(m.end_place, b.frame_at(0)) == seat_rgb
    assert b.colour(m.end_place, b.frame_at(4)) == WHITE
    if m.captures:
        assert b.colour(m.end_place, b.frame_at(8)) == rgb(SEAT_RGB[m.captures[0] >> 2])
    shown = [c != (0, 0, 0) for c in die(b, b.frame_at(0))]
    assert shown == [bool(palette.PIPS[m.roll] >> k & 1) for k in range(7)]


def check_fixups(b, g, app):
    """Tokens to put right: the old place blinks the token's colour, then the new one."""
    moved = 0
    for t in range(16):
        a, w = app.physical[t], app.where[t]
        if a == w:
            continue
        moved += 1
        colour = rgb(SEAT_RGB[t >> 2])
        if a != scene.NONE:
            assert b.colour(place_name(a), b.frame_at(0)) == colour
        if w != scene.NONE:
            assert b.colour(place_name(w), b.frame_at(8)) == colour
    assert moved


def play(b, seed, reset_at):
    rng = random.Random(seed)
    events = []
    did_reset = did_undo = False
    while True:
        for line in b.lines():
            events.append(line)
        g, app = b.game, b.app
        if g.is_over() and not app.fixing():
            break
        if not did_reset and len(g.transcript) >= reset_at:
            did_reset = True
            nvm = b.nvm
            b = Board(nvm=nvm)                  # power cut: RAM gone, NVM kept
            assert b.app.mode == 1              # CHECK: the position first
            assert bytes(b.game.transcript) == bytes(g.transcript)
            assert die(b, b.frame_at(25)) == [WHITE] * 7
            b.press("roll")                     # means nothing until confirmed: refused
            assert b.app.banner == names.SIG_REFUSE
            assert die(b, b.frame_at(0)) == [WHITE] * 7     # all seven blink white: no seat's colour,
            assert die(b, b.frame_at(palette.FAST)) == [(0, 0, 0)] * 7  # and no roll's face
            b.wait(500)
            b.press("confirm")
            continue
        if app.fixing():
            check_fixups(b, g, app)
            b.press("confirm")
        elif g.needs_roll():
            check_roll_due(b, g)
            if app.hand:
                value = rng.randint(1, 6)
                for _ in range(value):
                    b.press("select")
                b.press("confirm")
                assert g.transcript[-1] == 8 + value or b.game.transcript[-1] == 8 + value
            else:
                b.press("roll")
        else:
            check_choice(b, g, app)
            options = [i for i in range(len(app.legal)) if not looks_like_earlier(app.legal, i)]
            target = app.legal[rng.choice(options)].code
            n = 0
            while app.selected < 0 or app.legal[app.selected].code != target:
                b.press("select")
                check_choice(b, g, app)
                n += 1
                assert n <= len(app.legal)
            if not did_undo and g.rules.can_undo and len(g.transcript) > 40 and not app.legal[0].is_pass:
                did_undo = True
                before = bytes(g.codes)
                b.press("confirm")
                b.press("back")                 # undo: the token must go back
                if b.app.fixing():
                    check_fixups(b, b.game, b.app)
                    b.press("confirm")
                assert bytes(b.game.codes) == before
                continue
            b.press("confirm")
    return b, events


GAMES = [
    ("family", 4, {}, False),
    ("classic", 2, {}, False),
    ("classic", 3, {"three_sixes": "void", "blockades": True}, True),
    ("club", 4, {"mandatory_kill": True}, False),
    ("club", 3, {"quick": True}, False),
    ("club", 4, {"teams": True, "rolloff": True}, False),
    ("strict", 2, {}, False),
    ("strict", 4, {"stars": True}, False),
]


@pytest.mark.parametrize("preset,count,options,hand", GAMES,
                         ids=["%s-%d%s%s" % (p, n, "".join("-" + k for k in sorted(o)), "-hand" if h else "")
                              for p, n, o, h in GAMES])
def test_whole_game_through_buttons(preset, count, options, hand, monkeypatch):
    seed = 1000 + len(preset) * 10 + count
    monkeypatch.setattr(ludo.game, "new_seed", lambda: seed)
    monkeypatch.setattr(ludo.dice, "new_seed", lambda: seed)     # the board's new game takes it from there
    b = Board()
    assert b.app.mode == 0                      # no save: the set-up menu
    set_menu(b, preset, count, options, hand)
    g = b.game
    for name, value in options.items():
        assert g.options[name] == value
    b, events = play(b, seed, reset_at=60)
    g = b.game
    out = g.outcome()
    assert out is not None
    # the win: the winner's colour runs round the track
    lit = [b.colour("t%d" % sq, b.frame_at(0)) for sq in range(52)]
    assert lit.count(rgb(SEAT_RGB[out.winners[0]])) >= 13
    # the record the PC gets equals the board's, and so do the events it was sent
    lines = b.ask({"cmd": "record"}, until=lambda x: x.get("re") == "record-end")
    text = "".join(x["text"] + "\n" for x in lines if x.get("re") == "record")
    assert text == str(g.record(transcript=True))
    assert not ludo.verify_record(ludo.Record.parse(text))
    start = [e for e in events if e.get("ev") == "start"]
    actions = [e for e in events if e.get("ev") == "action"]
    ends = [e for e in events if e.get("ev") == "end"]
    assert len(start) == 1 and len(ends) == 1
    rebuilt = ludo.dumps(start[0]["header"]) + "\n" + "".join(a["line"] + "\n" for a in actions) \
        + ludo.dumps(ends[0]["footer"]) + "\n"
    assert rebuilt == text
    assert [a["seq"] for a in actions] == list(range(1, len(g.transcript) + 1))
    assert ends[0]["footer"]["result"] == out.result()
    # the board's record kept every take-back
    assert ("undo" in text) == g.rules.can_undo
    # a finished game survives a reset too, and confirm then leaves for the menu
    b2 = Board(nvm=b.nvm)
    assert b2.game.outcome() == out
    assert b2.ask({"cmd": "status"})[0]["state"] == "over"     # (shown to be checked: over)
    b2.press("confirm")
    assert b2.app.mode == 4
    b2.press("confirm")
    assert b2.app.mode == 0


def test_fixups_light_a_place_one_token_leaves_and_another_comes_to(monkeypatch):
    # strict's voided turn (three sixes) takes back two of Yellow's moves: one token must go
    # back to the square the other must leave; that square shows each phase's token.
    monkeypatch.setattr(ludo.game, "new_seed", lambda: 3030)
    monkeypatch.setattr(ludo.dice, "new_seed", lambda: 3030)
    b = Board()
    set_menu(b, "strict", 2, {}, False)
    seen = []
    real = check_fixups

    def watching(b, g, app):
        moved = [t for t in range(16) if app.physical[t] != app.where[t]]
        if any(app.where[t] == app.physical[u] for t in moved for u in moved if u != t):
            seen.append(len(g))
        real(b, g, app)
    monkeypatch.setitem(globals(), "check_fixups", watching)
    play(b, 1062, reset_at=60)
    assert seen                 # the game has such a take-back, and its lights were checked
