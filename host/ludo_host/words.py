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
from . import setup_words

SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
KIND_NAMES = {"human": "a person", "easy": "Easy computer", "medium": "Medium computer",
              "hard": "Hard computer", "expert": "Expert computer"}
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
    "error": "Something went wrong: see the console.",
}
REFUSED = "That press means nothing now."
SEP = " \u00b7 "


def count(n, noun, plural=None):
    """`n` and the noun, singular for exactly one: count(1, "game") is "1 game" (every command's
    counts)."""
    return "%d %s" % (n, noun if n == 1 else (plural or noun + "s"))


def columns(text):
    """How many terminal columns `text` takes: 2 for a wide (East Asian) character, 0 for a
    combining mark, 1 for the rest (a name such as "李小龙" takes 6, not 3)."""
    import unicodedata
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def fit(text, width):
    """`text` padded with spaces to `width` columns, or cut to `width - 1` with "…" after it
    when it is wider (a table's column stays a column, whatever a name holds)."""
    if columns(text) > width:
        while columns(text) > width - 1:
            text = text[:-1]
        text = text.rstrip() + "\u2026"
    return text + " " * (width - columns(text))


def local_time(iso):
    """A record's start time (UTC, "2026-11-29T14:03:00Z") as this computer's local time in
    words: "Sun 29 Nov 2026, 15:03"; None for no time or one that is not ISO 8601 (a
    header's own text is never shown raw as a time)."""
    from datetime import datetime, timezone
    if not isinstance(iso, str) or not iso:
        return None
    try:
        when = datetime.strptime(iso.strip(), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        try:
            when = datetime.fromisoformat(iso.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
    local = when.astimezone()
    return "%s %d %s %d, %02d:%02d" % (local.strftime("%a"), local.day, local.strftime("%b"), local.year,
                                       local.hour, local.minute)


def seat_name(letter):
    """"Red" for "R"; a team result "R+G" is "Red and Green"."""
    return " and ".join(SEAT_NAMES.get(x, x) for x in str(letter).split("+"))


def menu_words(menu, setup=None):
    """The set-up menu's page and value in words (menu: the snapshot's `menu`, or None); on
    its last page, the game a roll starts (setup: the snapshot's `setup`)."""
    if not menu:
        return "Set-up menu (opening)."
    head = "Set-up menu, page %d, %s" % (menu["page"], menu["name"])
    name, item, value = menu["name"], menu.get("item"), menu.get("value")
    if name == "preset":
        about = setup_words.PRESETS.get(value, "")
        about = about.split(": ", 1)[-1]
        return "%s: %s.%s" % (head, value, " " + about[:1].upper() + about[1:] + "." if about else "")
    if name == "players":
        return "%s: %s players." % (head, value)
    if name == "computer seats":
        return "%s: %s is played by %s%s." % (head, seat_name(item), "" if value == "human" else "the ",
                                                KIND_NAMES.get(value, value))
    if name == "options":
        if item is None:
            return "%s: this preset has none." % head
        return "%s: %s." % (head, setup_words.option_line(item, value))
    if name == "dice":
        said = "%s: %s." % (head, "a real die, entered by hand" if value == "hand" else "the board's own dice")
        return said + (" This game: " + setup_words.summary(setup) if setup else "")
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
    if snap.get("undone") and mode in ("play", "pause"):
        said = "%s %s" % (took_back_words(snap["undone"]), said)
    left = snap.get("deadline_ms")
    if left is not None and mode == "play":
        said += SEP + "%d s left" % ((left + 999) // 1000)
    return [said, buttons]


TOOK_BACK_LISTED = 4    # a longer run of take-backs is counted, not listed (80 x 24: the buttons' line)


def took_back_words(undone):
    """The take-back's sentence: "Took back: Red's move of R1 and Green's roll 5." (what
    undone_words lists), or, for a run of more than TOOK_BACK_LISTED (back pressed again and
    again), "Took back 24 moves and rolls: back to before Red's roll 1." (the list would
    grow with each press, past the lines under the board)."""
    if len(undone) > TOOK_BACK_LISTED:
        return "Took back %d moves and rolls: back to before %s." % (len(undone), undone_words(undone[:1]))
    return "Took back: %s." % undone_words(undone)


def undone_words(undone):
    """What a take-back took back (the snapshot's `undone`): "Red's move of R1 and Green's
    roll 5"."""
    parts = []
    for letter, text in undone:
        seat = seat_name(letter)
        word = text.split(" ")[0]
        if word in ("roll", "pass"):
            parts.append("%s's %s" % (seat, text.replace(" hand", "")))
        elif word in ("resign", "timeout"):
            parts.append("%s's %s" % (seat, "resignation" if word == "resign" else "missed turn"))
        else:
            parts.append("%s's move of %s" % (seat, word))
    return " and ".join(parts)


def _situation(snap, mode):
    seat = seat_name(snap.get("turn") or "?")
    if mode == "boot":
        return "The board is starting.", ""
    if mode == "starting":
        return "A new game is being set up.", "the buttons wait until it has started"
    if mode == "map-check":
        return "Pixel map check: the pixels light one by one, in strip order.", "any button: end the check"
    if mode == "menu":
        back = "back: previous"
        if (snap.get("menu") or {}).get("page") == 1 and snap.get("leave") is not None:
            back = "back: to the game" if snap["leave"] else None     # (else refused)
        if (snap.get("menu") or {}).get("page") == 5:     # the last page: confirm starts too
            return menu_words(snap.get("menu"), snap.get("setup")), _join(
                "select: next value", "confirm or roll: start the game", back)
        return menu_words(snap.get("menu"), snap.get("setup")), _join("select: next value", "confirm: next",
                                                                      back, "roll: start the game")
    if mode == "check":
        result = snap.get("result")
        if result and result != "*":    # a finished game: nobody is to play
            won = result_words(result, None, snap.get("left") or ())
            return ("After a reset: the saved game, over: %s. Check the tokens stand as lit." % won,
                    "confirm: go on")
        return ("After a reset: the saved game, %s to play. Check the tokens stand as lit." % seat,
                "confirm: go on")
    if mode == "over":
        result = snap.get("result")
        won = result_words(result, None, snap.get("left") or ()) if result and result != "*" else "it ended"
        return "Game over: %s." % won, "confirm or roll: the set-up menu for a new game"
    if mode == "pause":
        item = snap.get("pause")
        if item == "hand over":
            if snap.get("kind") not in (None, "human"):
                what = "hand %s to a person" % seat
            else:
                from ludoboard.names import LEAVE_KIND      # (who takes a seat handed over)
                what = "hand %s to the computer (%s)" % (seat, LEAVE_KIND.capitalize())
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
    # (the pause menu on a computer's turn hands the seat back to a person: say where it is)
    take = "long back: pause menu (to play %s yourself)" % seat if computer else None
    who = "%s (%s)" % (seat, KIND_NAMES.get(kind, kind)) if computer else seat
    turn = "%s's turn" % seat
    if not computer and snap.get("turn") and snap.get("turn") in (snap.get("remote") or ""):
        turn += " (played from afar)"           # (its buttons at the table still work)
        who = "%s (from afar)" % seat
    rolls = snap.get("rolls") or []
    if not rolls:
        if computer and snap.get("hand"):       # a real die: the board cannot throw it
            turn = "%s's turn" % who
            entry = snap.get("entry") or 0
            if entry:
                return ("%s: the die counted for %s: %d." % (turn, seat, entry),
                        _join("roll or select: count up", "confirm: enter it", "back: cancel"))
            return ("%s: count the die for %s: roll once per pip, then confirm." % (turn, seat),
                    _join("roll or select: count up", undo))
        if computer:
            return "%s's turn: it rolls by itself." % who, _join("roll: roll for it now", take)
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
        if snap.get("selected") and snap.get("skip_fixups"):     # no wooden token to move
            return rolled + ": its move is lit; it plays it by itself.", _join("confirm: play it now", take)
        if snap.get("selected"):
            return rolled + ": its move is lit.", _join("move its token as lit, then confirm", take)
        return rolled + ": it is choosing.", take
    moves = snap.get("moves") or 0
    said = "%s: %s." % (rolled, "1 move" if moves == 1 else "%d moves" % moves)
    if snap.get("thinking"):
        return said + " The coach is thinking...", "wait: its hint lights up in cyan"
    if snap.get("hint") and snap.get("selected"):
        if moves > 1:
            return said + " The coach's hint is lit.", _join("confirm: play the hint", "select: the next",
                                                             "back: clear")
        return said + " The coach's hint is lit.", _join("confirm: play the hint", undo)
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


def footer_words(footer, lines=()):
    """A record footer (its JSON text) in words, as words.result_words says a result: "Red
    won", "Red won: Yellow resigned" (lines: the record's, for who left), "Not finished
    (abandoned)"."""
    import json
    try:
        foot = json.loads(footer) if isinstance(footer, str) else footer
    except ValueError:
        foot = None
    if not isinstance(foot, dict):
        return "ended"
    names = foot.get("names") if isinstance(foot.get("names"), dict) else None
    return result_words(foot.get("result"), foot.get("termination"), left_seats(lines), names)


def end_words(footer, lines=()):
    """How a game ended, after "game": "over, Red won", "not finished (abandoned)"."""
    words = footer_words(footer, lines)
    return "not finished (abandoned)" if words.startswith("Not finished") else "over, " + words


def header_words(header):
    """A record header in a few words: "classic RY, began Sun 29 Nov 2026, 15:03" (local time)."""
    began = local_time(header.get("start"))
    return "%s %s%s" % (str(header.get("preset"))[:10], str(header.get("players"))[:4],
                        ", began " + began if began else "")
