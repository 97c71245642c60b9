"""Drive the board app in-process with a stand-in hardware layer (SPEC §3).

`Board` owns an `App` on a `FakeHardware` whose clock only moves when the
test says so, an NVM with RP2040 flash semantics that logs every write (and
can cut one short, like a power cut), and a data port the test plays the PC
on.  The same app code runs on the real board; only `hw` differs.
"""
import contextlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "host") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "host"))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.append(os.path.join(ROOT, "firmware"))     # last: firmware/code.py must not shadow `code`

from ludoboard import app as app_mod, scene as lights  # noqa: E402
from ludoboard.names import BUTTONS  # noqa: E402
from ludoboard.pixelmap import place_id  # noqa: E402

PIXEL_MAP = os.path.join(ROOT, "hardware", "pixelmap.json")
TICKS_MASK = (1 << 29) - 1
BOOT_TICKS = (1 << 29) - 65536       # ticks start 65 s before their wrap, like a real board
STEP_MS = 10
PRESS_MS = 80
GAP_MS = 120
LONG_MS = 1200


def firmware_consts(module):
    """A module's private constants (`_NAME = const(value)`, which MicroPython folds away):
    an object with NAME attributes, read from firmware/ludoboard/MODULE.py."""
    import ast
    path = os.path.join(ROOT, "firmware", "ludoboard", module + ".py")
    names = {}
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "const":
            names[node.targets[0].id.lstrip("_")] = ast.literal_eval(node.value.args[0])
    return type(module, (), names)


@contextlib.contextmanager
def stand_in_players(ai):
    """The board's computer players are `ai` (a stand-in for ludo.ai: its Easy, Medium,
    Hard and Expert classes; None: not installed) while the block runs."""
    from ludoboard import players
    saved = players._ai
    players._ai = ai
    players._players.clear()
    try:
        yield ai
    finally:
        players._ai = saved
        players._players.clear()


class PowerCut(Exception):
    """The NVM write was cut short (the board lost power)."""


class Nvm:
    """microcontroller.nvm on RP2040: erased = 0xFF; writing over non-erased bytes erases the sector."""

    def __init__(self, size=4096, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * size)
        self.writes = []        # (start, bytes, erased) of every write
        self.cut_after = -1

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        if not isinstance(index, slice):
            index = slice(index, index + 1)
            value = bytes((value,))
        start = index.start or 0
        value = bytes(value)
        stop = start + len(value)
        assert index.stop in (None, stop)
        erase = any(b != 0xFF for b in self.data[start:stop])
        self.writes.append((start, value, erase))
        cut = self.cut_after
        self.cut_after = -1
        self.data[:] = apply_write(self.data, start, value, erase, cut)
        if cut >= 0:
            raise PowerCut("power cut after %d bytes" % cut)


def apply_write(data, start, value, erase, cut=-1):
    """The sector after a write, cut after `cut` bytes of programming (-1 = complete)."""
    if erase:
        new = bytearray(data)
        new[start:start + len(value)] = value
        if cut < 0:
            return new
        out = bytearray(b"\xff" * len(data))
        out[:cut] = new[:cut]
        return out
    out = bytearray(data)
    if cut >= 0:
        value = value[:cut]
    out[start:start + len(value)] = value
    return out


class FakeHardware:
    def __init__(self, nvm=None, pixel_count=99, settings=None, start_ms=0):
        self.pixel_count = pixel_count
        self.nvm = nvm
        self.settings = {"LUDO_PIXEL_MAP": PIXEL_MAP, "LUDO_MAP_CHECK": 0}
        self.settings.update(settings or {})
        self.now = start_ms
        self.keys = []
        self.shown = bytes(3 * pixel_count)
        self.shows = 0
        self.to_board = bytearray()
        self.from_board = bytearray()
        self.host_connected = True
        self.write_limit = None     # bytes the PC accepts per write (None = all)
        self.pass_limit = None      # bytes the PC reads per loop pass (None = all): a slow PC
        self.room = None            # free_room(): None = a PC, room enough
        self.pass_left = None
        self.feeds = 0

    def show(self, frame):
        assert len(frame) == 3 * self.pixel_count
        self.shown = bytes(frame)
        self.shows += 1

    def poll_key(self):
        if self.keys:
            return self.keys.pop(0)
        return -1

    def ticks_ms(self):
        return (self.now + BOOT_TICKS) & TICKS_MASK

    def read_data(self, buf):
        n = min(len(buf), len(self.to_board))
        buf[:n] = self.to_board[:n]
        del self.to_board[:n]
        return n

    def write_data(self, b):
        if not self.host_connected:
            return 0
        n = len(b) if self.write_limit is None else min(len(b), self.write_limit)
        if self.pass_limit is not None:
            n = min(n, self.pass_left)
            self.pass_left -= n
        self.from_board.extend(bytes(b[:n]))
        return n

    def feed(self):                 # (once a loop pass)
        self.feeds += 1
        self.pass_left = self.pass_limit

    def free_room(self):            # (a test sets room: the heap a board has free)
        return self.room


