"""`ludo-host analyse GAME.ludo [MORE ...]`: who played well, and who was just lucky.

For every recorded game (a file, or every record in a folder): each seat's win chance
after every action, the luck of every roll, the error of every move where there was a
real choice, with marks (very lucky ... very unlucky rolls; inaccuracy, mistake,
blunder moves), and per seat the luck of its dice, its error per decision and its
result with luck taken out (analysis/engine.py; docs/analysis.md).  A readable summary,
or `--json`.  A record that cannot be analysed gets one line on stderr and the others
go on; the exit status is 1 if any could not be.
"""
import json
import sys

from ..records.lines import terminal_safe
from ..records.reading import is_same_file, parse_record_file, records_named, where
from ..progress import Progress
from .engine import AnalysisError, analyse_record
from .report import report
from .totals import totals, totals_text


def add_arguments(parser):
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="record files, or folders of them (*.ludo, *.txt, *.record)")
    parser.add_argument("--json", action="store_true",
                        help="print the analyses as JSON: {\"games\": [one object per game], \"totals\": {...}}")
    parser.add_argument("--png", metavar="OUT",
                        help="draw the game's win-chance graph to a PNG file (one game only)")
    parser.add_argument("--actions", action="store_true",
                        help="list every action with the chances after it, not only the marked ones")


def analyse_file(path):
    """The analysis of one record file (a dict with its "file"); AnalysisError if it cannot be."""
    rf, rec = parse_record_file(path)
    if rec is None or not rec.header or rf.problems:     # (a cut file too: its end is unknown)
        problems = rf.problems + (rec.errors if rec is not None else [])
        line, message = problems[0] if problems else (1, "not a record")
        raise AnalysisError("%s: %s" % (where(path, line), message))
    try:
        result = analyse_record(rec)
    except AnalysisError as exc:
        raise AnalysisError("%s: %s" % (where(path, exc.line), exc), exc.line)
    except Exception as exc:    # a core bug must not stop the other files
        raise AnalysisError("%s: the analysis failed: %s: %s" % (path, type(exc).__name__, str(exc)[:200]))
    result["file"] = path
    return result


def _print(text):
    print("\n".join(terminal_safe(line) for line in text.split("\n")))


def analyse_all(paths, who):
    """Analyse every file, with a progress bar: (the analyses, how many could not be); each
    one that could not gets a line on stderr, `WHO: cannot analyse FILE:LINE: why`."""
    progress = Progress(len(paths), "analysing")
    done = []
    failed = 0
    for i, path in enumerate(paths):
        try:
            done.append(analyse_file(path))
        except AnalysisError as exc:
            failed += 1
            if progress.show and progress.tty:
                sys.stderr.write("\r\x1b[K")
            print(terminal_safe("%s: cannot analyse %s" % (who, " ".join(str(exc).split())[:300])),
                  file=sys.stderr)
        progress.update(i + 1)
    return done, failed


def run(args):
    paths, status = records_named(args.files, "analyse")
    if status is not None:
        return status
    plot = None
    if args.png:                # before the work, not after it
        if len(paths) != 1:
            print("ludo-host analyse: --png draws one game: give one record file", file=sys.stderr)
            return 2
        if is_same_file(args.png, paths[0]):
            print(terminal_safe("ludo-host analyse: --png %s is the record itself: give the picture another "
                                "name (nothing written)" % args.png), file=sys.stderr)
            return 2
        try:
            from .plot import plot
        except ImportError as exc:
            print("ludo-host analyse: --png needs matplotlib (%s)" % exc, file=sys.stderr)
            return 2
    done, failed = analyse_all(paths, "ludo-host analyse")
    if args.json:
        print(json.dumps({"games": done, "totals": totals(done)}, indent=1, sort_keys=True))
    else:
        for k, result in enumerate(done):
            if k:
                print()
            _print(report(result, every=args.actions))
        if len(done) > 1:
            print()
            _print(totals_text(totals(done)))
    if plot is not None and done:
        try:
            plot(done[0], args.png)
        except OSError as exc:
            print(terminal_safe("ludo-host analyse: cannot write %s: %s" % (args.png, exc.strerror or exc)),
                  file=sys.stderr)
            return 1
        print(terminal_safe("wrote %s" % args.png), file=sys.stderr)
    return 1 if failed else 0
