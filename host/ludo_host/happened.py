"""What happened, in words a person at the table uses: "Yellow captured your G1: it goes
back to the yard", "Red moved R1 4 squares, onto the star", "Bonus: you roll again".

One source of these words for every screen: the live page (each step's `said`, and
`said_to` for the seats it concerns: "your" in place of "Green's") and the virtual
board's status line in the terminal (`virtual.last_action`).  Places are named as a person sees
them on a board without numbers (the yard, a number of squares, a star, the home column,
home), never as square numbers.

    >>> what_happened("Y", "Y2 20-24xG1", ["capture G1", "bonus"], viewer="G")
    'Yellow moved Y2 4 squares. Yellow captured your G1: it goes back to the yard. Bonus: Yellow rolls again.'
"""
import ludo

from .words import SEAT_NAMES, undone_words


def _name(letter, viewer, capital=True):
    if viewer is not None and letter == viewer:
        return "You" if capital else "you"
    return SEAT_NAMES.get(letter, letter)


def _owned(token, viewer):
    """"your G1" for the viewer's own token, else "Green's G1"."""
    if viewer is not None and token[:1] == viewer:
        return "your " + token
    return "%s's %s" % (SEAT_NAMES.get(token[:1], token[:1]), token)


def _squares(n):
    return "1 square" if n == 1 else "%d squares" % n


def move_where(move):
    """Where a Move takes its token, in words: "out of the yard", "4 squares, onto the star",
    "3 squares, into the home column", "2 squares, home" (a ludo.Move, rules included)."""
    rules = move.rules
    if move.start < 0:
        where = "out of the yard"
        if move.end > 0:                    # (a preset that moves on with the rest of the roll)
            where += ", then " + _squares(move.end)
        return where
    where = _squares(move.roll)
    if move.end >= rules.home:
        return where + ", home"
    if move.end >= rules.track_len > move.start:
        return where + ", into the home column"
    if move.end < rules.track_len and rules.safe[(rules.entry[move.seat] + move.end) % 52]:
        return where + ", onto the star"
    return where


def _where_from_text(text, safe=()):
    """move_where from a move's record text alone (`3-9xG2`, `y-0`, `47-h2`, `h4-c`); `safe`:
    the game's safe track squares (the stars), if known."""
    ends = text.split("x")[0].split("-")
    if len(ends) != 2:
        return "(%s)" % text
    a, b = ends
    if a == "y":
        return "out of the yard"
    if b == "c":
        return "home"
    if a.isdigit() and b.isdigit():
        return _squares((int(b) - int(a)) % 52) + (", onto the star" if int(b) in safe else "")
    if a.startswith("h") and b.startswith("h") and a[1:].isdigit() and b[1:].isdigit():
        return _squares(int(b[1:]) - int(a[1:]))
    if b.startswith("h"):
        return "into the home column"
    return "(%s)" % text


def move_label(move):
    """A move as its button says it: "G2: 4 squares, onto the star", with what it captures."""
    text = "%s: %s" % (ludo.token_name(move.token), move_where(move))
    caps = [ludo.token_name(t) for t in move.captures] if move.captures else []
    if caps:
        text += ", captures " + " and ".join(caps)
    return text


