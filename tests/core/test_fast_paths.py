"""The rules core's hot paths against plain re-computations, in every preset and option set:
the inlined legal-move generation against `_dest` (the general movement rules), captures
against a scan of the tokens, the per-square tables against the tokens, the Rules tables
against their definition; and what the search API and the lazily loaded code promise."""
import random
import sys

import pytest

import ludo
from ludo.game import MOVE, CODE_MOVE, CODE_PASS, OFF
from configs import CONFIGS, config_id
from rulehelp import random_action


def _general_codes(g):
    """Legal codes through `_dest` (every rule), in the order the engine lists them."""
    codes = []
    o = g._stones_seat()
    base = o * 4
    seen_b = []
    for t in range(base, base + 4):
        b = g.pos[t]
        if b in seen_b:             # a stack (or the yard) moves as its lowest token
            continue
        seen_b.append(b)
        seen_v = []
        for k in range(g.npend):
            v = g.pend[k]
            if v in seen_v:
                continue
            seen_v.append(v)
            if g._dest(t, v):
                codes.append(CODE_MOVE + t * 6 + v - 1)
    if not codes and g.rules.explicit_pass:
        codes.append(CODE_PASS)
    return codes


def _square(r, t, b):
    return (r.entry[t >> 2] + b - 1) % 52 if 0 < b <= r.track_len else None


def _scan_captures(g, m):
    r = g.rules
    o = m.token >> 2
    sq = _square(r, m.token, m.end + 1)
    if sq is None or r.safe[sq]:
        return ()
    out = []
    for s in r.seats:
        n = sum(1 for u in range(s * 4, s * 4 + 4) if _square(r, u, g.pos[u]) == sq)
        if n and r.rival[o * 4 + s] and not (r.stack_protect and n >= 2):
            out += [u for u in range(s * 4, s * 4 + 4) if _square(r, u, g.pos[u]) == sq]
    return tuple(out)


def _check_tables(g):
    r = g.rules
    occ = bytearray(208)
    for t in range(16):
        sq = _square(r, t, g.pos[t]) if g.pos[t] != OFF else None
        if sq is not None:
            occ[sq * 4 + (t >> 2)] += 1
    assert occ == g.occ
    for sq in range(52):
        assert g.held[sq] == sum(1 << s for s in range(4) if occ[sq * 4 + s] >= 2)
        assert g.anym[sq] == sum(1 << s for s in range(4) if occ[sq * 4 + s])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_hot_paths_agree_with_the_general_rules(config):
    preset, players, opts = config
    for seed in range(4):
        rng = random.Random(seed)
        g = ludo.Game(preset, players=players, seed=seed, options=opts)
        n = 0
        while g.outcome() is None and n < 4000:
            n += 1
            if g.needs_roll():
                g.roll()
            else:
                assert g.phase == MOVE
                codes = list(g.legal_codes())
                assert codes == _general_codes(g)
                moves = g.legal_moves
                assert [m.code for m in moves] == codes
                for m in moves:
                    if not m.is_pass:
                        assert m.captures == _scan_captures(g, m)
                        assert m.end + 1 == g._dest(m.token, m.roll)
                g.push(rng.choice(moves))
            _check_tables(g)
            if n % 37 == 0:         # a position read back has the same tables and moves
                h = ludo.Game.from_position(g.position(), seed=seed)
                _check_tables(h)
                assert list(h.legal_codes()) == list(g.legal_codes())
            if n % 41 == 0 and g.rules.can_undo:
                g.pop()
                _check_tables(g)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_pcs_inlined_roll_and_move_play_the_boards_game(config, monkeypatch):
    # fast_play.py (CPython only) against Game.roll and Game.push as the board has them:
    # the same seeded random game, action by action, the same position, events, legal
    # moves and last move, and the same after take-backs.
    from ludo import fast_play
    preset, players, opts = config
    assert ludo.Game.roll is fast_play.roll and ludo.Game.push is fast_play.push  # installed here
    games = []
    for general in (False, True):
        if general:
            monkeypatch.setattr(ludo.Game, "roll", fast_play.general_roll)
            monkeypatch.setattr(ludo.Game, "push", fast_play.general_push)
        rng = random.Random(3)
        g = ludo.Game(preset, players=players, seed=3, options=opts)
        seen = []
        while g.outcome() is None and len(seen) < 3000:
            random_action(g, rng)
            if len(seen) % 97 == 96 and g.rules.can_undo:
                g.pop()
            moves = () if g.needs_roll() else tuple(
                (str(m), m.seat, m.token, m.start, m.end, m.roll, m.captures, m.code)
                for m in g.legal_moves)
            last = g.last_move
            seen.append((g.position(), g.state(), g.last_events, moves,
                         str(last) if last else None, len(g), g.transcript,
                         tuple(g.legal_codes()) if not g.needs_roll() else ()))
        games.append(seen)
    assert games[0] == games[1]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_pcs_games_keep_every_attribute_in_a_slot(config):
    # fast_play's _SLOTS names every attribute a Game sets: none lands in its __dict__
    # (where CPython reads it slower), through play, take-backs, copies and positions
    preset, players, opts = config
    rng = random.Random(5)
    g = ludo.Game(preset, players=players, seed=5, options=opts)
    for n in range(300):
        if g.outcome() is not None:
            break
        random_action(g, rng)
        if n % 50 == 49 and g.rules.can_undo:
            g.pop()
        g.last_events, g.last_move, g.legal_codes(), g.transcript
    for game in (g, g.copy(), ludo.Game.from_position(g.position())):
        assert game.__dict__ == {}


