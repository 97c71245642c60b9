"""`ludo-host verify FILE...`: check recorded games.

Every action is replayed through the rules core (an illegal move, a roll
where a move is due, a wrong result are problems), every roll of the game's
dice is checked against the seed revealed in the footer, and the seed and
the header's set-up (preset, options, players, kinds, dice) against the
commitment published at the start.  A device-dice record with a roll marked
`hand`, or a game that is over and withholds its seed, is a problem.  Exit
status 0 only when every file is sound; otherwise one line per problem,
`FILE:LINE: problem`.  Warnings follow a sound file's `ok` line as
`FILE: warning: ...`: a game the logger closed as abandoned, whose footer
reveals no seed, has nothing about its dice proven (said plainly), and the fields an older (ludo-record/1) commitment does not cover.
Everything printed has its control characters shown as escapes.
"""
import sys

from .lines import terminal_safe
from .reading import _exc_text, parse_record_file, records_named
from ..words import count

def verify_file(path):
    """Problems of one record file: a sorted list of (line number, message); [] when sound."""
    rf, rec = parse_record_file(path)
    problems = list(rf.problems)
    if rec is not None:
        seen = set(problems)
        for p in replay_problems(rec):
            if p not in seen:
                seen.add(p)
                problems.append(p)
    problems.sort(key=lambda p: (p[0], p[1]))
    return problems, rec


def replay_problems(rec):
    """What the rules core finds in a record it replays: (line, message) pairs."""
    import ludo
    try:
        return ludo.verify_record(rec)
    except Exception as exc:  # a core bug must not hide the file's name or crash the run
        return [(1, "the rules core failed on this file: %s" % _exc_text(exc))]


def unproven_rolls(rec):
    """How many rolls of a game that ended abandoned (or has no footer yet) no seed checks:
    the footer reveals none, so neither their values nor which were entered by hand are
    proven (a hand-dice game that finished reveals its seed too)."""
    footer = rec.footer if rec is not None else None
    if rec is None or (footer or {}).get("seed") is not None or (
            footer is not None and footer.get("termination") != "abandoned"):
        return 0
    return sum(1 for a in rec.actions if a.startswith("roll "))


def warnings(rec):
    """What a sound record leaves unproven, one text each: its unchecked rolls, and the
    header fields an older commitment does not cover."""
    from ludo.record_check import uncovered_fields
    out = []
    unproven = unproven_rolls(rec)
    if unproven:
        hand = sum(1 for a in rec.actions if a.startswith("roll ") and a.endswith(" hand"))
        out.append("nothing about this game's dice is proven: the footer reveals no seed, so its %s%s, "
                   "and the players, kinds and options it began with, could have been changed unseen" % (
                       count(unproven, "roll"), " (%d marked hand)" % hand if hand else ""))
    fields = uncovered_fields(rec.header) if rec is not None else ()
    if fields:
        out.append("written as %s, whose commitment covers the seed alone: its %s could have been "
                   "changed unseen" % (rec.header["format"], _and(fields)))
    return out


def _and(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def summary(rec):
    h = rec.header
    result = (rec.footer or {}).get("result", "*")
    return "%s %s %s, %s, result %s" % (h.get("game", "?"), h.get("preset", "?"),
                                        h.get("players", "?"), count(len(rec.actions), "action"), result)


def add_arguments(parser):
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="record files to check, or folders of them (*.ludo, *.txt, *.record)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print problems only")


def run(args):
    paths, status = records_named(args.files, "verify")
    if status is not None:
        return status
    bad = 0
    for path in paths:
        problems, rec = verify_file(path)
        if problems:
            bad += 1
            for line, message in problems:
                where = "%s:%d" % (path, line) if line else path
                _print("%s: %s" % (where, _one_line(message)))
        elif not args.quiet:
            _print("%s: ok (%s)" % (path, summary(rec)))
        if not args.quiet and rec is not None and rec.header:
            for text in warnings(rec):
                _print("%s: warning: %s" % (path, text))
    if len(paths) > 1 and not args.quiet:
        print("%d of %s sound" % (len(paths) - bad, count(len(paths), "file")), file=sys.stderr)
    return 1 if bad else 0


def _print(line):
    print(terminal_safe(line))


def _one_line(message):
    text = " ".join(str(message).split())
    return text if len(text) <= 300 else text[:297] + "..."
