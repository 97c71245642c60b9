"""What the board shows, in words: the status line under the virtual board.

One source of these words for every screen that shows the board (the terminal
now). `status_words(snapshot)` takes a plain snapshot of the board (a dict;
`ludo_host.virtual.snapshot` describes its fields and reads it off a running
app) and gives two lines: what is going on, and what the buttons do now.

    >>> status_words({"mode": "play", "turn": "R", "kind": "human", "rolls": [6], "moves": 3, "undo": True})
    ['Red rolled 6: 3 moves.', 'select: pick a move (long: a hint) · back: undo']
    >>> status_words({"mode": "play", "turn": "B", "kind": "human", "remote": "B", "rolls": []})[0]
    "Blue's turn (played from afar): roll."
"""
SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
KIND_NAMES = {"human": "a person", "easy": "Easy computer", "medium": "Medium computer",
              "hard": "Hard computer"}
# The short signal after an action (ludo_host.virtual.snapshot.SIGNALS), said first.
SIGNAL_WORDS = {
    "start": "Roll-off decided.",
    "home": "A token reached home!",
    "bonus": "Bonus roll!",
    "pass": "Pass: no token could use that roll.",
    "turned": "A stone turned at a shut door.",
    "door": "A door opened!",
    "leave": "A seat left the game.",
    "forfeit": "Roll forfeited.",
    "error": "Set-up problem: see the console.",
}
REFUSED = "That press means nothing now."
SEP = " \u00b7 "


def count(n, noun, plural=None):
    """`n` and the noun, singular for exactly one: count(1, "game") is "1 game" (every command's
    counts)."""
    return "%d %s" % (n, noun if n == 1 else (plural or noun + "s"))


def seat_name(letter):
    """"Red" for "R"; a team result "R+G" is "Red and Green"."""
    return " and ".join(SEAT_NAMES.get(x, x) for x in str(letter).split("+"))


