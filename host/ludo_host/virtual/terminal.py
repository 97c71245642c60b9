"""The virtual board in a terminal: the painted 15 x 15 board with each pixel's colour where it sits.

Two characters per grid cell, 24-bit ANSI background colours. A dark pixel
shows the painted board beneath it, dimmed, so the board stays recognisable;
the die's seven pixels sit beside the board.
"""
import os
import select
import sys
import termios
import textwrap
import tty

from ..replay.board_text import cell_labels, tokens_by_cell
from .. import layout
from ..colours import DIE_ORIGIN, PAINT, boost, cell_colours, die_cell  # noqa: F401  (one look)

CELL = "  "
RESET = "\x1b[0m"
LEGEND = (
    "r  roll          R  long",
    "s  select        S  long",
    "\u23ce  confirm       C  long",
    "b  back          B  long",
    "q  quit (the game is kept)",
    "?  what the lights say",
)
# `?`: what a newcomer needs to read the lights; docs/lights.md has every signal.
# A page of its own in place of the board (with the status under it, it fits 80 x 24).
HELP = (
    "What the lights say (docs/lights.md shows every signal)",
    "  a yard and the die breathing   that seat's turn: press roll",
    "  pips on the die                the roll; the tokens that may move breathe,",
    "                                 their landing squares glow dim",
    "  white                          the selected move's landing square:",
    "                                 confirm plays it",
    "  cyan                           the coach's hint; on the die: it is thinking",
    "  dim white                      safe squares; in the menus, 'how far' bars",
    "  dim orange                     where the last move started",
    "  the die's 7 pips blink white   that press means nothing now",
    "  a red cross on the die         a lost roll (three sixes)",
    "  the die breathing white        after a reset: check the tokens, then confirm",
    "  blinking between two places   put the token where it blinks, confirm",
    "  magenta blinking               something went wrong: see the console",
    "Set-up menu: Red's home column counts the page (1 preset, 2 players,",
    "  3 computer seats, 4 options, 5 dice); the die shows the value.",
    "Long back: the pause menu.  Long select: the coach's hint.",
    "Keys: r roll, s select, Enter confirm, b back; R S C B (or Alt+key): long.",
    "? again: back to the board.",
)
MENU_LINES = "Set-up menu: "      # HELP's lines about the set-up menu (2): left out in a game
FIXUP_HELP = "  blinking between two places"      # the line that says more when fix-ups are skipped
SKIPPED_FIXUPS = "                                 (not here: no wooden tokens, no confirm)"
# Keys -> (button, long). Alt+key (ESC then key) is a long press too.
KEYS = {
    b"r": ("roll", False), b"R": ("roll", True),
    b"s": ("select", False), b" ": ("select", False), b"S": ("select", True),
    b"\r": ("confirm", False), b"\n": ("confirm", False), b"c": ("confirm", False),
    b"C": ("confirm", True),
    b"b": ("back", False), b"\x7f": ("back", False), b"\x08": ("back", False), b"B": ("back", True),
}
ALT_KEYS = {b"r": "roll", b"s": "select", b" ": "select", b"\r": "confirm", b"c": "confirm",
            b"b": "back", b"\x7f": "back"}


def _bg(rgb):
    return "\x1b[48;2;%d;%d;%dm" % rgb


SIDE_COL = (DIE_ORIGIN[1] + 4) * len(CELL) + 3     # where the text beside the board starts
DIE_LABEL = "<- the die"
INFO_ROW = DIE_ORIGIN[0] + 3                        # the first row of Screen.info beside the board
MIN_CONSOLE = 3             # console lines a larger board leaves room for under it


def side_text(info=(), scale=1):
    """The lines beside the board, row by row: the keys, the die's label, then `info`
    (scale: text rows per board row)."""
    rows = layout.SIZE * scale
    side = list(LEGEND) + [""] * (rows - len(LEGEND))
    side[(DIE_ORIGIN[0] + 1) * scale] = DIE_LABEL
    first = INFO_ROW * scale
    for i, line in enumerate(info[:rows - first]):
        side[first + i] = line
    return side