def test_the_pcs_moves_are_values_shared_by_games_of_one_rule_set():
    # fast_play keeps one Move per token, start, roll and captures for each rule set, so
    # a game's legal_moves hands out the same objects as another game's; pushing one from
    # an earlier position plays the move it names now, or is refused if it is not legal
    g = ludo.Game("classic", players=4, seed=1)
    h = ludo.Game("classic", players=4, seed=1)
    while g.needs_roll():       # the same seed: both games roll the same until a 6
        g.roll()
        h.roll()
    assert g.legal_moves and all(a is b for a, b in zip(g.legal_moves, h.legal_moves))
    other = ludo.Game("classic", players=2, seed=1)
    other.roll()
    assert g.legal_moves[0].rules.seats == g.rules.seats
    stale = g.legal_moves[0]
    g.push(stale)
    with pytest.raises(ludo.IllegalMoveError):
        g.push(stale)           # a roll is due now
    h.push(stale)               # the same move in the other game
    assert h.position() == g.position()


def test_the_pcs_rules_built_once_per_arguments_equal_rules_built_anew():
    # fast_play copies a Rules built before for the same arguments; a copy has the same
    # tables and options as a Rules built anew, its options are its own, and arguments
    # Rules refuses are refused again (1.0 is no on/off value, though 1.0 == True)
    args = [("classic", 4, None), ("classic", ["R", "Y"], None), ("classic", ("R", "Y"), None),
            ("club", 4, {"mode": "free"}), ("family", 2, {"capture_bonus": True}),
            ("family", 2, {"capture_bonus": False}), ("family", 2, {"capture_bonus": 1}),
            ("strict", 3, {"deadline": 30})]
    for preset, players, opts in args * 2:
        g = ludo.Game(preset, players=players, seed=1, options=opts)
        fresh = ludo.Rules(preset, players, opts)
        got = {k: v for k, v in g.rules.__dict__.items() if k != "_roll_consts"}
        assert got == fresh.__dict__
    g = ludo.Game("family", players=2, seed=1, options={"capture_bonus": True})
    g.options["capture_bonus"] = False
    assert ludo.Game("family", players=2, seed=1, options={"capture_bonus": True}).options["capture_bonus"]
    for bad in ({"capture_bonus": 1.0}, {1: True}, {"stars": [True]}):
        with pytest.raises(ludo.OptionError) as general:
            ludo.Rules("family", 2, bad)
        with pytest.raises(ludo.OptionError) as fast:
            ludo.Game("family", players=2, seed=1, options=bad)
        assert str(fast.value) == str(general.value)
    with pytest.raises(ludo.OptionError):
        ludo.Game("classic", players=2.0, seed=1)


