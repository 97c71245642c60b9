# What the lights show of a game: builds a Scene from the game's state
# (docs/lights.md).  Called only when something changed; the animation itself is
# the Scene's.  Colours, levels, periods and die faces are palette.py's.
#
# Layers, later ones win: safe squares and the last move's origin, tokens
# (stacks brighter, shared squares cycling their colours), whose turn, legal
# destinations and capture previews, the selected move, the die, tokens that must
# be put right by hand; then the short signal after an action (docs/lights.md,
# Signals), over them: which one an action's events call for (for_events), and
# what each looks like (signal: to change how a signal looks, change its
# branch there; how long it shows is palette.SIGNAL_TIME).
from .names import (SIG_NONE, SIG_REFUSE, SIG_START, SIG_HOME, SIG_BONUS, SIG_PASS, SIG_TURNED,
                    SIG_DOOR, SIG_LEAVE, SIG_FORFEIT, SIG_ERROR, EV_PASS, EV_TURNED, EV_HOME)
from .palette import (SEAT_RGB, WHITE, RED, MAGENTA, ORANGE, CYAN, SAFE_MARK, LAST_ORIGIN, TOKEN_LEVEL,
                      DEST_LEVEL, BREATH_LOW, DIM, SLOW, MEDIUM, FAST, BREATH, PIPS, ALL,
                      CENTRE_PIP, ROW_MASK, X_MASK, SIGNAL_TIME)
from .scene import HOME, YARD, CENTRE, DIE, NONE, place_of, scale

_FACE = [0, 0, 0, 0]        # die_cycle's colours of one pixel (no list per call)


def die_mask(scene, mask, rgb):
    """The die shows the pixels of `mask` (palette.PIPS and the others) steadily in rgb."""
    for k in range(7):
        if (mask >> k) & 1:
            scene.set(DIE + k, rgb)
        else:
            scene.off(DIE + k)


def die_cycle(scene, masks, rgb, period):
    """The die cycles through up to four faces (bit masks) in one colour."""
    n = len(masks)
    c = _FACE
    for k in range(7):
        for i in range(4):
            c[i] = -1 if i >= n else rgb if (masks[i] >> k) & 1 else 0
        scene.cycle(DIE + k, period, 0, 0, c[0], c[1], c[2], c[3])


def die_breathe(scene, mask, rgb, period=BREATH):
    """The pixels of `mask` breathe slowly between dim and full rgb."""
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(DIE + k, period, 0, 1, scale(rgb, BREATH_LOW), rgb)
        else:
            scene.off(DIE + k)


def die_blink(scene, mask, a, b, period):
    """The pixels of `mask` alternate between colours a and b."""
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(DIE + k, period, 0, 0, a, b)
        else:
            scene.off(DIE + k)


def _nobody_at(where, p):
    for t in range(16):
        if where[t] == p:
            return False
    return True


def _token_to(physical, where, p, but):
    """A token (other than `but`) to be put at place p that is not there yet, or -1."""
    for u in range(16):
        if u != but and where[u] == p and physical[u] != p:
            return u
    return -1


def _token_from(physical, where, p, but):
    """A token (other than `but`) standing at place p that must leave it, or -1."""
    for u in range(16):
        if u != but and physical[u] == p and where[u] != p:
            return u
    return -1


