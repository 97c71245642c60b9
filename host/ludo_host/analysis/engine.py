"""The analysis of one recorded game: win chances, the luck of every roll, the error of
every move (docs/analysis.md).

All chances come from the rules core's win-chance model (`ludo.winchance`), in parts
of 10,000; here they become percentage points.

- After every action: each seat's (team's) chance to win.
- A roll's luck, for the seat that rolled (GNU Backgammon's definition): its chance
  after the best play of the value that came, minus the average of the same over the
  six values the die could have shown.  Bonus rolls and third sixes count like any
  other roll; the opening roll-off (who starts) has none.
- A move's error: the chance the mover's team lost against the best move of the
  position.  Counted only at a real choice: two or more legal moves not all worth
  the same.
- Per seat: the luck of its own rolls; its decisions and error per decision; its
  result (100 won, 0 lost); and the result with luck taken out: the result minus
  what every roll of the game (anyone's) did to that seat's chance, against the
  average roll (an estimate of the result with the dice's luck removed, as
  GNU Backgammon's "luck-adjusted result").
"""
import ludo
from ludo.replay import game_of
from ludo import winchance
from ludo.game import ROLL, MOVE
from ludo.record import push_line

SEATS = "RGYB"
# Marks, in percentage points of the seat's win chance (docs/analysis.md).
LUCKY, VERY_LUCKY = 5.0, 10.0      # a roll's luck at or above (at or below minus: unlucky)
MOVE_MARKS = ((10.0, "blunder"), (5.0, "mistake"), (2.0, "inaccuracy"))