def test_the_pcs_games_share_no_rules_they_could_change():
    # fast_play copies Rules built before and shares Moves between games: a game's tables
    # and options, changed, change no other game's, nor the Moves' (which hold a Rules of
    # their own); arguments that are not plain (a str subclass, an iterator) are read as
    # the general code reads them
    import enum
    a = ludo.Game("classic", players=4, seed=1, options={"capture_bonus": False})
    b = ludo.Game("classic", players=4, seed=1)
    while a.needs_roll():
        a.roll()
        b.roll()
    m = b.legal_moves[0]
    assert m.rules is not a.rules and m.rules is not b.rules
    a.options["stars"] = "changed"
    a.rules.safe[8] = 0
    assert m.rules.options["stars"] is True and m.rules.safe[8] == 1
    c = ludo.Game("classic", players=4, seed=1, options={"capture_bonus": False})
    assert c.options["stars"] is True and c.rules.safe[8] == 1

    class Preset(str, enum.Enum):
        classic = "classic"
    g = ludo.Game(Preset.classic, players=2, seed=1, options={"stars": False})
    assert g.seats == (0, 2) and g.options["stars"] is False
    with pytest.raises(ludo.OptionError):
        ludo.Game(Preset.classic, options={"bogus": 1})
    seats = iter("RY")
    assert ludo.Game("classic", players=seats, seed=1).seats == (0, 2)
    with pytest.raises(ludo.OptionError):
        ludo.Game("classic", players=seats, seed=1)     # (used up, as Rules finds it)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_rules_tables(config):
    preset, players, opts = config
    r = ludo.Rules(preset, players, opts)
    for i in range(256):
        b = i & 63
        assert r.sqt[i] == ((r.entry[i >> 6] + b - 1) % 52 if 1 <= b <= r.track_len else 255)
    for o in range(4):
        assert r.rivm[o] == sum(1 << s for s in range(4) if r.rival[o * 4 + s])
        for h in range(16):     # bmask says what _blocked used to say
            blocked = bool(h) and (r.blocks == 2 or (r.blocks != 0 and h & ~(1 << o) != 0))
            assert bool(h & r.bmask[o]) == blocked
    seats = r.seats
    for i, s in enumerate(seats):
        assert r.after[s] == seats[(i + 1) % len(seats)]


def test_state_into_a_buffer_is_the_state_and_allocates_no_bytes_object():
    g = ludo.Game("classic", players=4, seed=3)
    rng = random.Random(3)
    buf = bytearray(len(g.state()))
    for _ in range(300):
        if g.outcome() is not None:
            break
        random_action(g, rng)
        assert g.state(into=buf) is buf
        assert bytes(buf) == g.state()
    other = bytearray(3)            # a buffer of another length is resized, as before
    assert g.state(into=other) == g.state() and len(other) == len(buf)


def test_take_backs_across_many_snapshots():
    """Pop all the way back through several snapshots: every position comes back."""
    g = ludo.Game("classic", players=4, seed=11)
    rng = random.Random(11)
    states = [g.state()]
    while g.outcome() is None and len(g) < 400:
        random_action(g, rng)
        states.append(g.state())
    g.set_kind("G", "easy")
    assert g.transcript_length == len(g.transcript) == len(states)
    while len(g):
        g.pop()
        assert g.state() == states[len(g)]
        assert g.transcript_length == len(g.transcript)
    assert g.transcript_length == 2 * (len(states) - 1) + 1     # actions, the hand-over, take-backs


def test_rare_code_is_loaded_only_when_used():
    """A plain game does not load ludo.extras (roll-off, resign, timeout, door, transcript replay)."""
    import subprocess
    code = ("import sys, random; sys.path.insert(0, %r); import ludo\n"
            "g = ludo.Game('classic', players=4, seed=1); rng = random.Random(1)\n"
            "g.set_kind('R', 'easy')\n"
            "while g.outcome() is None:\n"
            "    g.roll() if g.needs_roll() else g.push(rng.choice(g.legal_moves))\n"
            "g.pop(); print('ludo.extras' in sys.modules)\n"
            "h = ludo.Game('strict', players=2, seed=1); h.roll(); h.resign('R')\n"
            "print('ludo.extras' in sys.modules, h.outcome())\n") % (ludo.__path__[0] + "/..",)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["False", "True Outcome(winners=(2,), termination='resigned')"]