class Painter:
    # Paints a game's layers into a Scene (the play modes call it: play.py).

    def __init__(self):
        self.where = bytes(16)      # the tokens' places of the last board() (for moves())

    # -- the board -------------------------------------------------------
    def tokens(self, scene, game, where):
        """Tokens at the places `where` (place id per token, NONE = off the board)."""
        self.where = where
        for t in range(16):
            p = where[t]
            if p == NONE:
                continue
            s = t >> 2
            n = 0
            for u in range(s * 4, s * 4 + 4):     # the seat's tokens here: a stack
                if where[u] == p:
                    if u < t:
                        n = -1          # counted at its first token
                        break
                    n += 1
            if n < 0:
                continue
            if scene.ncol[p]:
                u = 0
                while u < s * 4 and where[u] != p:
                    u += 1
                if u == s * 4:
                    scene.off(p)        # the first colour here: replace the safe-square marker
            scene.add(p, scale(SEAT_RGB[s], TOKEN_LEVEL[n]), SLOW)

    def board(self, scene, game, where, last_origin):
        """Safe squares, the last move's origin and the tokens."""
        safe = game.rules.safe
        for sq in range(52):
            if safe[sq]:
                scene.set(sq, SAFE_MARK)
        if last_origin != NONE:
            scene.set(last_origin, LAST_ORIGIN)
        self.tokens(scene, game, where)

    def turn(self, scene, game, where, hurry=False, remote=False):
        """The seat on turn: its yard spots breathe (tokens bright, empty spots dim);
        they blink fast when its deadline is near (hurry).  A seat played from afar
        (remote): a light runs round its yard instead, a spot at a time.
        """
        s = game.turn
        rgb = SEAT_RGB[s]
        period = FAST if hurry else BREATH
        for i in range(4):
            p = YARD + s * 4 + i
            if remote and not hurry:
                low = scale(rgb, DIM) if where[s * 4 + i] == p else 0
                scene.cycle(p, FAST, 4 - (i ^ (i >> 1)), 0, rgb, low, low, low)     # (round: 0 1 3 2)
            elif where[s * 4 + i] == p:
                scene.cycle(p, period, 0, 1, scale(rgb, 90), scale(rgb, TOKEN_LEVEL[1]))
            else:
                scene.cycle(p, period, 0, 1, 0, scale(rgb, DIM))

    def moves(self, scene, game, legal, selected, hint=False):
        """Legal destinations (dim), capture previews, and the selected move
        (a coach hint lights its landing square cyan instead of white).
        """
        where = self.where
        for i in range(len(legal)):
            m = legal[i]
            if m.is_pass or i == selected:
                continue
            o = place_of(game.rules, m.token, m.start)
            d = place_of(game.rules, m.token, m.end)
            rgb = SEAT_RGB[m.token >> 2]
            if o < YARD and scene.ncol[o] == 1:       # a token that may move: it breathes
                scene.cycle(o, BREATH, 0, 1, scene.colour(o), scale(rgb, 60))
            if m.captures:
                victim = SEAT_RGB[m.captures[0] >> 2]
                scene.cycle(d, MEDIUM, 0, 0, victim, scale(rgb, DEST_LEVEL))
            elif _nobody_at(where, d):
                scene.set(d, scale(rgb, DEST_LEVEL))
            else:
                scene.add(d, scale(rgb, DEST_LEVEL), SLOW)
        if 0 <= selected < len(legal) and not legal[selected].is_pass:
            self.move(scene, game, legal[selected], hint)

    def move(self, scene, game, m, hint=False):
        """A move chosen (selected, a computer's, one played from afar): its token blinks
        where it stands, its landing square flashes white (a coach hint: cyan).
        """
        rgb = SEAT_RGB[m.token >> 2]
        o = place_of(game.rules, m.token, m.start)
        d = place_of(game.rules, m.token, m.end)
        scene.cycle(o, MEDIUM, 0, 1, rgb, 0)
        if m.captures:
            victim = SEAT_RGB[m.captures[0] >> 2]
            scene.cycle(d, FAST, 0, 0, rgb, CYAN if hint else WHITE, victim, 0)
            for v in m.captures:     # where the captured token will go
                scene.cycle(YARD + v, MEDIUM, 0, 0, scale(SEAT_RGB[v >> 2], 60), 0)
        else:
            scene.cycle(d, FAST, 0, 0, rgb, CYAN if hint else WHITE)

    def fixups(self, scene, game, physical, where, acted=None):
        """Tokens whose physical place differs from the game's: origin and destination
        alternate.  A move played from afar (acted) that the table has not carried out
        yet is lit as a computer's chosen move is, the die showing its roll.
        """
        u = -1                      # the token of that move
        if acted is not None and physical[acted.token] != where[acted.token]:
            u = acted.token
        for t in range(16):
            a = physical[t]
            b = where[t]
            if a == b or t == u:
                continue
            rgb = SEAT_RGB[t >> 2]
            if a != NONE:
                comes = _token_to(physical, where, a, t)
                if comes >= 0:      # one token leaves, another comes: each phase shows its token
                    scene.cycle(a, MEDIUM, 0, 0, rgb, SEAT_RGB[comes >> 2])
                else:
                    under = scene.colour(a) if scene.ncol[a] == 1 else 0
                    scene.cycle(a, MEDIUM, 0, 0, rgb, WHITE if b == NONE else under)
            if b != NONE and _token_from(physical, where, b, t) < 0:  # (else painted as that origin)
                scene.cycle(b, MEDIUM, 1, 0, rgb, 0)
        if u >= 0:
            self.move(scene, game, acted)
            die_mask(scene, PIPS[acted.roll], SEAT_RGB[u >> 2])
        else:
            die_breathe(scene, CENTRE_PIP, WHITE)

    def win(self, scene, game):
        """A finished game: the track chases in the winners' colours."""
        out = game.outcome()
        winners = out.winners if out is not None else ()
        a = SEAT_RGB[winners[0]] if winners else WHITE
        b = SEAT_RGB[winners[1]] if len(winners) > 1 else a
        for sq in range(52):
            scene.cycle(sq, 2, sq % 4, 0, a, 0, b, 0)
        for s in winners:
            scene.set(CENTRE + s, SEAT_RGB[s])
        die_cycle(scene, (PIPS[6], PIPS[5], PIPS[4], PIPS[3]), a, MEDIUM)

    # -- the die ---------------------------------------------------------
    def die_play(self, scene, game, legal, selected, entry_value, hand, thinking=False):
        """The die during play: breathing for a roll (orange: by hand), the roll,
        the selected move's roll, or the pending rolls in turn; breathing cyan while
        the coach thinks (its hint asked for, not lit yet).
        """
        rgb = SEAT_RGB[game.turn]
        if game.needs_roll():
            if entry_value:
                die_blink(scene, PIPS[entry_value], rgb, scale(rgb, DIM), SLOW)
            elif hand:
                die_breathe(scene, ALL, ORANGE)
            else:
                die_breathe(scene, ALL, rgb)
            return
        if thinking:
            die_breathe(scene, ALL, CYAN)
            return
        if 0 <= selected < len(legal) and not legal[selected].is_pass:
            die_mask(scene, PIPS[legal[selected].roll], rgb)
            return
        rolls = game.pending_rolls
        if len(legal) == 1 and legal[0].is_pass:
            die_blink(scene, PIPS[rolls[0]] if rolls else ROW_MASK, rgb, 0, MEDIUM)
            return
        if len(rolls) > 1:
            masks = [PIPS[v] for v in rolls[:4]]
            die_cycle(scene, masks, rgb, 2 * SLOW)
        elif rolls:
            die_mask(scene, PIPS[rolls[0]], rgb)

    def check(self, scene):
        """After a reset: the die breathes white until the players confirm the position."""
        die_breathe(scene, ALL, WHITE)


