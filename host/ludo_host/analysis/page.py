"""The analysis as the HTML replay shows it (`ludo-host replay --html`): the win chances at
every step for the graph, the marks and notes beside the moves, the luck/skill table.
Step 0 is the start; step N is after the record's N-th action line, as the replay's steps."""
from .engine import MOVE_MARKS
from .totals import player_of
from .report import SYMBOLS


def note(a):
    """A step's few words: a roll's luck, a move's error and the better move, the mark."""
    text = ""
    if "luck" in a:
        text = "luck %+.1f" % a["luck"]
    elif a.get("choice"):
        text = "error %.1f" % a["error"] + (" (best: %s)" % a["best"] if a.get("best") else "")
    if a.get("mark"):
        text += ": " + a["mark"]
    return text or None


def page_analysis(result):
    """What the replay page's script (replay/static/analysis.js) reads, as `data.analysis`."""
    players = result["players"]
    seats = result["seats"]
    chances = [[int(round(seats[s]["start"] * 10)) for s in players]]     # tenths of a percent
    marks = [None]
    notes = [None]
    for a in result["actions"]:
        chances.append([int(round(a["chances"][s] * 10)) for s in players])
        marks.append(None if a.get("taken_back") else a.get("mark"))
        notes.append(note(a))
    table = []
    for s in players:
        p = seats[s]
        who = player_of(result, s)
        if p.get("start_kind", p["kind"]) != p["kind"]:     # handed over in the game
            who += ", then " + p["kind"]
        table.append({
            "seat": s, "player": who,
            "result": p["result"], "luck": p["luck"], "decisions": p["decisions"],
            "error": p["error_per_decision"], "luck_free": p["luck_adjusted"],
            "marks": " ".join("%d%s" % (p["marks"][m], SYMBOLS[m]) for _, m in MOVE_MARKS
                              if p["marks"].get(m)),
        })
    return {"players": players, "chances": chances, "marks": marks, "notes": notes, "table": table,
            "teams": bool(result.get("teams"))}
