"""What the board's app shows now, as the plain snapshot `ludo_host.words` puts in words.

The virtual board runs the firmware's App in this process, so it reads the
snapshot off the app (`snapshot_of`). Every field is plain JSON data that the
board itself knows, so a board could send the same snapshot over serial later.
Fields (None where they do not apply):

- `mode`: "boot" (no app yet), "menu", "starting" (a new game being set up),
  "check" (after a reset: check the tokens), "play", "pause", "over",
  "map-check"
- `turn`: the seat letter on turn ("R"); `kind`: who plays it ("human", "easy",
  "medium", "hard", "expert"); `preset`; `remote`: the letters of the seats played from afar
  (a person on a seat link: "human" to the rules), "" when none
- `rolls`: the rolls waiting to be played, as a list ([] while a roll is due);
  `hand`: dice entered by hand; `entry`: the value being entered (0: none yet)
- `moves`: how many different moves can be chosen (moves that look the same on
  the board count once; a pass is none); `pass`: confirm passes (`family`);
  `selected`: a move is selected (lit white); `hint`: the selected move is the coach's
  hint (lit cyan); `thinking`: the coach's hint is asked for and not lit yet (the die
  breathes cyan: a person's turn with a job under way)
- `fixups`: tokens must be put right by hand, then confirm; `acted`: with fixups, the
  move a seat played from afar chose (the PC's `act`), lit for the table; `undo`: back takes
  the last move a person chose back (there is one, and the preset allows it); `skip_fixups`: this board
  has no wooden tokens to put right (LUDO_SKIP_FIXUPS = 1): a computer's move goes on by itself
- `deadline_ms`: the seat's time left (`strict`'s deadline), when it runs
- `menu`: the set-up menu's `page` (1..5), `name` ("preset", "players",
  "computer seats", "options", "dice"), `item` (the seat letter or option name
  the page shows, else None), `value` (the preset's name, the player count, the
  kind, the option's value, "hand" or "game"); None while its code loads
- `leave`: in the set-up menu, whether back on its first page returns to the game (a game
  it was opened from); None where not known (a board on a serial link)
- `setup`: in the set-up menu, the game it would start: `preset`, `players` (seat letters),
  `kinds` ({letter: kind}), `dice` ("device" or "hand"), `options` (those the players set),
  as a record header has them (`ludo_host.setup_words.summary` says it in words); in a
  game, the game's own (its options all, its kinds as they are now); None from a board on
  a serial link (its `status` does not carry it)
- `moves_played`: how many moves the game has played (rolls, passes and take-backs aside)
- `pause`: the pause menu's item: "hand over", "resign", "new game"
- `signal`: the short signal after the last action, while it shows: "refused",
  "start", "home", "bonus", "pass", "turned", "door", "leave", "forfeit", "error"
  (as the board's `status` names it)
- `last_roll`: the die's last value (1..6), None before the game's first roll;
  with the "pass" signal it is the roll no token could use
- `result`: the winner(s) when the game is over ("R", "R+G")
- `left`: the seats that resigned or ran out of time, in order, as [seat, "resign" or
  "timeout"] (words.result_words says the result with them)
- `tokens`: {token name: place} ("R1": "t13", "yR1", "hR2", "cR") of the game shown (play,
  pause, check, over), as the game has them; None otherwise
- `undone`: after a take-back (until the next action), what it took back, in the order
  it was played: [[seat letter, record text], ...] ([["R", "R1 12-18"], ["G", "roll 5"]])
"""
import json
import sys

MENU_PAGES = ("preset", "players", "computer seats", "options", "dice")   # ludoboard.setup_menu.pages' PAGE_*
PAUSE_ITEMS = ("hand over", "resign", "new game")                     # ludoboard.pause_menu's items
SEATS = "RGYB"


def running_app(thread_ident):
    """The firmware's App (ludoboard/app.py) running in that thread, or None (booting, not
    running). code.py keeps no name for it: it is found on the thread's stack."""
    frame = sys._current_frames().get(thread_ident) if thread_ident is not None else None
    while frame is not None:
        obj = frame.f_locals.get("self")
        if type(obj).__name__ == "App" and type(obj).__module__ == "ludoboard.app":
            return obj
        frame = frame.f_back
    return None


def left_of(g):
    """[[seat, "resign" or "timeout"], ...] of a game's resignations and missed deadlines."""
    from ludo.actions import CODE_RESIGN, CODE_TIMEOUT
    out = []
    for code in g.transcript:
        if CODE_RESIGN <= code < CODE_TIMEOUT + 4:
            out.append([SEATS[(code - CODE_RESIGN) % 4], "resign" if code < CODE_TIMEOUT else "timeout"])
    return out


def empty():
    """The snapshot of a board that shows nothing yet (booting)."""
    return {"mode": "boot", "turn": None, "kind": None, "preset": None, "rolls": [], "hand": False,
            "entry": 0, "moves": 0, "pass": False, "selected": False, "fixups": False,
            "undo": False, "deadline_ms": None, "menu": None, "pause": None, "signal": None, "result": None,
            "last_roll": None, "remote": "", "acted": None, "left": [], "skip_fixups": False,
            "setup": None, "undone": None, "tokens": None, "moves_played": 0, "hint": False, "thinking": False,
            "leave": None}


