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


def has_event(events, prefix):
    """Whether any event (in a tuple, or a list of tuples) starts with prefix."""
    flat = []
    for e in events:
        if isinstance(e, tuple):
            flat.extend(e)
        else:
            flat.append(e)
    return any(x == prefix or x.startswith(prefix + " ") or x.startswith(prefix) for x in flat)


def roll_until_move_due(g, value):
    """Roll `value` (a physical die) and return the legal moves' text."""
    g.roll(value)
    return moves(g)


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