class Board:
    """An App on FakeHardware, with button presses, time and the PC's side of the link."""

    def __init__(self, nvm=None, settings=None, pixel_count=99):
        self.nvm = nvm if nvm is not None else Nvm()
        self.hw = FakeHardware(self.nvm, pixel_count, settings)
        self.app = app_mod.App(self.hw, self.hw.settings)
        self.pixel_of = {}
        with open(PIXEL_MAP) as f:
            names = json.load(f)["pixels"]
        for i, name in enumerate(names):
            self.pixel_of[name] = i
        self.wait(0)
        while self.app.entering >= 0:       # the first mode's code loads a module a pass
            self.wait(STEP_MS)

    # -- time and buttons ------------------------------------------------
    def wait(self, ms):
        end = self.hw.now + ms
        while True:
            self.app.step()
            if self.hw.now >= end:
                break
            self.hw.now += STEP_MS

    def press(self, button, long=False):
        key = BUTTONS.index(button)
        self.hw.keys.append(key * 2 + 1)
        self.wait(LONG_MS if long else PRESS_MS)
        self.hw.keys.append(key * 2)
        self.wait(GAP_MS)

    def presses(self, text):
        for word in text.split():
            if word.endswith("!"):
                self.press(word[:-1], long=True)
            else:
                self.press(word)

    # -- the PC's side -----------------------------------------------------
    def send(self, obj_or_text):
        text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
        self.hw.to_board.extend(text.encode() + b"\n")
        self.wait(20)
        while self.app.starting:    # a new game is set up over some loop passes: the PC waits
            self.wait(STEP_MS)

    def lines(self):
        """Lines the board sent since the last call, parsed."""
        data = bytes(self.hw.from_board)
        cut = data.rfind(b"\n") + 1
        del self.hw.from_board[:cut]
        return [json.loads(line) for line in data[:cut].decode().split("\n") if line]

    def ask(self, obj, wait_ms=20, until=None):
        self.lines()
        self.send(obj)
        out = self.lines()
        spins = 0
        while until is not None and not any(until(x) for x in out) and spins < 2000:
            self.wait(10)
            out += self.lines()
            spins += 1
        return out

    # -- looking at the lights -------------------------------------------
    @property
    def game(self):
        return self.app.game

    def colour(self, place, frame=None):
        frame = self.hw.shown if frame is None else frame
        i = self.pixel_of[place] * 3
        return tuple(frame[i:i + 3])

    def frame_at(self, step):
        """The frame the current scene shows at animation step `step` (strip order)."""
        frame = bytearray(3 * self.hw.pixel_count)
        lights.render(self.app.scene, self.app.pixel, frame, step)
        return bytes(frame)

    def lit(self, frame=None):
        """{place: (r, g, b)} of every lit place."""
        out = {}
        for name, i in self.pixel_of.items():
            c = self.colour(name, frame)
            if c != (0, 0, 0):
                out[name] = c
        return out

    def cycle_of(self, place):
        """The colours a place cycles through (packed ints), from the scene."""
        s = self.app.scene
        p = place_id(place)
        n = s.ncol[p]
        return [s.colour(p, k) for k in range(n)]

    # -- playing ---------------------------------------------------------
    def select_code(self, code):
        """Press select until the move with this action code is selected."""
        for _ in range(len(self.app.legal) + 1):
            sel = self.app.selected
            if 0 <= sel < len(self.app.legal) and self.app.legal[sel].code == code:
                return
            self.press("select")
        raise AssertionError("select never reached move code %d" % code)

    def play_move(self, code):
        self.select_code(code)
        self.press("confirm")
        if self.app.fixing():
            self.press("confirm")


def option_display(b):
    """What the set-up menu's die shows for its option: (0, 0 off | 1 on) for an on/off
    option, (1, index) for a choice."""
    from ludoboard.setup_menu.options import CHOICES
    c = b.app.choices
    name = c.names[c.cursor]
    return (1 if name in CHOICES else 0), c.values[name]


def new_game_cmd(preset="classic", players=4, seed=1, **more):
    cmd = {"cmd": "new", "preset": preset, "players": players, "seed": seed}
    cmd.update(more)
    return cmd


def to_a_choice(b):
    """Presses until a person on turn has a real choice (two moves or more)."""
    while b.app.fixing() or b.game.needs_roll() or len(b.app.legal) < 2 or b.app.is_computer():
        if b.app.fixing():
            b.press("confirm")
        elif b.app.is_computer():
            b.wait(1500)
            if b.app.selected >= 0 and not b.game.needs_roll():
                b.press("confirm")
        elif b.game.needs_roll():
            b.press("roll")
        else:
            b.press("confirm") if b.app.selected >= 0 else b.press("select")


def hold_for_a_hint(b):
    """Select held until the long press counts (the hint asked), the key still down."""
    b.hw.keys.append(BUTTONS.index("select") * 2 + 1)
    for _ in range(300):
        b.app.step()
        b.hw.now += STEP_MS
        if b.app.jobs:
            return
    raise AssertionError("the long press was never taken as one")