# -- the short signals -------------------------------------------------
# the signal for each of the core's event kinds (ludo.actions' EV_*, in their order)
_SIGNAL_OF_EVENT = bytes((SIG_PASS, SIG_BONUS, SIG_FORFEIT, SIG_FORFEIT, SIG_FORFEIT,   # pass .. void
                          SIG_TURNED, SIG_NONE, SIG_HOME,     # turned, capture, home: a token
                          SIG_DOOR, SIG_NONE, SIG_START, SIG_LEAVE, SIG_LEAVE))  # door, win, start,
#                                                               resign, timeout: a seat (win: a mask)


def show(app, kind, seat=-1, arg=0):
    """Show signal `kind` (names.SIG_*) now, for its time; `seat` whose it is (-1: nobody's),
    `arg` a home column for door, turned and home.
    """
    app.banner = kind
    app.banner_seat = seat
    app.banner_arg = arg
    app.banner_until = (app.hw.ticks_ms() + SIGNAL_TIME[kind] * 25) & 0x1FFFFFFF   # ticks wrap at 2**29
    app.dirty = True


def for_events(app, game):
    """The signal for what the game's last action caused: the highest kind among its events."""
    best = SIG_NONE
    seat = game.turn
    arg = 0
    for i in range(game.event_count):
        e = game.event_at(i)
        ev = e >> 4
        kind = _SIGNAL_OF_EVENT[ev]
        if kind > best:
            best = kind
            if ev == EV_PASS or ev > EV_HOME:       # a seat
                seat = e & 15
            elif ev >= EV_TURNED:                   # a token: its seat
                seat = (e & 15) >> 2
            arg = game.rules.entry[seat] // 13      # the home column its tokens finish in
    if best:
        show(app, best, seat, arg)


def signal(scene, kind, seat, arg, game):
    """Signal `kind` over the scene (the app paints it last)."""
    rgb = SEAT_RGB[seat] if 0 <= seat < 4 else WHITE
    if kind == SIG_REFUSE:          # all seven blink white: no seat's colour, no roll's face
        die_blink(scene, ALL, WHITE, 0, FAST)
    elif kind == SIG_BONUS:
        die_blink(scene, ALL, rgb, WHITE, 3)
    elif kind == SIG_PASS:          # the roll no token could use, then the dash, in the roller's colour
        die_cycle(scene, (PIPS[game.last_roll], ROW_MASK), rgb, MEDIUM)
    elif kind == SIG_FORFEIT:
        die_blink(scene, X_MASK, RED, 0, FAST)
    elif kind == SIG_LEAVE:
        die_blink(scene, X_MASK, rgb, 0, FAST)
    elif kind == SIG_DOOR:
        for k in range(5):
            scene.cycle(HOME + arg * 5 + k, 3, 5 - k, 0, rgb, 0, 0, 0)
        scene.cycle(CENTRE + arg, 3, 0, 0, rgb, 0, 0, 0)
    elif kind == SIG_TURNED:
        scene.cycle(HOME + arg * 5, FAST, 0, 0, RED, 0)
    elif kind == SIG_HOME:
        scene.cycle(CENTRE + arg, 3, 0, 0, WHITE, rgb)
    elif kind == SIG_START:
        for i in range(4):
            scene.cycle(YARD + seat * 4 + i, 3, 0, 0, WHITE, rgb)
    elif kind == SIG_ERROR:
        die_blink(scene, ALL, MAGENTA, 0, SLOW)
        for s in range(4):
            scene.cycle(CENTRE + s, SLOW, 0, 0, MAGENTA, 0)
