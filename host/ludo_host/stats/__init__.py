"""`ludo-host stats DIR`: what a folder of recorded games says.

Games per preset, wins by seat, by player kind (human / easy / medium /
hard / expert: the header's "kinds" and the `kind` lines that hand a seat to the
computer; the kind a seat had when the game ended counts) and by person (the
names a record gives its seats: `Record.names`) over the games that
have a winner (not the unfinished or abandoned ones), game length,
captures, and how often each face of the game dice came up with a
chi-square test of fairness.  `--png OUT` draws the main plots (matplotlib).

Take-backs are honoured: an `undo` line removes the action before it (a
roll taken back is not counted twice; the counter-based dice give the same
value again anyway).
"""
import json
import math
import os
import sys

from ludo.actions import KINDS     # (human, easy, medium, hard, expert)

from ..records.lines import terminal_safe
from ..records.reading import is_same_file, parse_record_file, record_paths, where
from ..replay.steps import taken_back
from ..progress import Progress
from ..words import count, local_time

SEATS = "RGYB"
PROGRESS_OVER = 200


# -- chi-square ------------------------------------------------------------------

def chi2_sf_5(x):
    """P(X >= x) for a chi-square variable with 5 degrees of freedom (closed form).

    For odd k the survival function is erfc(sqrt(x/2)) plus
    sqrt(2/pi) e^(-x/2) * sum_{j=1}^{(k-1)/2} x^(j-1/2) / (1*3*...*(2j-1));
    for k = 5 that sum is sqrt(x) + x^(3/2) / 3.
    """
    if x <= 0:
        return 1.0
    s = math.sqrt(x)
    return min(1.0, math.erfc(s / math.sqrt(2)) + math.sqrt(2 / math.pi) * math.exp(-x / 2) * (s + x * s / 3))


def chi_square(counts):
    """(statistic, p-value) of observed face counts (six ints) against a fair die."""
    n = sum(counts)
    if n == 0:
        return None, None
    expected = n / 6.0
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, chi2_sf_5(stat)


def fairness_words(n, p):
    if n < 30:
        return "too few rolls to judge"
    if p < 0.001:
        return "the dice look biased"
    if p < 0.01:
        return "suspicious: look at more games"
    return "consistent with fair dice"


# -- one game --------------------------------------------------------------------

def effective_actions(actions):
    """The actions that stand after take-backs: `undo` removes the last action that is
    not a `kind` line; `kind` lines are kept in place (they are annotations)."""
    undone = taken_back(actions)
    return [line for i, line in enumerate(actions) if line != "undo" and i not in undone]


def is_move(line):
    return len(line) > 3 and line[0] in SEATS and line[1] in "1234" and line[2] == " "


def game_facts(rec):
    """A small dict of what one record says (no replay needed)."""
    h = rec.header
    players = h.get("players") if isinstance(h.get("players"), str) else ""
    seats = [s for s in players if s in SEATS]
    kinds = {s: "human" for s in seats}
    hk = h.get("kinds") if isinstance(h.get("kinds"), dict) else {}
    for s in seats:
        if hk.get(s) in KINDS:
            kinds[s] = hk[s]
    rolls = [0] * 6
    hand = [0] * 6
    unproven = 0
    # Only a revealed seed (checked by the replay) proves the game's dice; without one the
    # rolls could be anything, so they stay out of the fairness figures.
    proven = isinstance(rec.footer, dict) and rec.footer.get("seed") is not None
    captures = moves = 0
    actions = effective_actions(rec.actions)
    for line in actions:
        if line.startswith("roll "):
            parts = line.split(" ")
            if len(parts) >= 2 and parts[1] in ("1", "2", "3", "4", "5", "6"):
                if len(parts) == 3:
                    hand[int(parts[1]) - 1] += 1
                elif proven:
                    rolls[int(parts[1]) - 1] += 1
                else:
                    unproven += 1
        elif line.startswith("kind "):
            parts = line.split(" ")
            if len(parts) == 3 and parts[1] in kinds and parts[2] in KINDS:
                kinds[parts[1]] = parts[2]
        elif is_move(line):
            moves += 1
            if "x" in line:
                captures += len(line.split("x", 1)[1]) // 2
    footer = rec.footer if isinstance(rec.footer, dict) else None
    result = footer.get("result") if footer else None
    winners = []
    if isinstance(result, str) and result != "*":
        winners = [s for s in result.split("+") if s in seats]
    return {
        "preset": str(h.get("preset", "?")), "seats": seats, "kinds": kinds,
        "start": h.get("start") if isinstance(h.get("start"), str) else None,
        "finished": footer is not None,
        "has_winner": bool(winners),    # counts for the win rates (unfinished, abandoned: not)
        "termination": footer.get("termination") if footer else "unfinished",
        "winners": winners, "actions": len(actions), "moves": moves, "captures": captures,
        "rolls": rolls, "hand_rolls": hand, "unproven_rolls": unproven,
        "names": rec.names,
    }


