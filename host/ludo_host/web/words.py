"""The live page's sentences: whose turn, what to do next, what just happened.

Made from the rules core's game (the position after the record's last line) and the
last step's events; the board's lights for each event are named as docs/lights.md
names them.
"""
import ludo

SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
STATES = {"menu": "The set-up menu is open on the board.",
          "over": "The game is over: confirm or roll on the board opens the set-up menu."}


def seat_name(letter):
    return SEAT_NAMES.get(letter, str(letter))


def next_step(g):
    """Whose turn it is and what to do next, in one sentence ("Green rolled 5: no token
    can move: press confirm to pass")."""
    out = g.outcome()
    if out is not None:
        return "Game over: %s %s." % (" and ".join(seat_name(ludo.SEAT_LETTERS[s]) for s in out.winners),
                                      "win" if len(out.winners) > 1 else "wins")
    seat = ludo.SEAT_LETTERS[g.turn]
    who = seat_name(seat)
    kind = g.kinds.get(seat, "human")
    computer = kind != "human"
    if g.needs_roll():
        if computer:
            return "%s (computer, %s) is on turn: it rolls by itself." % (who, kind)
        return "%s to roll: press roll." % who
    rolls = ", ".join(str(r) for r in g.pending_rolls)
    said = "%s rolled %s" % (who, rolls)
    moves = list(g.legal_moves)
    if len(moves) == 1 and moves[0].is_pass:
        return "%s: no token can move: press confirm to pass." % said
    if computer:
        return "%s: the computer lights its move; move that token and press confirm." % said
    if len(moves) == 1:
        return "%s: one move, %s: move the token and press confirm." % (said, moves[0])
    return "%s: %d moves: select steps through them, move the token, then confirm." % (said, len(moves))


def signal(event):
    """A rules-core event ("capture G2", "bonus"...) as the lights' signal, in words."""
    word, _, arg = event.partition(" ")
    name = seat_name(arg) if arg in SEAT_NAMES else arg
    return {
        "capture": "Capture: %s goes back to its yard." % arg,
        "bonus": "Bonus roll: the die flashes white and the seat's colour.",
        "pass": "Pass: no token could use the roll (the die shows the roll and a dash).",
        "forfeit": "Forfeit: the rolls are lost (a red cross on the die).",
        "three-sixes": "Three sixes: the third six is lost (a red cross on the die).",
        "void": "Three sixes: the turn is void (a red cross on the die).",
        "home": "Home: %s reached the centre." % arg,
        "door": "Door open: %s's home column is open for good." % name,
        "turned": "%s turned at a shut door and goes on round the track." % arg,
        "start": "Roll-off decided: %s starts." % name,
        "resign": "%s resigned." % name,
        "timeout": "%s missed the deadline." % name,
        "win": "Win: %s." % " and ".join(seat_name(s) for s in arg.split("+")),
    }.get(word, event)


def page_words(g, steps, footer, board):
    """{"next": sentence, "last": the last action, "signals": [sentence, ...], "state": the
    board's state in words or ""}: what the page says."""
    last = steps[-1] if steps else None
    said = {"next": "", "last": "", "signals": [], "state": STATES.get(board.get("state"), "")}
    if not board.get("connected"):
        said["state"] = "Not connected to the board: %s." % (board.get("note") or "waiting")
    if g is not None:
        said["next"] = next_step(g)
    if footer is not None:
        said["next"] = "Game over: %s (%s)." % (_result(footer.get("result")), footer.get("termination"))
    if last is not None and last["line"] is not None:
        said["last"] = "%s: %s" % (seat_name(last["actor"]), last["line"])
        said["signals"] = [signal(e) for e in last["events"]]
    return said


def _result(result):
    if result == "*":
        return "abandoned"
    return "%s won" % " and ".join(seat_name(s) for s in str(result).split("+"))
