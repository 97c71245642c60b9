# A game on the board: what the buttons mean and what the lights show while
# it is checked after a reset (Check), played (Play) and finished (Over).
#
# roll, select, confirm, back; a long press on back opens the pause menu, on
# select asks the coach.  A press that means nothing now is refused (its signal,
# painter.py) and changes nothing.  Tokens the game moved but the players did not
# (a capture, an undo) are put right first: confirm once they are.
import sys

from .names import ROLL, SELECT, CONFIRM, BACK, PLAY, PAUSE, OVER, CODE_UNDO, CODE_KIND, CODE_RESIGN
from .scene import NONE, place_of
from .buttons import ticks_diff
from . import load, painter, protocol


class Game:
    # What the three game modes share: the board's picture, back's long press.

    def enter(self, app):
        """The mode begins."""
        pass

    def leave(self, app):
        """The mode ends."""
        pass

    def paint(self, app, scene):
        """The tokens on the board, then this mode's layer (paint_more)."""
        p = app.painter
        g = app.game
        p.board(scene, g, app.where, app.last_origin)
        if app.fixing():
            p.fixups(scene, g, app.physical, app.where, app.acted)
        else:
            self.paint_more(app, p, scene, g)

    def paint_more(self, app, p, scene, g):
        """This mode's layer over the board when the tokens stand where the game says."""
        pass

    def press(self, app, button, long):
        """A press: the pause menu, putting tokens right, or this mode's (press_more)."""
        if button == BACK and long:
            app.switch(PAUSE)
        elif app.fixing():
            if button == CONFIRM:
                settle(app)
                app.dirty = True
            elif button == BACK and app.mode == PLAY:
                press_back(app)
            else:
                app.refuse()
        else:
            self.press_more(app, button, long)

    def press_more(self, app, button, long):
        """This mode's meaning of a press."""
        app.refuse()


class Check(Game):
    # After a reset: the position is shown until the players confirm it.

    def paint(self, app, scene):
        """Draw the position, the turn and the check signal into `scene`."""
        p = app.painter
        g = app.game
        p.board(scene, g, app.where, app.last_origin)
        p.turn(scene, g, app.where)
        p.check(scene)

    def press(self, app, button, long):
        """Confirm takes the shown position up again; a long back opens the pause menu."""
        if button == BACK and long:
            app.switch(PAUSE)
        elif button == CONFIRM:
            settle(app)
            app.switch(OVER if app.game.is_over() else PLAY)
        else:
            app.refuse()


class Over(Game):
    # A finished game: its winners; confirm or roll opens the set-up menu.

    def paint_more(self, app, p, scene, g):
        """The winners' lights."""
        p.win(scene, g)

    def press_more(self, app, button, long):
        """Confirm or roll opens the set-up menu; other buttons are refused."""
        if button == CONFIRM or button == ROLL:
            app.open_menu()
        else:
            app.refuse()


class Play(Game):
    # A game in play: roll, choose a move, play it.

    def paint_more(self, app, p, scene, g):
        """The turn, the legal moves (once rolled) and the die."""
        p.turn(scene, g, app.where, app.warned, (app.remote >> g.turn) & 1)
        if not g.needs_roll():
            p.moves(scene, g, app.legal, app.selected, app.hint)
        p.die_play(scene, g, app.legal, app.selected, app.entry_value, app.hand,
                   app.jobs and not app.is_computer())     # (a person's turn: the coach's hint)

    def press_more(self, app, button, long):
        """Roll (or enter a hand die's value), choose among the legal moves, confirm one."""
        g = app.game
        if g.needs_roll():
            if button == ROLL and not app.hand:
                roll(app, None)
            elif app.hand and (button == ROLL or button == SELECT):
                app.entry_value = app.entry_value % 6 + 1
                app.dirty = True
            elif app.hand and button == CONFIRM and app.entry_value:
                roll(app, app.entry_value)
            elif button == BACK:
                if app.entry_value:
                    app.entry_value = 0
                    app.dirty = True
                else:
                    press_back(app)
            else:
                app.refuse()
            return
        computer = app.is_computer()
        if button == SELECT and not computer:
            if not long:
                select_next(app)
            elif app.computers:     # the coach's hint (players.job: whose)
                app.jobs.append(job(app, None, "hint"))
            else:
                app.refuse()
        elif button == CONFIRM and 0 <= app.selected < len(app.legal):
            move(app, app.selected)
        elif button == BACK:
            if app.selected >= 0 and not computer and len(app.legal) > 1:
                app.selected = -1
                app.hint = False
                app.dirty = True
            else:
                press_back(app)
        else:
            app.refuse()


