"""The terminal summary of a game's analysis (`ludo-host analyse`, without --json)."""
from ..words import columns, fit
from .engine import MOVE_MARKS, LUCKY, VERY_LUCKY

SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}

SEAT_NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
BARS = " ▁▂▃▄▅▆▇█"
GRAPH_WIDTH = 48
SEAT_COLUMN = (20, 24)     # the seat column's columns: at least, at most (80 in all)


def _name(result, seat):
    names = result.get("names") or {}
    name = names.get(seat)
    return "%s (%s)" % (SEAT_NAMES[seat], name) if isinstance(name, str) and name else SEAT_NAMES[seat]


def _signed(x):
    return "%+.1f" % x


def graph(result, seat, width=GRAPH_WIDTH):
    """The seat's win chance over the game as one line of bars (0 to 100 %)."""
    values = [a["chances"][seat] for a in result["actions"]]
    if not values:
        return ""
    out = []
    for i in range(min(width, len(values))):
        v = values[(i + 1) * len(values) // min(width, len(values)) - 1]
        # the lowest bar for any chance left (under 6 % it would round to a blank, which reads
        # as a gap in the line); blank only for none
        out.append(BARS[min(8, max(1 if v >= 0.5 else 0, int(v * 8 / 100 + 0.5)))])
    return "".join(out)


def report(result, every=False):
    """The analysis as text: a heading, the table per seat, the win-chance lines, the marks."""
    seats = result["seats"]
    lines = []
    state = ("won by " + " and ".join(SEAT_NAMES[s] for s in result["winners"])
             if result["finished"] else "not finished")
    lines.append("%s: %s, %s, %d players, %d actions, %s" % (
        result.get("file", "game"), result.get("game") or "?", result["preset"], len(result["players"]),
        len(result["actions"]), state))
    lines.append("")
    labels = {}
    for s in result["players"]:
        who = _name(result, s)
        kind = seats[s]["kind"]
        first = seats[s].get("start_kind", kind)
        if first != kind:           # handed over in the game: who had it, then who
            kind = ("then " if first == "human" else first + ", then ") + kind
        if kind != "human" and "(%s)" % kind not in who:
            # the kind after the name, where the name leaves room for it
            if who == SEAT_NAMES[s] or columns(who + " [%s]" % kind) <= SEAT_COLUMN[1]:
                who += " [%s]" % kind
        labels[s] = who
    width = max([SEAT_COLUMN[0]] + [min(SEAT_COLUMN[1], columns(w)) for w in labels.values()])
    lines.append("%s %6s %7s %9s %6s %9s  %s" % (fit("seat", width), "result", "luck", "decisions",
                                                "error", "luck-free", "marks"))
    for s in result["players"]:
        p = seats[s]
        marks = " ".join("%d%s" % (p["marks"][m], SYMBOLS[m]) for _, m in MOVE_MARKS if p["marks"].get(m))
        lines.append("%s %6s %7s %9d %6s %9s  %s" % (
            fit(labels[s], width),
            "-" if p["result"] is None else "%.0f" % p["result"],
            _signed(p["luck"]), p["decisions"], "%.2f" % p["error_per_decision"],
            "-" if p["luck_adjusted"] is None else "%.1f" % p["luck_adjusted"], marks or "-"))
    lines.append("")
    if not result.get("finished", True):
        lines.append("-: no result (nor luck-free figure) while the game is not over.")
    lines.append("result: 100 won, 0 lost.  luck: what its own dice gave it, in points of win")
    lines.append("chance, against the average roll.  error: win chance lost per real decision.")
    lines.append("luck-free: the result with every roll's luck taken out (on average: the chance")
    lines.append("at the start).")
    lines.append("marks: ?? blunder (%g points or more lost), ? mistake (%g), ?! inaccuracy (%g)."
                 % (MOVE_MARKS[0][0], MOVE_MARKS[1][0], MOVE_MARKS[2][0]))
    lines.append("")
    lines.append("win chance over the game (start to end, 0-100 %; blank: no chance left):")
    for s in result["players"]:
        lines.append("  %-7s %s  %3.0f%% at the start" % (SEAT_NAMES[s], graph(result, s), seats[s]["start"]))
    shown = [a for a in result["actions"] if every or a.get("mark")]
    if shown:
        lines.append("")
        lines.append(("every action" if every else
                      "marked: rolls of %g points of luck or more either way (%g: very), moves\n"
                      "losing %g or more" % (LUCKY, VERY_LUCKY, MOVE_MARKS[2][0]))
                     + " (move number, as `replay --to N` and the HTML replay\n"
                     "count, seat, action, what it did, win chances after it):")
        for a in shown:
            lines.append("  " + action_line(a, result["players"]))
    return "\n".join(lines)


def action_line(a, players):
    """One action: its move number (the replays' step), seat, what, its luck or error and
    mark, the chances after it."""
    what = a["action"]
    note = ""
    if "luck" in a:
        note = "luck %s" % _signed(a["luck"])
    elif "error" in a and a.get("choice"):
        note = "error %.1f" % a["error"]
    if a.get("mark"):
        note += " " + a["mark"]
    if a.get("best"):
        note += ", best " + a["best"]
    if a.get("taken_back"):
        note += " (taken back)"
    chances = " ".join("%s%.0f" % (s, a["chances"][s]) for s in players)
    # 13 columns for "kind R medium"; 39 after the longest note, "error 4.7 inaccuracy, best Y1 12-17xG3" (38),
    # two spaces still set the chances apart, as after the others
    return "%5d %s %-13s %-39s %s" % (a.get("step", a["line"]), a["seat"], what, note.strip(), chances)
