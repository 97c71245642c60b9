"""`ludo-host replay FILE`: step through a recorded game.

In a terminal: the board drawn as on the virtual board, one step per key
(right/left or n/p, space for next, g N Enter to jump to move N, Home/End,
PageUp/PageDown for 10 moves back/on, q to quit).
`--to N` prints the board after move N and exits; `--html OUT` writes one
self-contained page (board as SVG, move list, slider, keyboard stepping).
Text from the file (the header's game id, a problem's excerpt) is printed with
its control characters shown as escapes.

A "move" here is a line of the record: move 0 is the start, move N the
position after the N-th action line (rolls, moves, take-backs).
"""
import functools
import importlib.util
import os
import sys
import textwrap

from .board_text import render
from ..records.lines import terminal_safe
from ..records.reading import is_same_file, parse_record_file, where
from .steps import Replay, describe
from ..words import count, local_time
from ..setup_words import summary_lines

SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
# The keys of docs/host.md's table, all of them (tests/host/test_replay.py checks).
# Two lines, each within an 80-column terminal.
KEYS_HELP = ("keys: ->/n/space next, <-/p back, g N Enter jump, q quit\n"
             "      Home/End start/end, PageUp/PageDown 10 back/on")


def load(path):
    """(Replay or None, [problem lines]): the Replay is None when nothing can be shown."""
    rf, rec = parse_record_file(path)
    problems = list(rf.problems) + (list(rec.errors) if rec is not None else [])
    lines = ["%s: %s" % (where(path, line), msg) for line, msg in problems]
    if rec is None or not rec.header:
        return None, lines or ["%s:1: not a record" % path]
    try:
        replay = Replay(rec)
    except Exception as exc:  # a header the core cannot start a game from
        text = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        return None, lines + ["%s:1: cannot replay: %s" % (path, text)]
    if replay.error:
        lines.append("%s:%d: %s (shown up to there)" % ((path,) + replay.error))
    return replay, lines


SIDE_WIDTH = 60         # the side text's lines at most, when no terminal says its width


def side_text(replay, n, width=SIDE_WIDTH):
    """The lines beside the board after move n, each at most `width` characters (a longer
    one goes on in the next line, indented): the columns a terminal leaves beside the board."""
    return [wrapped for line in _side_lines(replay, n)
            for wrapped in (textwrap.wrap(line, width, subsequent_indent="  ") or [""])]


def _side_lines(replay, n):
    st = replay.steps[n]
    last = len(replay.steps) - 1
    h = replay.header
    lines = ["game %s  %s  %s" % (h.get("game", "?"), h.get("preset", "?"), replay.seats)]
    began = local_time(h.get("start"))
    if began:
        lines.append("began %s" % began)
    lines += summary_lines(h)
    lines += ["move %d of %d" % (n, last),
             describe(st)[:60]]
    if replay.names:
        lines.insert(1, ", ".join("%s: %s" % (SEAT_NAMES[s], replay.names[s]) for s in replay.seats
                                  if s in replay.names)[:60])
    if st["result"]:
        lines.append("game over: %s" % st["result_words"])
    else:
        pend = " (rolls to use: %s)" % ", ".join(str(v) for v in st["pending"]) if st["pending"] else ""
        lines.append("to play: %s%s" % (SEAT_NAMES.get(st["turn"], st["turn"]), pend))
    roll = replay.last_roll(n)
    if roll is not None:
        lines.append("die: %d" % roll)
    if n == last and replay.error:
        lines.append("")
        lines.append("replay stopped at line %d:" % replay.error[0])
        lines.append(replay.error[1][:60])
    return [terminal_safe(line) for line in lines]      # (the header's text is the file's)


def board_text(replay, n, color, columns=None):
    """The board after move n with its side text; `columns`: the terminal's width, which
    the side text is wrapped to (None: SIDE_WIDTH columns beside the board)."""
    width = SIDE_WIDTH if columns is None else max(20, columns - side_column(color))
    return render(replay.steps[n]["places"], color=color, side=side_text(replay, n, width),
                  die=replay.last_roll(n))


@functools.lru_cache(maxsize=None)
def side_column(color):
    """The column the side text starts at, beside the board drawn (in colour or plain): the
    same for every board, so measured once (not a second board drawn at every key)."""
    import re
    first = render({}, color=color, side=["|"]).split("\n")[0]
    return len(re.sub("\x1b\\[[0-9;]*m", "", first)) - 1


