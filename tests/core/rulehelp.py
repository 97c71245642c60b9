"""Helpers shared by the rule tests (tests/core/test_rules_*.py, test_house_rules.py,
test_options.py): build a position from a few words, play rolls and moves, read back.

A position is the one-line text of firmware/ludo/position.py:

    <preset[:opt=v,...]> <seats> <R=..,..,..,../G=...> <turn> <phase> <pending> <sixes> <rolls> [extras]

`start("family", R="5,y,y,y")` writes one with every other seat's tokens in the yard,
Red on turn and a roll due, and returns the Game.  Rolls are always entered as physical
die values (`g.roll(v)`), so every scenario is deterministic.
"""
import ludo

SEATS = "RGYB"


def pos(preset, seats="RGYB", turn=None, phase="roll", pend="-", sixes=0, rolls=0,
        opts="", extra="", **tokens):
    """Position text: tokens per seat letter as 'y,5,h2,c' (missing seats: all in the yard)."""
    parts = []
    for s in seats:
        parts.append("%s=%s" % (s, tokens.get(s, "y,y,y,y")))
    for s in tokens:
        assert s in seats, "seat %s is not playing in %s" % (s, seats)
    head = preset + (":" + opts if opts else "")
    fields = [head, seats, "/".join(parts), turn or seats[0], phase, pend, str(sixes), str(rolls)]
    if extra:
        fields.append(extra)
    return " ".join(fields)


def start(preset, **kw):
    """A Game at the position `pos(preset, **kw)` describes."""
    return ludo.Game.from_position(pos(preset, **kw))


def moves(g):
    """The legal moves as sorted text, e.g. ['R1 0-6', 'R2 y-0']."""
    return sorted(str(m) for m in g.legal_moves)


def play(g, *actions):
    """Apply actions in order: an int is a physical die roll, a str a move ('R1 0-6',
    'R1+6', 'pass').  Returns the events of every action, in order (a list of tuples)."""
    events = []
    for a in actions:
        if isinstance(a, int):
            assert g.needs_roll(), "a roll of %d was given but a move is due: %s %s" % (
                a, g.position(), moves(g))
            g.roll(a)
        else:
            g.push(a)
        events.append(g.last_events)
    return events


def tokens(g, seat):
    """Where a seat's tokens stand, as in the position text ('y', '17', 'h2', 'c', 'x')."""
    field = g.position().split(" ")[2]
    for part in field.split("/"):
        if part[0] == seat:
            return part[2:]
    raise AssertionError("seat %s not in %s" % (seat, g.position()))


def field(g, n):
    """Field n of the position text (0 preset, 1 seats, 2 tokens, 3 turn, 4 phase,
    5 pending rolls, 6 sixes, 7 rolls drawn)."""
    return g.position().split(" ")[n]


def turn_letter(g):
    return SEATS[g.turn]


def random_game(preset, players, seed, options=None, max_actions=20000, rng=None):
    """Play a whole game with random legal choices (its own seeded dice). Returns the Game."""
    import random
    rng = rng or random.Random(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    n = 0
    while g.outcome() is None:
        n += 1
        assert n < max_actions, "game did not end: %s" % g.position()
        if g.needs_roll():
            g.roll()
        else:
            g.push(rng.choice(list(g.legal_moves)))
    return g


def check_last_action(g, r=None):
    """Assert that the last action obeyed the preset's rules of landing, capturing, counting
    and bonus rolls (used after every action of random games).  `r`: the rules to check
    against (a Rules of its own, so a fault in the game's tables shows too)."""
    r = r or g.rules
    m = g.last_move
    ev = g.last_events
    if m is None:
        return
    mover = m.token >> 2
    # exact count: a move is its roll (entering: yard to entry; rebound and club's turn
    # at a shut door are the only other shapes)
    if m.start == -1:
        assert m.end == 0 and (m.roll == 6 or (m.roll == 1 and r.options.get("entry_on_1"))), m
    elif not r.rebound and not ("turned " + ludo.token_name(m.token)) in ev:
        assert m.end - m.start == m.roll, m
    place = g.place(m.token)
    if r.stack_protect or r.blocks:     # a pair is protected (club free) or a block: lone tokens only
        for s in range(4):
            assert sum(1 for t in m.captures if t >> 2 == s) <= 1, "%s: %s" % (m, g.position())
    for t in m.captures:
        assert g.progress(t) == -1, "captured %s is not in the yard: %s" % (ludo.token_name(t), g.position())
        assert place.startswith("t") and not r.safe[int(place[1:])] and r.rival[mover * 4 + (t >> 2)], \
            "%s captured on a safe square or a non-rival: %s" % (m, g.position())
    counts = {}
    for t in range(16):
        if g.place(t) == place:
            counts[t >> 2] = counts.get(t >> 2, 0) + 1
    if place.startswith("t"):
        sq = int(place[1:])
        for s in counts:
            if s == mover:
                continue
            n = counts[s]
            killable = r.rival[mover * 4 + s] and not r.safe[sq] and not (r.stack_protect and n >= 2)
            assert not killable, "%s left a killable %s on %s: %s" % (m, "RGYB"[s], sq, g.position())
            assert not (r.blocks and n >= 2), "%s landed on a block: %s" % (m, g.position())
    if r.blocks == 2:       # strict: nothing lands on two of a colour, own included
        assert counts.get(mover, 0) <= 2 or place.startswith("c"), "%s: %s" % (m, g.position())
    # bonus rolls: one at most; which reasons count depends on the preset
    over = g.outcome() is not None
    home = place.startswith("c")
    want = (not r.pool and not over and
            (m.roll == 6 or (m.captures and r.bonus_capture) or (home and r.bonus_home)))
    assert ev.count("bonus") == (1 if want else 0), "%s events %r: %s" % (m, ev, g.position())


def random_checked_game(preset, players, seed, options=None, max_actions=20000):
    """A random game where every action is checked by check_last_action. Returns the Game."""
    import random
    rng = random.Random(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    ref = ludo.Rules(preset, players, options)
    n = 0
    while g.outcome() is None:
        n += 1
        assert n < max_actions, "game did not end: %s" % g.position()
        if g.needs_roll():
            g.roll()
        else:
            g.push(rng.choice(list(g.legal_moves)))
        check_last_action(g, ref)
    return g
