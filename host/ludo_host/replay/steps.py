"""The positions of a recorded game, step by step, computed with the rules core.

Step 0 is the start; step N is the position after the record's N-th action
line (rolls, moves, take-backs and `kind` lines all count, as in the file).
Shared by the terminal replay and the HTML page (which embeds them as JSON).
"""
import ludo
from ludo.replay import game_of
from ludo.record import push_line

from .. import layout
from ..words import LEFT_WORDS, result_words


def is_refusal(exc):
    """Whether `exc` is the rules core's refusal (a LudoError) from any copy of `ludo`: a
    virtual board in this process re-imports the firmware's modules at each reset
    (virtual/engine.py), so a game made before one raises the new copy's errors, which an
    `except ludo.LudoError` of the old copy does not catch."""
    return any(cls.__name__ == "LudoError" and cls.__module__.split(".")[0] == "ludo"
               for cls in type(exc).__mro__)


def taken_back(actions):
    """{index of an action: index of the `undo` that took it back}, over a record's action
    lines (0-based).  An `undo` takes back the last action still standing that is not a
    `kind` line (those are annotations, as in the rules core's history)."""
    standing, undone = [], {}
    for i, line in enumerate(actions):
        if line == "undo":
            if standing:
                undone[standing.pop()] = i
        elif not line.startswith("kind "):
            standing.append(i)
    return undone


class Replay:
    """`steps`: list of dicts (see `_snapshot`); `error`: (line number, message) where the
    replay had to stop, else None; `header`/`footer`: the record's; `safe`: the game's
    safe track squares (0..51); `undone`: {step: step of the `undo` that took it back}."""

    def __init__(self, rec):
        self.header = rec.header
        self.footer = rec.footer
        self.steps = []
        self.error = None
        self.actions = []
        self.undone = {}
        self.left = []                  # (seat, "resign" or "timeout") in order
        self.names = rec.names          # {seat: a person's name}
        g = self._game = game_of(rec, upto=0)
        self.seats = "".join(ludo.SEAT_LETTERS[s] for s in g.seats)
        self.safe = [sq for sq in range(len(g.rules.safe)) if g.rules.safe[sq]]
        self.tokens = [t for s in g.seats for t in range(4 * s, 4 * s + 4)]
        self.steps.append(self._snapshot(g, None, None))
        for i, line in enumerate(rec.actions):
            if not self.push(line, rec.line_of(i)):
                break

    @property
    def game(self):
        """The rules core's game at the last step (read it, do not change it)."""
        return self._game

    def push(self, line, line_no=None):
        """One more action line (a live game grows by these); False, with `error` set, when
        the rules refuse it (the replay stops there).  `line_no`: its line in the file (by
        default: header, then one line per action)."""
        if self.error is not None:
            return False
        g = self._game
        actor = ludo.SEAT_LETTERS[g.turn]
        words = line.split(" ")
        undone = self.undone
        took = None
        if words[0] in ("resign", "timeout", "kind") and len(words) > 1 and words[1] in ("R", "G", "Y", "B"):
            actor = words[1]            # the seat the line names, not the one on turn
        elif line == "undo":            # (only a take-back changes what stands)
            undone = {i + 1: j + 1 for i, j in taken_back(self.actions + [line]).items()}
            for step, by in undone.items():
                if by == len(self.actions) + 1:
                    actor = self.steps[step]["actor"]   # whose step it takes back
                    took = self.steps[step]["line"]     # ... and what it was
        try:
            push_line(g, line)
        except Exception as exc:
            if not is_refusal(exc):
                raise
            where = len(self.actions) + 2 if line_no is None else line_no
            self.error = (where, "action %d (%r): %s" % (len(self.actions) + 1, line[:60], exc))
            return False
        self.actions.append(line)
        if words[0] in LEFT_WORDS:
            self.left.append((actor, words[0]))
        self.undone = undone
        self.steps.append(self._snapshot(g, line, actor))
        if took is not None:
            self.steps[-1]["took_back"] = took          # (happened.py says it: "Took back: ...")
        return True

    def _snapshot(self, g, line, actor):
        places = {}
        for t in self.tokens:
            places[ludo.token_name(t)] = g.place(t)
        events = [str(e) for e in g.last_events]
        step = {
            "n": len(self.steps),
            "line": line,
            "actor": actor,
            "turn": ludo.SEAT_LETTERS[g.turn],
            "places": places,
            "pending": list(g.pending_rolls),
            "events": events,
            "captures": [e.split(" ", 1)[1] for e in events if e.startswith("capture ")],
            "kinds": dict(g.kinds),
            "result": None,
            "roll": None,
            "moved": None,
        }
        if line and line.startswith("roll "):
            step["roll"] = int(line.split(" ")[1])
        move = g.last_move if line and line[0] in "RGYB" and line[1:2] in "1234" else None
        if move is not None:
            step["moved"] = [ludo.token_name(move.token), move.start_place, move.end_place]
        out = g.outcome()
        if out is not None:
            step["result"] = out.result()
            step["termination"] = out.termination
            step["result_words"] = result_words(step["result"], out.termination, self.left, self.names)
        return step

    def last_roll(self, n):
        """The most recent roll at or before step n (for the die display), or None."""
        for step in reversed(self.steps[:n + 1]):
            if step["roll"] is not None:
                return step["roll"]
        return None


def describe(step):
    """One line about what a step did: 'R: R1 3-9xG2 (capture G2)'."""
    if step["line"] is None:
        return "start"
    text = "%s: %s" % (step["actor"], step["line"])
    shown = [e for e in step["events"] if not e.startswith("capture ")]
    if step["captures"]:
        shown.insert(0, "captures " + " ".join(step["captures"]))
    if shown:
        text += "  (" + ", ".join(shown) + ")"
    return text


def board_cells():
    """{place: [row, col]} for every place on the grid (the die is drawn apart)."""
    out = {}
    for place in layout.all_places():
        cell = layout.cell(place)
        if cell is not None:
            out[place] = list(cell)
    return out