def option_value(value):
    """An option's value in words: on/off, a number of seconds for a deadline, else as it is."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def menu_words(menu):
    """The set-up menu's page and value in words (menu: the snapshot's `menu`, or None)."""
    if not menu:
        return "Set-up menu (opening)."
    head = "Set-up menu, page %d, %s" % (menu["page"], menu["name"])
    name, item, value = menu["name"], menu.get("item"), menu.get("value")
    if name == "preset":
        return "%s: %s." % (head, value)
    if name == "players":
        return "%s: %s players." % (head, value)
    if name == "computer seats":
        return "%s: %s is played by %s." % (head, seat_name(item), KIND_NAMES.get(value, value))
    if name == "options":
        if item is None:
            return "%s: this preset has none." % head
        if item == "deadline":
            value = "off" if not value else "%s s a turn" % value
        return "%s: %s = %s." % (head, item, option_value(value))
    if name == "dice":
        return "%s: %s." % (head, "a real die, entered by hand" if value == "hand" else "the board's own dice")
    return head + "."


def status_words(snap):
    """Two lines about the board now: what is going on, and what the buttons do."""
    mode = snap.get("mode")
    signal = snap.get("signal")
    said, buttons = _situation(snap, mode)
    if signal == "refused":
        buttons = REFUSED + " " + buttons
    elif signal == "pass" and snap.get("last_roll") and mode in ("play", "over", "check", "menu"):
        said = "Pass: no token could use the %d. %s" % (snap["last_roll"], said)
    elif signal in SIGNAL_WORDS and mode in ("play", "over", "check", "menu"):
        said = SIGNAL_WORDS[signal] + " " + said
    left = snap.get("deadline_ms")
    if left is not None and mode == "play":
        said += SEP + "%d s left" % ((left + 999) // 1000)
    return [said, buttons]


def _situation(snap, mode):
    seat = seat_name(snap.get("turn") or "?")
    if mode == "boot":
        return "The board is starting.", ""
    if mode == "starting":
        return "A new game is being set up.", "the buttons wait until it has started"
    if mode == "map-check":
        return "Pixel map check: the pixels light one by one, in strip order.", "any button: end the check"
    if mode == "menu":
        return menu_words(snap.get("menu")), ("select: next value" + SEP + "confirm: next" + SEP +
                                              "back: previous" + SEP + "roll: start the game")
    if mode == "check":
        return ("After a reset: the saved game, %s to play. Check the tokens stand as lit." % seat,
                "confirm: go on")
    if mode == "over":
        result = snap.get("result")
        won = result_words(result, None, snap.get("left") or ()) if result and result != "*" else "it ended"
        return "Game over: %s." % won, "confirm or roll: the set-up menu for a new game"
    if mode == "pause":
        item = snap.get("pause")
        if item == "hand over":
            what = ("hand %s back to a person" if snap.get("kind") not in (None, "human")
                    else "hand %s to the computer") % seat
        elif item == "resign":
            what = "%s resigns" % seat
        else:
            what = "a new game (the set-up menu)"
        return "Pause menu: %s." % what, ("select: next item" + SEP + "confirm: do it" + SEP +
                                          "back: back to the game")
    return _play(snap, seat)


def _play(snap, seat):
    undo = "back: undo" if snap.get("undo") else None
    if snap.get("fixups") and snap.get("acted"):
        return ("Played from afar: %s. Move the token as lit." % snap["acted"], _join("confirm: done", undo))
    if snap.get("fixups"):
        return ("Put the tokens right: move each blinking token where the lights show.",
                _join("confirm: done", undo))
    kind = snap.get("kind") or "human"
    computer = kind != "human"
    who = "%s (%s)" % (seat, KIND_NAMES.get(kind, kind)) if computer else seat
    turn = "%s's turn" % seat
    if not computer and snap.get("turn") and snap.get("turn") in (snap.get("remote") or ""):
        turn += " (played from afar)"           # (its buttons at the table still work)
        who = "%s (from afar)" % seat
    rolls = snap.get("rolls") or []
    if not rolls:
        if computer:
            return "%s's turn: it rolls by itself." % who, "roll: roll for it now"
        if snap.get("hand"):
            entry = snap.get("entry") or 0
            if entry:
                return ("%s: enter the real die's value: %d." % (turn, entry),
                        _join("roll or select: count up", "confirm: enter it", "back: cancel"))
            return "%s: roll a real die and enter it." % turn, _join("roll or select: count up", undo)
        return "%s: roll." % turn, _join("roll: throw the die", undo, "long back: pause menu")
    rolled = "%s rolled %s" % (who, " and ".join(str(r) for r in rolls))
    if snap.get("pass"):
        return rolled + ": no token can move.", "no token can move: confirm passes"
    if computer:
        if snap.get("selected"):
            return rolled + ": its move is lit.", "move its token as lit, then confirm"
        return rolled + ": it is choosing.", ""
    moves = snap.get("moves") or 0
    said = "%s: %s." % (rolled, "1 move" if moves == 1 else "%d moves" % moves)
    if snap.get("selected") and moves > 1:
        return said, _join("confirm: play the lit move", "select: the next", "back: clear")
    if snap.get("selected"):
        return said, _join("confirm: play the lit move", undo)
    return said, _join("select: pick a move (long: a hint)", undo)


def _join(*parts):
    return SEP.join(p for p in parts if p)


LEFT_WORDS = {"resign": "resigned", "timeout": "ran out of time"}


def left_seats(lines):
    """[(seat letter, "resign" or "timeout"), ...] in order, from a record's action lines."""
    out = []
    for line in lines:
        words = str(line).split(" ")
        if len(words) == 2 and words[0] in LEFT_WORDS and words[1] in SEAT_NAMES:
            out.append((words[1], words[0]))
    return out


def player_name(letter, names=None):
    """A seat as people call it: "Anna (Red)" when the seat carries a name, else "Red"."""
    colour = seat_name(letter)
    name = (names or {}).get(letter)
    return "%s (%s)" % (name, colour) if name else colour


def result_words(result, termination=None, left=(), names=None):
    """A game's result in words: "Red won", "Red won: Yellow resigned", "Red and Yellow
    won: Green ran out of time", "Not finished (abandoned)".  `left`: left_seats() of its
    record; `names`: {seat letter: a person's name} (the record's `names`)."""
    if not result or result == "*" or result == "?":
        return "Not finished (abandoned)" if termination == "abandoned" else "Not finished"
    won = " and ".join(player_name(s, names) for s in str(result).split("+"))
    text = "%s won" % won
    why = []
    for how in ("resign", "timeout"):
        seats = [s for s, h in left if h == how]
        if seats:
            why.append("%s %s" % (" and ".join(player_name(s, names) for s in seats), LEFT_WORDS[how]))
    if why:
        text += ": " + "; ".join(why)
    return text
