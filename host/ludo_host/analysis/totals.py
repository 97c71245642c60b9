"""Luck and skill over many analysed games: per seat colour and per player.

A player is the person's name where the record names the seat (its header's or
footer's `names`), else the seat's kind at the start (human, easy, medium, hard, expert).
A seat handed to another kind during the game (the pause menu's hand-over, a seat
link's) was played by two: the game, its result and the dice's luck are the seat's
player's, and each choice is its chooser's: the seat's player while the seat had its
kind at the start, else the kind that had it then (Medium's moves after Anna left are
Medium's, not Anna's). Only finished games count for results; luck and errors count in
every game.
"""
SEATS = "RGYB"


def _blank():
    return {"games": 0, "finished": 0, "wins": 0, "luck": 0.0, "rolls": 0, "decisions": 0,
            "error": 0.0, "luck_free": 0.0, "marks": {}}


def _add(into, p, finished):
    into["games"] += 1
    into["luck"] += p["luck"]
    into["rolls"] += p["rolls"]
    _add_choices(into, p)
    if finished:
        into["finished"] += 1
        into["wins"] += 1 if p["result"] == 100.0 else 0
        into["luck_free"] += p["luck_adjusted"]


def _add_choices(into, p):
    into["decisions"] += p["decisions"]
    into["error"] += p["error"]
    for mark, n in p["marks"].items():
        into["marks"][mark] = into["marks"].get(mark, 0) + n


def _finish(t):
    t["luck"] = round(t["luck"], 2)
    t["error"] = round(t["error"], 2)
    t["luck_per_game"] = round(t["luck"] / t["games"], 2) if t["games"] else 0.0
    t["error_per_decision"] = round(t["error"] / t["decisions"], 2) if t["decisions"] else 0.0
    t["win_rate"] = round(100.0 * t["wins"] / t["finished"], 1) if t["finished"] else None
    t["luck_free_mean"] = round(t["luck_free"] / t["finished"], 1) if t["finished"] else None
    t["luck_free"] = round(t["luck_free"], 2)
    return t


def player_of(result, seat):
    """Who played `seat` in an analysed game: the name on the record, else the seat's kind."""
    names = result.get("names") or {}
    name = names.get(seat)
    if isinstance(name, str) and name.strip():
        return name.strip()
    p = result["seats"][seat]
    return p.get("start_kind", p["kind"])


def totals(results):
    """{"games", "seats": {letter: figures}, "players": {player: figures}} over analysed games."""
    seats = {}
    players = {}
    for r in results:
        for s in r["players"]:
            p = r["seats"][s]
            _add(seats.setdefault(s, _blank()), p, r["finished"])
            who = player_of(r, s)
            by = p.get("by")
            if by is None:          # (an analysis without who chose: all the seat's player's)
                by = {None: p}
            mine = dict(p, decisions=0, error=0.0, marks={})
            _add(players.setdefault(who, _blank()), mine, r["finished"])
            for kind, choices in by.items():
                chooser = who if kind in (None, p.get("start_kind", p["kind"])) else kind
                _add_choices(players.setdefault(chooser, _blank()), choices)
    return {"games": len(results),
            "seats": {s: _finish(seats[s]) for s in SEATS if s in seats},
            "players": {k: _finish(players[k]) for k in sorted(players)}}


def totals_text(t):
    """The totals as a table, per seat colour, then per player: 80 columns wide at most
    (a long name is cut with "…")."""
    from ..words import columns, count, fit
    rows = []
    for title, group in (("seat", t["seats"]), ("player", t["players"])):
        for key, f in group.items():
            label = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}.get(key, key) if title == "seat" else key
            rows.append(("%s %s" % (title, label), f))
    width = max([16] + [min(22, columns(label)) for label, _ in rows])
    lines = ["across %s:" % count(t["games"], "game"),
             "%s %5s %5s %8s %9s %9s %6s %9s" % (fit("", width), "games", "wins", "win rate", "luck/game",
                                                 "decisions", "error", "luck-free")]
    for label, f in rows:
        lines.append("%s %5d %5d %8s %+9.1f %9d %6.2f %9s" % (
            fit(label, width), f["games"], f["wins"],
            "-" if f["win_rate"] is None else "%.0f%%" % f["win_rate"], f["luck_per_game"],
            f["decisions"], f["error_per_decision"],
            "-" if f["luck_free_mean"] is None else "%.1f" % f["luck_free_mean"]))
    lines.append("luck/game: its dice's luck per game (points); error: win chance lost per real")
    lines.append("decision; luck-free: the mean result with every roll's luck taken out")
    return "\n".join(lines)