def _columns(stream):
    """The terminal's width when `stream` is one, else None."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream.isatty() else None
    except (AttributeError, OSError, ValueError):
        return None


# -- interactive terminal ------------------------------------------------------

def _read_key(fd):
    """One key from a cbreak-mode terminal: a character or 'right', 'left', 'home', 'end'."""
    ch = os.read(fd, 1)
    if ch != b"\x1b":
        return ch.decode("latin-1")
    import select
    seq = b""
    while select.select([fd], [], [], 0.05)[0] and len(seq) < 8:
        seq += os.read(fd, 1)
        if seq[-1:].isalpha() or seq[-1:] == b"~":
            break
    return {b"[C": "right", b"OC": "right", b"[D": "left", b"OD": "left", b"[H": "home",
            b"OH": "home", b"[F": "end", b"OF": "end", b"[1~": "home", b"[4~": "end",
            b"[5~": "pgup", b"[6~": "pgdn"}.get(seq, "esc" if not seq else "")


def interactive(replay, color, start, out=None, fd=None):
    import termios
    import tty
    out = out or sys.stdout
    fd = sys.stdin.fileno() if fd is None else fd
    saved = termios.tcgetattr(fd)
    last = len(replay.steps) - 1
    n = max(0, min(last, start))
    typed = None        # digits typed after 'g'
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l")
        while True:
            prompt = "go to move: %s_" % typed if typed is not None else KEYS_HELP
            out.write("\x1b[H\x1b[2J" + board_text(replay, n, color, _columns(out)) + "\n" + prompt.replace("\n", "\x1b[K\n")
                      + "\x1b[K\n")
            out.flush()
            key = _read_key(fd)
            if typed is not None:
                if key.isdigit():
                    typed += key
                elif key in ("\n", "\r"):
                    if typed:
                        n = max(0, min(last, int(typed)))
                    typed = None
                elif key in ("\x7f", "\b"):
                    typed = typed[:-1]
                elif key in ("esc", "q"):
                    typed = None
                continue
            if key in ("q", "Q", "\x04", "esc"):
                break
            if key in ("right", "n", " ", "l"):
                n = min(last, n + 1)
            elif key in ("left", "p", "h"):
                n = max(0, n - 1)
            elif key in ("home", "0"):
                n = 0
            elif key in ("end", "G"):
                n = last
            elif key == "pgdn":
                n = min(last, n + 10)
            elif key == "pgup":
                n = max(0, n - 10)
            elif key == "g":
                typed = ""
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h")
        out.flush()
    return 0


# -- command -------------------------------------------------------------------

def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="a record file")
    parser.add_argument("--to", type=int, metavar="N", help="print the board after move N and exit")
    parser.add_argument("--html", metavar="OUT", help="write a self-contained HTML replay page to OUT")
    parser.add_argument("--no-analysis", action="store_true",
                        help="leave the analysis (win-chance graph, marks, luck/skill table) off the HTML page")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colours in the terminal drawing (default: auto)")


def _use_color(choice, stream):
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def _analysis(path):
    """The page's analysis of the game (ludo_host.analysis), or None with a line on stderr
    when the record cannot be analysed (the page is written without it)."""
    from ..analysis import analyse_file
    from ..analysis.engine import AnalysisError
    from ..analysis.page import page_analysis
    try:
        return page_analysis(analyse_file(path))
    except AnalysisError as exc:
        print(terminal_safe("ludo-host replay: the page has no analysis: %s" % " ".join(str(exc).split())[:300]),
              file=sys.stderr)
        return None


def run(args):
    replay, problems = load(args.file)
    for line in problems[:10]:
        print(terminal_safe("ludo-host replay: %s" % line), file=sys.stderr)
    if replay is None:
        return 1
    last = len(replay.steps) - 1
    if args.html and is_same_file(args.html, args.file):
        print(terminal_safe("ludo-host replay: --html %s is the record itself: give the page another name "
                            "(nothing written)" % args.html), file=sys.stderr)
        return 2
    if args.html:
        from .page import render_page
        analysis = None if args.no_analysis else _analysis(args.file)
        page = render_page(replay, "Ludo replay: %s" % os.path.basename(args.file), analysis)
        try:
            with open(args.html, "w", encoding="utf-8") as fh:
                fh.write(page)
        except OSError as exc:
            print(terminal_safe("ludo-host replay: cannot write %s: %s" % (args.html, exc.strerror or exc)),
                  file=sys.stderr)
            return 1
        print(terminal_safe("wrote %s (%s)" % (args.html, count(last, "move"))))
        if args.to is None:
            return 0
    color = _use_color(args.color, sys.stdout)
    if args.to is not None:
        n = args.to if args.to >= 0 else last + 1 + args.to
        if not 0 <= n <= last:
            print("ludo-host replay: move %d is outside 0..%d" % (args.to, last), file=sys.stderr)
            return 2
        print(board_text(replay, n, color, _columns(sys.stdout)))
        return 0
    posix = importlib.util.find_spec("termios") is not None   # the interactive replay's terminal
    if not (posix and sys.stdin.isatty() and sys.stdout.isatty()):
        print(board_text(replay, last, color))
        print("(not a terminal: showing the last move; use --to N for another, or --html)",
              file=sys.stderr)
        return 0
    return interactive(replay, color, 0)