def snapshot_of(app):
    """The snapshot (a dict, see the module's doc) of a ludoboard App as it is now."""
    snap = empty()
    if app is None or not hasattr(app, "jobs"):
        return snap
    from ludoboard import names, play, protocol, take_back     # (the firmware the app runs is on sys.path)
    # the set-up menu, the signal, the seats played from afar and a deadline's time left:
    # as the board's own `status` says them
    status = json.loads(protocol.status_line(app))
    mode = {names.MENU: "menu", names.CHECK: "check", names.PLAY: "play", names.PAUSE: "pause",
            names.OVER: "over", names.MAP_CHECK: "map-check"}.get(app.mode, "play")
    snap["mode"] = "starting" if app.starting else mode
    snap["signal"] = status["signal"]
    menu = status["menu"]
    if mode == "menu" and menu is not None:
        snap["menu"] = dict(menu, name=MENU_PAGES[menu["page"] - 1])
        snap["setup"] = menu_setup(app.choices)
        snap["leave"] = bool(getattr(app, "can_leave", False))
    g = app.game
    if g is None:
        return snap
    from ludo.actions import CODE_PASS
    letter = SEATS[g.turn]
    snap["turn"] = letter
    snap["remote"] = status["remote"]
    snap["preset"] = g.preset
    snap["kind"] = g.kinds.get(letter, "human") if app.is_computer() else "human"
    snap["hand"] = bool(app.hand)
    snap["entry"] = app.entry_value
    snap["last_roll"] = g.last_roll or None
    over = g.outcome()
    if over is not None:
        snap["result"] = over.result()
        snap["left"] = left_of(g)
    if mode != "menu" and mode != "map-check":
        snap["tokens"] = token_places(app, g)
        snap["setup"] = {"preset": g.preset, "players": "".join(SEATS[s] for s in g.seats),
                         "kinds": {SEATS[s]: g.kinds.get(SEATS[s], "human") for s in g.seats},
                         "dice": "hand" if app.hand else "device", "options": dict(g.options)}
        snap["moves_played"] = sum(1 for c in g.codes if 16 <= c < CODE_PASS)
    if mode == "pause" and hasattr(app.screen, "item"):
        snap["pause"] = PAUSE_ITEMS[app.screen.item]
    if mode not in ("play", "pause"):
        return snap
    snap["undone"] = taken_back(g)
    snap["fixups"] = app.fixing()
    snap["skip_fixups"] = bool(getattr(app, "skip_fixups", False))
    acted = getattr(app, "acted", None)
    if snap["fixups"] and acted is not None:
        snap["acted"] = str(acted)
    snap["undo"] = bool(g.rules.can_undo) and take_back.last_choice(app) >= 0     # (a person's move)
    if not g.needs_roll():
        snap["rolls"] = list(g.pending_rolls)
        legal = app.legal
        snap["moves"] = sum(1 for i in range(len(legal))
                            if not legal[i].is_pass and not play.looks_like_earlier(legal, i))
        snap["pass"] = bool(legal) and all(m.is_pass for m in legal)
        snap["selected"] = 0 <= app.selected < len(legal)
        snap["hint"] = snap["selected"] and bool(getattr(app, "hint", False))
        snap["thinking"] = bool(app.jobs) and not app.is_computer()     # (the coach's hint)
    snap["deadline_ms"] = status["deadline_ms"]
    return snap


def menu_setup(choices):
    """The set-up menu's choices (ludoboard.app.Choices) as a record header's fields: the
    game a roll would start now.  None while the menu's code is not loaded."""
    options = sys.modules.get("ludoboard.setup_menu.options")
    if choices is None or options is None:
        return None
    from ludo.rules import PRESETS
    from ludoboard.names import KINDS
    seats = "".join(SEATS[s] for s in choices.seats)
    return {"preset": PRESETS[choices.preset], "players": seats,
            "kinds": {SEATS[s]: KINDS[choices.kinds[s]] for s in choices.seats},
            "dice": "hand" if choices.hand else "device", "options": options.chosen(choices)}


def taken_back(game):
    """What the last take-back took back (the transcript ends with undos), as [[seat letter,
    record text], ...] in the order it was played; None when the last action was no undo."""
    from ludo.actions import CODE_UNDO
    transcript = game.transcript
    if not transcript or transcript[-1] != CODE_UNDO:
        return None
    stack, popped = [], []
    for code in transcript:
        if code == CODE_UNDO:
            popped.append(stack.pop())
        elif code < CODE_UNDO:          # (122..: a seat handed over, not on the stack)
            stack.append(code)
            popped = []
    again = game.copy()                 # where the take-back left the game: before them
    out = []
    for code in reversed(popped):
        out.append([SEATS[again.turn], again.action_text(code)])
        again.apply(code)
    return out


def token_places(app, game):
    """{token name: place name} of the seats that play, where the game has them (app.where)."""
    from ..layout import all_places
    places = all_places()
    out = {}
    for s in game.seats:
        for k in range(4):
            at = app.where[4 * s + k]
            if at < len(places):
                out["%s%d" % (SEATS[s], k + 1)] = places[at]
    return out