# -- many games ------------------------------------------------------------------

def collect(paths, progress=None):
    totals = {
        "files": len(paths), "games": 0, "games_with_winner": 0, "unreadable": [], "presets": {}, "terminations": {},
        "seat_games": {s: 0 for s in SEATS}, "seat_wins": {s: 0 for s in SEATS},
        "kind_games": {k: 0 for k in KINDS}, "kind_wins": {k: 0 for k in KINDS},
        "person_games": {}, "person_wins": {},    # by the names the records give seats
        "lengths": [], "move_counts": [], "captures": [], "rolls": [0] * 6, "hand_rolls": [0] * 6,
        "unproven_rolls": 0, "unproven_games": 0,
        "starts": [],
    }
    for i, path in enumerate(paths):
        rf, rec = parse_record_file(path)
        bad = None
        if rec is None or not rec.header:
            problems = rf.problems + (rec.errors if rec is not None else [])
            line, message = problems[0] if problems else (1, "not a record")
            totals["unreadable"].append("%s: %s" % (where(path, line), message))
        else:
            bad = _does_not_replay(rec)
        if bad:
            totals["unreadable"].append("%s: does not replay: %s" % (where(path, bad[0]), bad[1]))
        elif rec is not None and rec.header:
            f = game_facts(rec)
            totals["games"] += 1
            totals["presets"][f["preset"]] = totals["presets"].get(f["preset"], 0) + 1
            if local_time(f["start"]):
                totals["starts"].append(f["start"])
            totals["terminations"][f["termination"]] = totals["terminations"].get(f["termination"], 0) + 1
            if f["has_winner"]:     # win rates and lengths: over the games that have a winner
                totals["games_with_winner"] += 1
                for s in f["seats"]:
                    totals["seat_games"][s] += 1
                    totals["kind_games"][f["kinds"][s]] += 1
                for name in set(f["names"].values()):
                    totals["person_games"][name] = totals["person_games"].get(name, 0) + 1
                totals["lengths"].append(f["actions"])
                totals["move_counts"].append(f["moves"])
            for s in f["winners"]:
                totals["seat_wins"][s] += 1
                totals["kind_wins"][f["kinds"][s]] += 1
            for name in set(f["names"][s] for s in f["winners"] if s in f["names"]):
                totals["person_wins"][name] = totals["person_wins"].get(name, 0) + 1
            totals["captures"].append(f["captures"])
            if f["unproven_rolls"]:
                totals["unproven_rolls"] += f["unproven_rolls"]
                totals["unproven_games"] += 1
            for k in range(6):
                totals["rolls"][k] += f["rolls"][k]
                totals["hand_rolls"][k] += f["hand_rolls"][k]
        if progress:
            progress.update(i + 1)
    n = sum(totals["rolls"])
    stat, p = chi_square(totals["rolls"])
    totals["chi_square"] = {"statistic": stat, "p_value": p, "rolls": n, "dof": 5,
                            "verdict": fairness_words(n, p if p is not None else 1.0)}
    return totals


