# A seat played from afar (docs/serial-protocol.md): the PC's `seat` and `act`
# commands (commands.py's table names this module; loaded for those only).  A
# seat handed to another kind goes the pause menu's way (saved, recorded as
# `kind B medium`); a remote seat is a person to the rules, and the board's flag
# (app.remote) for its lights and the status.  An action goes the way of a press
# (play.py's roll, move, resign): saved, sent, lit.
from . import load, transient
from .names import SEATS, KINDS, PLAY
from .commands import clip
from . import protocol, play


def seat(app, obj):
    """`seat`: who plays a seat from now on: a person from afar (remote), at the table
    (human) or the computer (easy, medium, hard, expert).  A change of the rules' kind is the pause
    menu's hand-over (saved, recorded as `kind B medium`), before the first roll too; remote
    or not is the board's flag.
    """
    g, s = seat_of(app, obj)
    kind = obj.get("kind")
    if kind != "remote" and kind not in KINDS:
        raise ValueError("seat needs \"kind\": one of remote, %s" % ", ".join(KINDS))
    k = "human" if kind == "remote" else kind      # the rules' kind
    letter = SEATS[s]
    was = g.kinds.get(letter, "human")
    if k != was and k != "human" and not app.computers:
        raise ValueError("no computer players on this board (ludo.ai is not installed)")
    if kind == "remote":
        app.remote |= 1 << s
    else:
        app.remote &= ~(1 << s)
    if k != was:    # (before the first action too: its header is out)
        play.committed(app, g.set_kind(letter, k, True), None)
    app.dirty = True
    return '{"cmd":"seat","re":"ok"}'


def act(app, obj):
    """`act`: a seat's roll, pass, resignation or move (in the record's notation), checked
    against the game and taken as the buttons take it: saved, sent, lit.  A move is then
    lit for the people at the table to carry out, as a computer's is.
    """
    g, s = seat_of(app, obj)
    action = obj.get("action")
    if not isinstance(action, str):
        raise ValueError("act needs \"action\": roll, pass, resign or a move like B1 y-13")
    letter = SEATS[s]
    if action == "resign":          # (whenever the rules allow it, not only on turn)
        if not g.rules.can_resign:
            raise ValueError("%s cannot resign: this game does not allow it (only strict, and classic "
                             "with two players)" % letter)
        transient("ludo.position")     # (the rules' refusal says the position)
        transient("ludo.notation")
        if not play.resign(app, s):
            raise ValueError("%s cannot resign now" % letter)
        return '{"cmd":"act","re":"ok"}'
    if app.mode != PLAY or app.entering >= 0:
        raise ValueError("not in play now: " + (       # (by names.py's modes)
            "the set-up menu is open", "the position is being checked at the table (confirm)",
            "the game is on its way", "the pause menu is open", "the game is over",
            "the pixel map check runs")[app.entering if app.entering >= 0 else app.mode])
    if g.turn != s:
        raise ValueError("not %s's turn (it is %s's)" % (letter, SEATS[g.turn]))
    if app.is_computer():
        raise ValueError("%s is played by the computer (%s)" % (letter, g.kinds[letter]))
    if app.fixing():
        raise ValueError("the tokens must be put right at the table first (then confirm)")
    legal = app.legal
    if action == "roll":
        value = obj.get("value")
        if not g.needs_roll():
            raise ValueError("%s has rolled: a move is due (legal: %s)" % (letter, _legal(legal)))
        if not app.hand:
            if value is not None:
                raise ValueError("act: \"value\" is for dice entered by hand; this game rolls its own")
        elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise ValueError("act: this game's dice are entered by hand: roll needs \"value\" 1 to 6")
        play.roll(app, value)
        return '{"cmd":"act","re":"ok"}'
    if g.needs_roll():
        raise ValueError("%s must roll first" % letter)
    try:
        m = load("ludo.notation", True).find_move(g, action)
    except ValueError as exc:
        raise ValueError("bad move %s: %s" % (clip(action), exc))
    if m is None:
        text = action if len(action) <= 20 and protocol.plain(action) else clip(action)
        raise ValueError("%s is not a legal move now (legal: %s)" % (text, _legal(legal)))
    i = 0
    while legal[i].code != m.code:
        i += 1
    t = m.token
    at = app.physical[t]
    play.move(app, i)
    if not m.is_pass:
        app.physical[t] = at        # nobody at the table has moved it yet: it is lit for them
        app.acted = m
    return '{"cmd":"act","re":"ok"}'


def seat_of(app, obj):
    """The game in play and the seat the command names, checked: (game, seat index)."""
    g = app.game
    if g is None or app.starting:
        raise ValueError("no game in play")
    if g.is_over():
        raise ValueError("the game is over")
    letter = obj.get("seat")
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SEATS or SEATS.index(letter) not in g.seats:
        playing = ", ".join(SEATS[x] for x in g.seats)
        if letter is None:
            raise ValueError("%s needs \"seat\": a seat playing (%s)" % (obj["cmd"], playing))
        raise ValueError("\"seat\" is a seat playing (%s), not %s" % (playing, clip(letter)))
    return g, SEATS.index(letter)


def _legal(legal):
    """The legal moves, as the record writes them."""
    return ", ".join(str(m) for m in legal)
