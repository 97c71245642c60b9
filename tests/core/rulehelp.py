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


def random_action(g, rng):
    """One action of random legal play: a roll of the game's own dice when one is due,
    else a legal move chosen by rng."""
    if g.needs_roll():
        g.roll()
    else:
        g.push(rng.choice(g.legal_moves))


def random_game(preset, players, seed, options=None, max_actions=20000, rng=None):
    """Play a whole game with random legal choices (its own seeded dice). Returns the Game."""
    import random
    rng = rng or random.Random(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    n = 0
    while g.outcome() is None:
        n += 1
        assert n < max_actions, "game did not end: %s" % g.position()
        random_action(g, rng)
    return g


# ---- the rules written out, for the random-game checker ------------------------------------
#
# Literal facts of docs/rules.md (section 1, "The presets side by side", and its table of
# option defaults) and of shared/rulesets/README.md, written here by hand so that the checker
# does not lean on firmware/ludo/tables.py or options.py: a fault there then shows as a
# disagreement, not on both sides at once.

STARTS = (0, 13, 26, 39)            # "entry (start) squares 0, 13, 26, 39"
STARS = (8, 21, 34, 47)             # "Star squares ... 8, 21, 34, 47"

# docs/rules.md section 1, "Option defaults per preset" (club's tokens_to_win: 4, 2 with quick)
DEFAULTS = {
    "family": {"rebound": False, "entry_on_1": False, "blockades": False, "centre_bonus": False,
               "highest_starts": False, "stars": True, "capture_bonus": True,
               "three_sixes": "forfeit", "tokens_to_win": 4},
    "classic": {"rebound": False, "entry_on_1": False, "blockades": False, "centre_bonus": True,
                "highest_starts": False, "stars": True, "capture_bonus": True,
                "three_sixes": "forfeit", "tokens_to_win": 4},
    "club": {"rebound": False, "entry_on_1": False, "three_sixes": "void", "tokens_to_win": 4,
             "mode": "ordinary", "safe_squares": False, "quick": False, "mandatory_kill": False,
             "teams": False, "rolloff": False},
    "strict": {"rebound": False, "entry_on_1": False, "blockades": False, "centre_bonus": False,
               "highest_starts": False, "stars": False, "capture_bonus": False,
               "three_sixes": "void", "tokens_to_win": 4, "deadline": 0},
}

# blocks (docs/rules.md section 1, "blocks"): none; opponents cannot land on 2+ of a colour;
# nothing lands on 2 of a colour, own included
NO_BLOCKS, OPPONENTS_BLOCKED, ALL_BLOCKED = "none", "opponents", "all"


class Facts:
    """What docs/rules.md says of one preset with its options and players, in plain values:
    `safe` (the safe track squares), `rival(a, b)` (may seat a capture seat b),
    `pair_protected` (club free mode: 2+ stones of a colour cannot be killed), `blocks`,
    `pool` (club: rolls first, no bonus but the 6's roll), `bonus_capture`, `bonus_home`,
    `entry_rolls`, `rebound`, `home` (progress of home / the finish)."""

    def __init__(self, preset, players, options=None):
        opts = dict(DEFAULTS[preset])
        opts.update(options or {})
        count = players if isinstance(players, int) else len(players)
        club = preset == "club"
        # club: "A three-player game is Free mode by force, and its safe squares are already on."
        self.free = club and (opts["mode"] == "free" or count == 3)
        self.ordinary_club = club and not self.free
        if club:
            # ordinary: none, or the 8 with safe_squares; free: always the 8
            self.safe = frozenset(STARTS + STARS) if (self.free or opts["safe_squares"]) else frozenset()
        else:
            # family/classic: 4 starts + 4 stars; strict: the 4 entry squares only; `stars`
            # switches the stars on or off in any of them
            self.safe = frozenset(STARTS + (STARS if opts["stars"] else ()))
        # README (club): "Teams ... Red+Green against Yellow+Blue. Partners never kill each other."
        self.partners = {(0, 1), (1, 0), (2, 3), (3, 2)} if (club and opts["teams"]) else set()
        self.pair_protected = self.free
        self.blocks = {"family": NO_BLOCKS, "classic": OPPONENTS_BLOCKED, "club": NO_BLOCKS,
                       "strict": ALL_BLOCKED}[preset]
        if opts.get("blockades") and self.blocks == NO_BLOCKS:
            self.blocks = OPPONENTS_BLOCKED     # impassable: not landed on by opponents either
        self.pool = club
        self.bonus_capture = bool(opts.get("capture_bonus"))
        self.bonus_home = bool(opts.get("centre_bonus"))
        self.entry_rolls = (6, 1) if opts["entry_on_1"] else (6,)
        self.rebound = opts["rebound"]
        self.home = 57 if club else 56

    def rival(self, a, b):
        if a == b or (a, b) in self.partners:
            return False
        if self.ordinary_club:
            # "In the ordinary mode a kill happens only between facing colours: red kills blue
            # (and blue red), green kills yellow (and yellow green)."
            return {a, b} in ({0, 3}, {1, 2})
        return True


def check_last_action(g, facts):
    """Assert that the last action obeyed the preset's rules of landing, capturing, counting
    and bonus rolls (used after every action of random games), judged by `facts` (a Facts:
    the rules as written in docs/rules.md, not the game's own tables)."""
    f = facts
    m = g.last_move
    ev = g.last_events
    if m is None:
        return
    mover = m.token >> 2
    # exact count: a move is its roll (entering: yard to entry; rebound and club's turn
    # at a shut door are the only other shapes)
    if m.start == -1:
        assert m.end == 0 and m.roll in f.entry_rolls, m
    elif ("turned " + ludo.token_name(m.token)) not in ev:
        want_end = m.start + m.roll
        if f.rebound and want_end > f.home:
            want_end = 2 * f.home - want_end    # the steps past home walk back
        assert m.end == want_end, m
    place = g.place(m.token)
    if f.pair_protected or f.blocks != NO_BLOCKS:   # a pair is protected or a block: lone tokens only
        for s in range(4):
            assert sum(1 for t in m.captures if t >> 2 == s) <= 1, "%s: %s" % (m, g.position())
    for t in m.captures:
        assert g.progress(t) == -1, "captured %s is not in the yard: %s" % (ludo.token_name(t), g.position())
        assert place.startswith("t") and int(place[1:]) not in f.safe and f.rival(mover, t >> 2), \
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
            killable = f.rival(mover, s) and sq not in f.safe and not (f.pair_protected and n >= 2)
            assert not killable, "%s left a killable %s on %s: %s" % (m, "RGYB"[s], sq, g.position())
            assert not (f.blocks != NO_BLOCKS and n >= 2), "%s landed on a block: %s" % (m, g.position())
    if f.blocks == ALL_BLOCKED:     # strict: nothing lands on two of a colour, own included
        assert counts.get(mover, 0) <= 2 or place.startswith("c"), "%s: %s" % (m, g.position())
    # bonus rolls: one at most; which reasons count depends on the preset
    over = g.outcome() is not None
    home = place.startswith("c")
    want = (not f.pool and not over and
            (m.roll == 6 or (m.captures and f.bonus_capture) or (home and f.bonus_home)))
    assert ev.count("bonus") == (1 if want else 0), "%s events %r: %s" % (m, ev, g.position())


def random_checked_game(preset, players, seed, options=None, max_actions=20000):
    """A random game where every action is checked by check_last_action against the rules
    as docs/rules.md writes them (Facts). Returns the Game."""
    import random
    rng = random.Random(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    ref = Facts(preset, players, options)
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