# -- the game's actions (the modes', the app's timers', the pause menu's) ------
def committed(app, code, text):
    """The game has taken one transcript code: save it, tell the PC, then change the lights."""
    g = app.game
    app.saves.append(code, g)
    app.acted = None            # (a move taken from afar is shown until the next action)
    link = app.link
    if link.connected:          # the lines are built only for a PC that listens
        if text is None:        # a roll; resign, timeout, undo, kind: position-free texts
            text = "roll %d%s" % (code & 7, " hand" if code & 8 else "") if code < 16 \
                else g.action_text(code)
        link.send(protocol.action_line(g, g.transcript_length, text,
                                      g.last_events if code < CODE_UNDO else ()))
    if g.is_over():
        if link.connected:
            link.send(protocol.end_line(g, g.transcript_length + 1))
        app.switch(OVER)
    app.refresh()
    if code >= CODE_KIND or app.mode == OVER:
        app.computers_needed()
    app.banner = 0             # a new action ends the last one's signal
    if code < CODE_UNDO:
        painter.for_events(app, g)


def time_left(app, now):
    """A `strict` deadline's time left to the seat on turn, in ms (None: none runs now:
    no deadline, not in play, tokens to put right, or a computer's turn).
    """
    g = app.game
    limit = g.rules.deadline * 1000 if g is not None else 0
    if not limit or app.mode != PLAY or app.fixing() or app.is_computer():
        return None
    return limit - ticks_diff(now, app.turn_at)


def roll(app, value):
    """Roll the game's dice (value None) or take a roll entered by hand."""
    g = app.game
    v = g.roll(value)
    committed(app, v if value is None else 8 + v, None)


def move(app, index):
    """Play legal move `index`; the token in hand is taken to stand where it lands."""
    g = app.game
    m = app.legal[index]
    text = str(m) if app.link.connected else None
    if not m.is_pass:
        app.physical[m.token] = place_of(g.rules, m.token, m.end)
        app.last_origin = place_of(g.rules, m.token, m.start)
    g.push(m)
    committed(app, m.code, text)


def press_back(app):
    """back in play: a take-back (take_back.py, loaded for it), where the rules allow it."""
    if not load("ludoboard.take_back", True).undo(app):
        app.refuse()


def resign(app, seat):
    """Seat `seat` resigns, where the rules allow it now (False: they do not)."""
    try:
        app.game.resign(seat)
    except ValueError:
        return False
    committed(app, CODE_RESIGN + seat, None)
    return True


def select_next(app):
    """The next legal move, skipping any that looks the same on the board."""
    legal = app.legal
    n = len(legal)
    if not n:
        app.refuse()
        return
    i = app.selected
    for _ in range(n):
        i = (i + 1) % n
        if not looks_like_earlier(legal, i):
            break
    app.selected = i
    app.hint = False
    app.dirty = True


def looks_like_earlier(legal, i):
    """Does move i light the same squares as a move before it?"""
    m = legal[i]
    for j in range(i):
        o = legal[j]
        if o.roll == m.roll and o.start_place == m.start_place and o.end_place == m.end_place:
            return True
    return False


def job(app, kind, what):
    """A computer seat's or the coach's job for app.jobs (players.job; what: "load",
    "choose" or "hint"; the coach's kind None: players.job chooses it by the room).
    """
    app.dirty = True                # (the coach's hint on its way: the die says so)
    room = app.hw.free_room() if kind is None else None    # (the coach's: before players.py loads)
    if "ludoboard.players" not in sys.modules:
        yield                       # (players.py compiles in a stage of its own)
    try:
        yield from load("ludoboard.players").job(app, kind, what, room)
    except MemoryError:             # no room for it: the game goes on (out_of_memory.py)
        yield                       # (a collection first)
        load("ludoboard.out_of_memory", True).step_down(app, kind, what)


def settle(app):
    """The players have put every token where the game says."""
    for t in range(16):
        app.physical[t] = app.where[t]
    app.phase_mark = -1
    app.turn_seat = -1