def _does_not_replay(rec):
    """The first problem `verify` finds (an illegal action, a result the game does not
    give, a roll the seed does not give), or None: the figures count only what the rules
    confirm.  An unfinished game (no footer yet: the logger is still writing it) counts."""
    from ..records.verify import replay_problems
    found = [p for p in replay_problems(rec) if not p[1].startswith("no footer")]
    return min(found) if found else None


def _spread(values):
    if not values:
        return "-"
    v = sorted(values)
    mid = len(v) // 2
    median = v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2.0
    return "mean %.1f, median %g, min %d, max %d" % (sum(v) / float(len(v)), median, v[0], v[-1])


def _rate(wins, games):
    return "%d/%d (%.0f%%)" % (wins, games, 100.0 * wins / games) if games else "-"


def report(t):
    out = []
    out.append("games: %d of %s%s" % (t["games"], count(t["files"], "file"),
               ", %d skipped (unreadable, or the rules do not replay it)" % len(t["unreadable"])
               if t["unreadable"] else ""))
    if not t["games"]:
        return "\n".join(out)
    starts = sorted(t.get("starts") or ())
    if starts:                      # (UTC ISO times sort as they happened)
        first, last = local_time(starts[0]), local_time(starts[-1])
        out.append("played: %s" % (first if first == last else "from %s to %s" % (first, last))
                   + " (this computer's time)")
    out.append("presets: " + ", ".join("%s %d" % kv for kv in sorted(t["presets"].items())))
    out.append("endings: " + ", ".join("%s %d" % kv for kv in sorted(t["terminations"].items())))
    won = t["games_with_winner"]
    if won:
        of = "of %s with a winner" % count(won, "game")
        out.append("wins by seat, %s: " % of + ", ".join(
            "%s %s" % (s, _rate(t["seat_wins"][s], t["seat_games"][s])) for s in SEATS if t["seat_games"][s]))
        out.append("wins by player, %s: " % of + ", ".join(
            "%s %s" % (k, _rate(t["kind_wins"][k], t["kind_games"][k])) for k in KINDS if t["kind_games"][k]))
        people = sorted(t["person_games"], key=lambda name: (-t["person_wins"].get(name, 0), name.lower()))
        if people:
            out.append(terminal_safe("wins by person (the names the records give seats): " + ", ".join(
                "%s %s" % (name, _rate(t["person_wins"].get(name, 0), t["person_games"][name]))
                for name in people)))
    else:
        out.append("wins: no game with a winner (unfinished or abandoned games do not count)")
    out.append("finished game length, actions (taken back: left out): %s" % _spread(t["lengths"]))
    out.append("finished game length, moves: %s" % _spread(t["move_counts"]))
    out.append("captures per game: %s (total %d)" % (_spread(t["captures"]), sum(t["captures"])))
    n = sum(t["rolls"])
    if n:
        out.append("game dice, %s: %s" % (count(n, "roll"), "  ".join(
            "%d: %d (%.1f%%)" % (k + 1, c, 100.0 * c / n) for k, c in enumerate(t["rolls"]))))
        cs = t["chi_square"]
        out.append("fairness: chi-square %.2f with 5 degrees of freedom, p = %.3g: %s" % (
            cs["statistic"], cs["p_value"], cs["verdict"]))
    else:
        out.append("game dice: no rolls")
    if t["unproven_rolls"]:
        out.append("left out of the fairness test: %s of %s whose footer reveals no seed (abandoned or "
                   "unfinished): nothing proves them" % (count(t["unproven_rolls"], "roll"),
                                                         count(t["unproven_games"], "game")))
    hn = sum(t["hand_rolls"])
    if hn:
        out.append("dice entered by hand, %s: %s" % (count(hn, "roll"), "  ".join(
            "%d: %d" % (k + 1, c) for k, c in enumerate(t["hand_rolls"]))))
    return "\n".join(out)