def what_happened(actor, line, events, move=None, viewer=None, safe=(), took_back=None):
    """What one action of the record did, in one or a few sentences.  `actor`: the seat that
    acted; `line`: the record's action line; `events`: the rules core's events of it
    (Game.last_events); `move`: the ludo.Move it played (Game.last_move; None: the words come
    from the line and `safe`, the game's safe squares); `viewer`: the seat of the person
    reading ("you"), or None; `took_back`: for an undo, the record line it took back."""
    if not line:
        return ""
    who = _name(actor, viewer)
    words = line.split(" ")
    out = []
    if words[0] == "roll" and len(words) > 1:
        out.append("%s rolled %s." % (who, words[1]))
    elif words[0] == "pass":
        out.append("%s passed: no token could move." % who)
    elif words[0] == "resign" and len(words) > 1:
        out.append("%s resigned: %s tokens leave the board." % (
            _name(words[1], viewer), "your" if words[1] == viewer else "their"))
    elif words[0] == "timeout" and len(words) > 1:
        out.append("%s ran out of time." % _name(words[1], viewer))
    elif words[0] == "kind" and len(words) > 2:
        seat = words[1]
        if words[2] == "human":
            out.append("A person plays %s now." % ("for you" if seat == viewer else SEAT_NAMES.get(seat, seat)))
        else:
            out.append("The computer (%s) plays %s now." % (
                words[2].capitalize(), "for you" if seat == viewer else SEAT_NAMES.get(seat, seat)))
    elif words[0] == "undo":            # "Took back: Red's roll 3" (words.undone_words)
        what = undone_words([[actor, took_back]]) if took_back else "%s's last action" % who
        if actor == viewer:
            what = "your " + what.split("'s ", 1)[1]
        out.append("Took back: %s." % what)
    elif line[:1] in "RGYB" and line[1:2] in "1234":
        token = words[0]
        where = move_where(move) if move is not None else _where_from_text(words[1], safe)
        out.append("%s moved %s %s." % (who, token, where))
    for event in events:
        kind, _, subject = event.partition(" ")
        if kind == "capture":
            out.append("%s captured %s: it goes back to the yard." % (who, _owned(subject, viewer)))
        elif kind == "bonus":
            out.append("Bonus: %s again." % ("you roll" if actor == viewer else "%s rolls" % who))
        elif kind == "pass" and words[0] == "roll":
            out.append("No token can use it: the turn passes.")
        elif kind == "forfeit":
            out.append("No token can use %s: %s lost." % (
                "the rolls" if words[0] != "roll" else "it", "they are" if words[0] != "roll" else "it is"))
        elif kind == "three-sixes":
            out.append("A third six in a row: the turn is lost.")
        elif kind == "void":
            out.append("This turn's moves are taken back.")
        elif kind == "turned":
            out.append("%s turned back at a shut door." % _owned(subject, viewer).capitalize())
        elif kind == "door":
            out.append("%s door opened." % ("Your" if subject == viewer else "%s's" % SEAT_NAMES.get(subject, subject)))
        elif kind == "start":
            out.append("%s won the roll-off and %s first." % (
                _name(subject, viewer), "play" if subject == viewer else "plays"))
        elif kind == "win":
            winners = subject.split("+")
            names = " and ".join(_name(s, viewer, capital=i == 0) for i, s in enumerate(winners))
            out.append("%s won the game!" % names)
    return " ".join(out)


def step_words(step, move=None, viewer=None, safe=()):
    """what_happened of a replay step (`replay.steps.Replay`'s steps: actor, line, events)."""
    return what_happened(step.get("actor"), step.get("line"), step.get("events") or [], move, viewer, safe,
                         step.get("took_back"))


def short_words(step, move=None):
    """A few words of what a seat did in one step, for a list of them ("While you were away
    the computer played: Y1 out of the yard; Y2 4 squares, captured Red's R1"): "" for a
    step worth no mention (a roll that leaves a move to choose, a seat handed over)."""
    line = step.get("line") or ""
    words = line.split(" ")
    events = step.get("events") or []
    if line[:1] in "RGYB" and line[1:2] in "1234" and len(words) > 1:
        text = "%s %s" % (words[0], move_where(move) if move is not None else _where_from_text(words[1]))
        caps = [e.split(" ", 1)[1] for e in events if e.startswith("capture ")]
        if caps:
            text += ", captured " + " and ".join(_owned(t, None) for t in caps)
        return text
    if words[0] == "roll" and any(e in ("pass", "forfeit", "three-sixes") for e in events):
        return "rolled %s, no move" % words[1]
    if words[0] == "pass":
        return "a pass"
    return ""


def said_to(step, move=None):
    """{seat: the words for that seat's player}, for the seats a step concerns differently
    from everyone else (the one who acted, a captured token's owner, a seat handed over)."""
    seats = set()
    if step.get("actor"):
        seats.add(step["actor"])
    for event in step.get("events") or []:
        kind, _, subject = event.partition(" ")
        if kind in ("capture", "turned", "home"):
            seats.add(subject[:1])
        elif kind in ("door", "start", "win"):
            seats.update(subject.split("+"))
    line = step.get("line") or ""
    if line.startswith(("resign ", "timeout ", "kind ")):
        seats.add(line.split(" ")[1])
    return {s: step_words(step, move, viewer=s) for s in sorted(seats) if s in SEAT_NAMES}