def _label_colour(rgb):
    """Black on a bright cell, white on a dark one."""
    r, g, b = rgb
    return "\x1b[1;38;2;0;0;0m" if 299 * r + 587 * g + 114 * b > 110000 else "\x1b[1;38;2;255;255;255m"


def render_lines(frame, pixel_map, status=(), use_boost=True, side=None, scale=1, tokens=None):
    """The screen as a list of text lines with ANSI colours (no cursor movement): the board
    with `side` beside it (default: the keys), then the `status` lines.  scale: each board
    cell is `scale` rows of 2 * scale characters; from 2 on, `tokens` ({token name: place},
    as the snapshot has them) are labelled on their cells ("R1"), as the replay does."""
    cells = cell_colours(frame, pixel_map, use_boost)
    width = DIE_ORIGIN[1] + 4
    side = side_text(scale=scale) if side is None else side
    labels = tokens_by_cell(tokens) if tokens and scale > 1 else {}
    blank = CELL * scale
    lines = []
    for row in range(layout.SIZE * scale):
        parts = []
        current = None
        for col in range(width):
            rgb = cells.get((row // scale, col))
            if rgb is None:
                if current is not None:
                    parts.append(RESET)
                    current = None
                parts.append(blank)
                continue
            if rgb != current:
                parts.append(_bg(rgb))
                current = rgb
            here = labels.get((row // scale, col))
            if here:
                text = cell_labels(here, 2 * scale, scale)[row % scale]
                parts.append(_label_colour(rgb) + text + "\x1b[22;39m" if text.strip() else text)
            else:
                parts.append(blank)
        parts.append(RESET)
        if row < len(side) and side[row]:
            parts.append("   " + side[row])
        lines.append("".join(parts))
    lines.extend(status)
    return lines


def board_scale(columns, rows, below):
    """The largest scale (text rows per board row) at which the board, the keys beside it
    and `below` lines under it fit a terminal of that size; 1 at 80 x 24."""
    scale = 1
    while True:
        bigger = scale + 1
        wide = (DIE_ORIGIN[1] + 4) * len(CELL) * bigger + 3 + max(len(x) for x in LEGEND)
        if wide > columns - 1 or layout.SIZE * bigger + below > rows:
            return scale
        scale = bigger


def _terminal_size():
    try:
        return os.get_terminal_size()
    except OSError:                 # not a terminal: no limit to warn about
        return None


def _fit(text, width):
    """One line cut to width (a path keeps its indent and its end: "  ...ludo-board/nvm.bin")."""
    if len(text) <= width:
        return text
    body = text.lstrip(" ")
    indent = text[:len(text) - len(body)]
    room = max(width - len(indent) - 3, 1)
    if "/" in body:
        return indent + "..." + body[len(body) - room:]
    return indent + body[:room] + "..."


MENU_HELP = "The set-up menu (? again: back to it)"


def menu_help(snap):
    """The set-up menu's lines of `?` (None outside it): how to go through it, the option
    shown in plain words (ludo_host.setup_words), and the game a roll starts now."""
    from .. import setup_words
    if not snap or snap.get("mode") != "menu":
        return None
    lines = [MENU_HELP,
             "  Red's home column counts the page: 1 preset, 2 players, 3 computer seats,",
             "  4 options, 5 dice; the die shows the value. select: next value, confirm:",
             "  next page, back: the page before, roll: start the game."]
    menu = snap.get("menu") or {}
    if menu.get("name") == "options" and menu.get("item"):
        item = menu["item"]
        lines.append("  This option: %s: %s" % (setup_words.option_title(item),
                                                 setup_words.OPTIONS[item].explains
                                                 if item in setup_words.OPTIONS else ""))
    if snap.get("setup"):
        lines.append("  Roll starts: " + setup_words.summary(snap["setup"]))
    return lines


class Screen:
    """Draws frames on the terminal (alternate screen), only when they change.

    Under the board: `words` (what is going on and what the buttons do, from
    ludo_host.words), a hint about the last key, the console's last lines; beside it
    the keys and `info` (short lines: where the data channel and the save are).
    `?` shows HELP in place of the board. Fits 80 x 24; a larger terminal gets a larger
    board (board_scale) with the tokens' names on their cells.
    """

    def __init__(self, pixel_map, out=None, console_lines=6, size=_terminal_size, skip_fixups=False):
        self.pixel_map = pixel_map
        self.out = out or sys.stdout
        self.frame = bytes(3 * len(pixel_map))
        self.words = []
        self.info = []
        self.console = [""]
        self.console_lines = console_lines
        self.drawn = None
        self.help = False           # `?`: what the lights say, in place of the board
        self.hint = ""              # one line about the last key that did nothing
        self.size = size
        self.skip_fixups = skip_fixups
        self.menu_help = None       # the set-up menu's part of `?` (menu_help), while it shows
        self.tokens = None          # {token name: place} while a game shows (labels, when larger)
        self.game = None            # "This game: ..." (setup_words.summary) while a game shows
        self.fresh = False          # ... and no move is played yet: it shows under the words

    def open(self):
        self.out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        self.out.flush()

    def close(self):
        self.out.write(RESET + "\x1b[?25h\x1b[?1049l")
        self.out.flush()

    def add_console(self, text):
        parts = text.split("\n")
        self.console[-1] += parts[0]
        self.console.extend(parts[1:])
        del self.console[:-self.console_lines - 1]
        self.draw()

    def show(self, frame):
        self.frame = frame
        self.draw()

    def set_words(self, lines):
        """The status in words under the board (redrawn only if they changed)."""
        lines = [line for line in lines if line]
        if lines != self.words:
            self.words = lines
            self.draw()

    def toggle_help(self):
        self.help = not self.help
        self.hint = ""
        self.draw()

    def key_does_nothing(self, key):
        self.hint = "key %r does nothing: r s Enter b (capitals: long presses), ? help, q quit" % key
        self.draw()

    def set_snapshot(self, snap):
        """What the board shows now (virtual.snapshot): in the set-up menu `?` explains the
        page's option and says the game a roll starts."""
        from .. import setup_words
        menu = menu_help(snap)
        tokens = snap.get("tokens") if snap else None
        game = None
        if snap and snap.get("setup") and snap.get("mode") != "menu":
            game = "This game: " + setup_words.summary(snap["setup"], snap.get("remote") or "")
        fresh = bool(game) and not snap.get("moves_played") and snap.get("mode") == "play"
        if (menu, tokens, game, fresh) != (self.menu_help, self.tokens, self.game, self.fresh):
            self.menu_help, self.tokens, self.game, self.fresh = menu, tokens, game, fresh
            self.draw()

    def help_lines(self, width=79, room=None):
        """HELP, saying so where this board skips the token fix-ups; in the set-up menu, the
        menu's own help first."""
        lines = list(HELP)
        if self.skip_fixups:
            at = [i for i, line in enumerate(lines) if line.startswith(FIXUP_HELP)][0]
            lines.insert(at + 1, SKIPPED_FIXUPS)
        if self.menu_help:
            menu = []
            for line in self.menu_help:
                menu += textwrap.wrap(line, width, subsequent_indent="    ") or [""]
            lines = menu + [""] + lines
        elif self.game:             # (before the last line, where there is room for it)
            at = [i for i, line in enumerate(lines) if line.startswith(MENU_LINES)][0]
            del lines[at:at + 2]    # (the set-up menu's lines: its own `?` says them; room for the game)
            game = textwrap.wrap(self.game, width, subsequent_indent="  ")
            if room is None or len(lines) + len(game) <= room:
                lines = lines[:-1] + game + lines[-1:]
        return lines

    def lines(self, columns=80, rows=24):
        """The screen's text lines for a terminal of that size (at most `rows`, each fitting)."""
        width = columns - 1             # (nothing in the last column: no wrap)
        words = []
        for line in self.words:
            words += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        if self.fresh and not self.help:        # a game's start says what it is
            words += textwrap.wrap(self.game, width, subsequent_indent="  ")
        below = words + ([_fit(self.hint, width)] if self.hint else [])
        if self.help:
            page = [_fit(line, width) for line in self.help_lines(width, rows - len(below) - 1)]
            return (page[:max(rows - len(below) - 1, 0)] + [""] + below)[:rows]
        scale = board_scale(columns, rows, len(below) + 1 + MIN_CONSOLE)
        side_col = (DIE_ORIGIN[1] + 4) * len(CELL) * scale + 3
        info = []
        for line in self.info:      # (a path keeps its end; words wrap)
            info += [_fit(line, width - side_col)] if "/" in line or not line else textwrap.wrap(
                line, max(width - side_col, 10))
        side = side_text(info, scale)
        room = min(rows - layout.SIZE * scale - len(below) - 1, self.console_lines)    # (1: "console:")
        console = [_fit(line, width) for line in self.console if line]
        if room > 0 and console:
            below += ["console:"] + console[-room:]
        screen = render_lines(self.frame, self.pixel_map, below, side=side, scale=scale, tokens=self.tokens)
        return screen[:rows]

    def draw(self):
        size = self.size() if self.size else None
        columns, rows = (size.columns, size.lines) if size is not None else (80, 24)
        need_cols = SIDE_COL + max(len(x) for x in LEGEND)
        need_rows = layout.SIZE + 2
        if size is not None and (columns < need_cols or rows < need_rows):
            # a board that wraps or scrolls is unreadable: say so instead (the game runs on)
            screen = ["terminal too small for the board: make it at least %d x %d (now %d x %d)"
                      % (need_cols, need_rows, columns, rows)] + [
                line[:max(columns - 1, 1)] for line in self.words]
        else:
            screen = self.lines(columns, rows)
        text = "\x1b[H" + "\x1b[K\n".join(screen) + "\x1b[K\x1b[J"
        if text != self.drawn:
            self.out.write(text)
            self.out.flush()
            self.drawn = text


class Keyboard:
    """The terminal's keys, read without waiting (cbreak mode while open)."""

    def __init__(self, fd=None):
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.saved = None
        self.pending = b""

    def open(self):
        if os.isatty(self.fd):
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)

    def close(self):
        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None

    def read(self, timeout=0.0):
        """Key presses now: list of (button, long), "quit", "help", or ("unknown", key)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            chunk = os.read(self.fd, 64)
            if not chunk:
                return ["quit"]
            self.pending += chunk
        elif self.pending == b"\x1b":
            # An Alt combination comes in one write; an Escape that nothing followed is the
            # Escape key itself, not the start of a long press of whatever key comes next.
            self.pending = b""
            return [("unknown", "Esc")]
        return self._decode()

    def _decode(self):
        found = []
        data = self.pending
        i = 0
        while i < len(data):
            ch = data[i:i + 1]
            if ch == b"\x1b":
                if i + 1 >= len(data):
                    break                      # wait for the rest of an Alt combination
                nxt = data[i + 1:i + 2]
                if nxt in ALT_KEYS:
                    found.append((ALT_KEYS[nxt], True))
                    i += 2
                    continue
                if nxt in (b"[", b"O"):        # arrow and function keys: skip the sequence
                    j = i + 2
                    while j < len(data) and not (0x40 <= data[j] <= 0x7E):
                        j += 1
                    i = j + 1
                    continue
                i += 1
                continue
            if ch in (b"q", b"Q", b"\x03", b"\x04"):
                found.append("quit")
            elif ch in KEYS:
                found.append(KEYS[ch])
            elif ch in (b"?", b"h", b"H"):
                found.append("help")
            elif ch >= b" ":
                found.append(("unknown", ch.decode("latin-1")))
            i += 1
        self.pending = data[i:]
        return found