def add_arguments(parser):
    parser.add_argument("dir", metavar="DIR", help="folder of record files (*.ludo, *.txt, *.record)")
    parser.add_argument("--png", metavar="OUT", help="draw the main plots to a PNG file")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--skill", action="store_true",
                        help="luck and skill per seat and per player too (analyses every game: "
                             "about a second each; docs/analysis.md)")


def _skill(paths):
    """Luck and skill over the games (ludo_host.analysis): per seat and per player."""
    from ..analysis import analyse_all
    from ..analysis.totals import totals
    done, _ = analyse_all(paths, "ludo-host stats")
    return totals(done)


def run(args):
    plot = None
    if args.png:                # before the work, not after it
        try:
            from .plot import plot
        except ImportError as exc:
            print("ludo-host stats: --png needs matplotlib (%s); install it with: pip install matplotlib" % exc,
                  file=sys.stderr)
            return 2
    try:
        paths = record_paths(args.dir)
    except NotADirectoryError:
        print(terminal_safe("ludo-host stats: %s is not a folder: give the folder the records are in "
                            "(for one game: ludo-host verify or analyse FILE)" % args.dir), file=sys.stderr)
        return 2
    except OSError as exc:
        print("ludo-host stats: cannot read %s: %s" % (args.dir, exc.strerror or exc), file=sys.stderr)
        return 2
    if plot is not None and os.path.isdir(args.png):
        print(terminal_safe("ludo-host stats: --png %s is a folder: give the plot a file name, e.g. --png %s "
                            "(nothing written)" % (args.png, os.path.join(args.png, "stats.png"))),
              file=sys.stderr)
        return 2
    if plot is not None and any(is_same_file(args.png, p) for p in paths):
        print(terminal_safe("ludo-host stats: --png %s is one of the records: give the plot another name "
                            "(nothing written)" % args.png), file=sys.stderr)
        return 2
    if not paths:
        print(terminal_safe("ludo-host stats: no record files (*.ludo, *.txt, *.record) in %s" % args.dir),
              file=sys.stderr)
    totals = collect(paths, Progress(len(paths), "reading records", PROGRESS_OVER))
    if args.skill:
        totals["skill"] = _skill(paths)
    for line in totals["unreadable"][:20]:
        print(terminal_safe("ludo-host stats: skipped %s" % line), file=sys.stderr)
    if len(totals["unreadable"]) > 20:
        print("ludo-host stats: ... and %s more skipped" % count(len(totals["unreadable"]) - 20, "file"),
              file=sys.stderr)
    if args.json:
        print(json.dumps(totals, sort_keys=True, indent=1))
    else:
        print(report(totals))
        if args.skill:
            from ..analysis.totals import totals_text
            print()
            for line in totals_text(totals["skill"]).split("\n"):
                print(terminal_safe(line))
    if plot is not None:
        if not totals["games"]:
            if paths:           # (no files at all: said above)
                print("ludo-host stats: no games, no plots", file=sys.stderr)
            return 1
        try:
            plot(totals, args.png)
        except OSError as exc:
            print("ludo-host stats: cannot write %s: %s" % (args.png, exc.strerror or exc), file=sys.stderr)
            return 1
        print("wrote %s" % args.png, file=sys.stderr)
        if args.skill and totals["skill"]["games"]:
            from ..analysis.plot import plot_skill, skill_png
            try:
                plot_skill(totals["skill"], skill_png(args.png))
            except OSError as exc:
                print("ludo-host stats: cannot write %s: %s" % (skill_png(args.png), exc.strerror or exc),
                      file=sys.stderr)
                return 1
            print("wrote %s" % skill_png(args.png), file=sys.stderr)
    return 0 if totals["games"] else 1