class AnalysisError(Exception):
    """The record cannot be analysed (its text says why, in one line; `line`: the record's
    line at fault, or None)."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def roll_mark(luck):
    """The mark of a roll with this luck (points), or None."""
    if luck >= VERY_LUCKY:
        return "very lucky"
    if luck >= LUCKY:
        return "lucky"
    if luck <= -VERY_LUCKY:
        return "very unlucky"
    if luck <= -LUCKY:
        return "unlucky"
    return None


def move_mark(error):
    """The mark of a move with this error (points lost), or None."""
    for limit, name in MOVE_MARKS:
        if error >= limit:
            return name
    return None


def _pts(parts):
    return parts / 100.0


def _team(rules, seat):
    return winchance.team_of(rules, seat)


def start_game(rec):
    """The game a record starts from (AnalysisError if its header cannot start one)."""
    if rec is None or not rec.header:
        raise AnalysisError("not a record")
    try:
        return game_of(rec, upto=0)
    except ludo.LudoError as exc:
        raise AnalysisError(str(exc).split("\n")[0])


def analyse_record(rec):
    """The analysis of a parsed record (ludo.Record): a dict (see docs/analysis.md, --json)."""
    if rec.errors:
        line, message = rec.errors[0]
        raise AnalysisError(message, line)
    g = start_game(rec)
    rules = g.rules
    seats = list(g.seats)
    actions = []
    stack = []              # index in actions of each action on the game's stack
    luck_all = {s: 0.0 for s in seats}      # every roll's luck, from each seat's view
    chances = winchance.chances(g)
    start = {SEATS[s]: _pts(chances[s]) for s in seats}
    for i, line in enumerate(rec.actions):
        entry = {"line": rec.line_of(i), "step": i + 1, "action": line, "seat": SEATS[g.turn]}
        mover = g.turn
        by = g.kinds.get(SEATS[mover], "human")     # who chose: a hand-over changes it
        try:
            if line.startswith("roll ") and g.phase == ROLL:
                after = _roll(g, line, entry, luck_all)
            elif g.phase == MOVE and not line.startswith(("roll ", "undo", "kind ", "resign ", "timeout ")):
                after = _move(g, line, entry)
                entry["by"] = by
            else:
                if line == "undo" and stack:
                    undone = actions[stack.pop()]
                    undone["taken_back"] = True
                    for s, v in undone.get("_view", {}).items():
                        luck_all[s] -= v
                push_line(g, line)
                after = winchance.chances(g)
        except ludo.LudoError as exc:
            raise AnalysisError("action %r does not fit the game: %s" % (line[:60], str(exc).split("\n")[0]),
                                rec.line_of(i))
        if line != "undo" and not line.startswith("kind "):
            stack.append(len(actions))
        entry["seat"] = SEATS[mover]
        entry["chances"] = {SEATS[s]: _pts(after[s]) for s in seats}
        actions.append(entry)
    for a in actions:
        a.pop("_view", None)
    outcome = g.outcome()
    return _summary(rec, g, seats, start, actions, luck_all, outcome)


def _roll(g, line, entry, luck_all):
    """A roll: its luck for the roller (and every seat's view, into luck_all); applies it."""
    v = int(line.split(" ")[1])
    per_value = winchance.roll_chances(g)
    team = _team(g.rules, g.turn)
    push_line(g, line)
    got = per_value[v - 1]
    view = entry["_view"] = {}
    for s in luck_all:
        view[s] = _pts(got[s] - sum(c[s] for c in per_value) / 6.0)
        luck_all[s] += view[s]
    avg = sum(c[team[0]] for c in per_value) / 6.0
    luck = _pts(got[team[0]] - avg)
    entry["luck"] = round(luck, 2)
    entry["mark"] = roll_mark(luck)
    return got


def _move(g, line, entry):
    """A move: its error against the best move for the mover's team; applies it."""
    codes = g.legal_codes()
    played = g.parse_move(line).code
    per_move = winchance.move_chances(g)
    team = _team(g.rules, g.turn)
    k = codes.index(played)
    mine = [c[team[0]] for c in per_move]
    best = max(mine)
    error = _pts(best - mine[k])
    entry["choice"] = len(codes) > 1 and min(mine) != best
    entry["error"] = round(error, 2)
    entry["mark"] = move_mark(error) if entry["choice"] else None
    if error > 0:
        entry["best"] = g.action_text(codes[mine.index(best)])
    push_line(g, line)
    return per_move[k]


def _names(rec):
    """{seat letter: name} the record gives (its `names`), or None."""
    names = getattr(rec, "names", None)     # (Record.names: header and footer, cleaned)
    if not isinstance(names, dict):
        names = rec.header.get("names")
    if not isinstance(names, dict):
        return None
    return {k: v for k, v in names.items() if k in SEATS and len(k) == 1 and isinstance(v, str)} or None


def _summary(rec, g, seats, start, actions, luck_all, outcome):
    rules = g.rules
    winners = outcome.winners if outcome else ()
    per = {}
    start_kinds = getattr(g, "start_kinds", None) or g.kinds
    for s in seats:
        per[SEATS[s]] = {"rolls": 0, "luck": 0.0, "decisions": 0, "error": 0.0,
                         "marks": {}, "kind": g.kinds.get(SEATS[s], "human"),
                         "start_kind": start_kinds.get(SEATS[s], "human"), "by": {}}
    for a in actions:
        if a.get("taken_back"):
            continue
        p = per[a["seat"]]
        if "luck" in a:
            p["rolls"] += 1
            p["luck"] += a["luck"]
        if a.get("choice"):
            p["decisions"] += 1
            p["error"] += a["error"]
            # the choices of each kind that played the seat (a seat handed over mid-game
            # was played by two): totals.py gives each its own
            mine = p["by"].setdefault(a["by"], {"decisions": 0, "error": 0.0, "marks": {}})
            mine["decisions"] += 1
            mine["error"] += a["error"]
            if a.get("mark"):
                mine["marks"][a["mark"]] = mine["marks"].get(a["mark"], 0) + 1
        if a.get("mark"):
            p["marks"][a["mark"]] = p["marks"].get(a["mark"], 0) + 1
    for s in seats:
        p = per[SEATS[s]]
        p["luck"] = round(p["luck"], 2)
        p["error"] = round(p["error"], 2)
        p["error_per_decision"] = round(p["error"] / p["decisions"], 2) if p["decisions"] else 0.0
        for mine in p["by"].values():
            mine["error"] = round(mine["error"], 2)
        p["start"] = start[SEATS[s]]
        if outcome is not None:
            won = any(w in _team(rules, s) for w in winners)
            p["result"] = 100.0 if won else 0.0
            p["luck_adjusted"] = round(p["result"] - luck_all[s], 2)
        else:
            p["result"] = None
            p["luck_adjusted"] = None
    h = rec.header
    return {
        "game": h.get("game"), "preset": rules.preset, "players": "".join(SEATS[s] for s in seats),
        "names": _names(rec),
        "teams": bool(rules.teams),
        "finished": outcome is not None,
        "winners": "".join(SEATS[s] for s in winners),
        "actions": actions, "seats": per,
    }
