"""`ludo-host deploy`: put the firmware on the board's CIRCUITPY drive.

Finds the drive (or takes ``--drive``), checks boot_out.txt for a supported
CircuitPython, then copies the tree under firmware/ and hardware/pixelmap.json,
adds missing LUDO_* keys to settings.toml (never changing the user's values or
comments), installs the neopixel library and copies code.py last.

CircuitPython restarts code.py whenever the drive is written, and a cable can
be pulled at any moment, so every file is written to a temporary name in the
same folder, flushed to the device and renamed over the old one: a file on the
drive is always either the old one or the new one, never half of each.
"""
import errno
import importlib.util
import os
import re
import shutil
import subprocess
import sys

from . import pixelmap

MIN_VERSION = (9, 0)
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE_DIR = os.path.join(REPO, "firmware")
CODE = "code.py"                    # written last: its write is what restarts the board on the new firmware
MAP_NAME = "pixelmap.json"
SETTINGS_NAME = "settings.toml"
NOT_COPIED = (SETTINGS_NAME, MAP_NAME, "boot_out.txt")   # top-level names deploy handles itself
TMP_SUFFIX = ".ludo-tmp"
CIRCUP_TIMEOUT_S = 180
LIBRARY = "neopixel"

# (key, TOML value, comment): SPEC section 3, the board's defaults for a Pico.
SETTINGS = (
    ("LUDO_PIXEL_PIN", '"GP2"', "Data pin of the strip (through the 74AHCT125 and the 470 ohm resistor)."),
    ("LUDO_PIXEL_COUNT", "99", "Pixels on the strip: 52 track, 20 home column, 16 yard, 4 centre, 7 die."),
    ("LUDO_PIXEL_ORDER", '"GRB"', "Colour order: GRB for WS2812B, often RGB for WS2811 pixel strings."),
    ("LUDO_BRIGHTNESS", "30", "Brightness in percent."),
    ("LUDO_CURRENT_BUDGET_MA", "500", "Frames are scaled to stay under this many mA: 500 on USB "
                                      "(see hardware/power-budget.md)."),
    ("LUDO_BUTTON_PINS", '"GP10,GP11,GP12,GP13"', "Roll, select, confirm, back: each pin to GND when pressed."),
    ("LUDO_PIXEL_MAP", '"%s"' % MAP_NAME, "Which board place each pixel lights."),
    ("LUDO_MAP_CHECK", "0", "1 = light the pixels one by one at start, to check the strip against the map."),
    ("LUDO_LINE_NUMBERS", "0", "1 = line numbers in tracebacks on the console (the code then takes about 2 KB "
                               "more of the board's heap)."),
    ("LUDO_SKIP_FIXUPS", "0", "1 = no confirm after tokens must be put right by hand: for a board without "
                              "wooden tokens (the virtual board sets it)."),
)
# Boards whose pins are not the Pico's GP names (boot_out.txt names the board): the
# pins deploy writes for them instead.  The Pico, Pico W, Pico 2 (RP2350) take SETTINGS'.
BOARD_PINS = (
    ("Feather RP2040", {"LUDO_PIXEL_PIN": '"D5"', "LUDO_BUTTON_PINS": '"D6,D9,D10,D11"'}),
)
SETTINGS_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")
VERSION = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)(\S*)(?: on [^;\n]*; ([^\n]*))?")


class DeployError(Exception):
    """A one-line reason why deploy stopped."""


# ---------------------------------------------------------------- finding the drive

def _unescape_mount(path):
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), path)


def _windows_drives():
    import ctypes
    import string
    kernel32 = ctypes.windll.kernel32
    mask = kernel32.GetLogicalDrives()
    for i, letter in enumerate(string.ascii_uppercase):
        if i < 2 or not mask & (1 << i):
            continue                # A: and B: may be floppy drives that ask for a disk
        root = letter + ":\\"
        label = ctypes.create_unicode_buffer(261)
        if kernel32.GetVolumeInformationW(ctypes.c_wchar_p(root), label, 261, None, None, None, None, 0):
            if re.match(r"^CIRCUITPY\d*$", label.value.upper()):
                yield root


def candidate_drives(platform=sys.platform, mounts="/proc/mounts", volumes="/Volumes"):
    """Folders where a CIRCUITPY drive may be mounted on this computer."""
    found = []
    if platform == "win32":
        found += list(_windows_drives())
    elif platform == "darwin":
        if os.path.isdir(volumes):
            found += [os.path.join(volumes, n) for n in sorted(os.listdir(volumes))
                      if re.match(r"^CIRCUITPY\d*$", n)]
    else:
        try:
            with open(mounts, encoding="utf-8", errors="replace") as f:
                for line in f:
                    fields = line.split()
                    if len(fields) > 1:
                        mount = _unescape_mount(fields[1])
                        if re.match(r"^CIRCUITPY\d*$", os.path.basename(mount)):
                            found.append(mount)
        except OSError:
            pass
        user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
        found += ["/media/%s/CIRCUITPY" % user, "/run/media/%s/CIRCUITPY" % user, "/media/CIRCUITPY",
                  "/mnt/CIRCUITPY"]
    unique = []
    for path in found:
        if path not in unique:
            unique.append(path)
    return unique


def find_drive():
    """The one mounted CIRCUITPY drive, or DeployError."""
    drives = [p for p in candidate_drives() if os.path.isfile(os.path.join(p, "boot_out.txt"))]
    if not drives:
        raise DeployError("no CIRCUITPY drive found: plug the board in (a USB data cable, not a charge-only one) "
                          "or give its folder with --drive PATH")
    if len(drives) > 1:
        raise DeployError("several CIRCUITPY drives found (%s): choose one with --drive PATH" % ", ".join(drives))
    return drives[0]


def read_version(drive):
    """((major, minor, micro), 'x.y.z-suffix', board) from the drive's boot_out.txt."""
    path = os.path.join(drive, "boot_out.txt")
    try:
        with open(path, "rb") as f:
            text = f.read(4096).decode("utf-8", "replace")
    except FileNotFoundError:
        raise DeployError("%s has no boot_out.txt: is it a CIRCUITPY drive? (CircuitPython writes the file "
                          "when it starts; install CircuitPython %d.%d or newer first)" % ((drive,) + MIN_VERSION))
    except OSError as exc:
        raise DeployError("cannot read %s: %s" % (path, exc.strerror or exc))
    m = VERSION.search(text)
    if not m:
        first = text.strip().splitlines()[0] if text.strip() else "(empty)"
        raise DeployError("%s does not name a CircuitPython version (it says %r): this firmware needs "
                          "CircuitPython %d.%d or newer" % ((path, first[:80]) + MIN_VERSION))
    version = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return version, "%d.%d.%d%s" % (version + (m.group(4),)), (m.group(5) or "unknown board").strip()


# ---------------------------------------------------------------- planning

def board_pins(board):
    """The pins BOARD_PINS gives `board` (boot_out.txt's name); {} for a Pico."""
    for name, pins in BOARD_PINS:
        if name.lower() in board.lower():
            return pins
    return {}


def firmware_files(root):
    """{relative path with '/': bytes} of everything under firmware/ the board needs."""
    files = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                continue
            rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            if rel in NOT_COPIED:
                continue
            with open(os.path.join(folder, name), "rb") as f:
                files[rel] = f.read()
    return files


def merge_settings(text, settings=SETTINGS):
    """(new text, added keys): ``text`` with the missing keys added; every existing line kept as it is."""
    newline = "\r\n" if "\r\n" in text else "\n"
    present = set()
    table_at = None
    lines = text.splitlines(True)
    for i, line in enumerate(lines):
        m = SETTINGS_KEY.match(line)
        if m and table_at is None:
            present.add(m.group(1))
        if table_at is None and line.lstrip().startswith("["):
            table_at = i        # CircuitPython reads only the keys before the first [table]
    missing = [s for s in settings if s[0] not in present]
    if not missing:
        return text, []
    block = ["# Ludo board settings added by ludo-host deploy (docs/build-guide.md). Change the values as you",
             "# like: deploy never overwrites a value that is already here."]
    for key, value, comment in missing:
        block += ["# " + comment, "%s = %s" % (key, value)]
    block = newline.join(block) + newline
    if table_at is None:
        head = "".join(lines)
        if head and not head.endswith("\n"):
            head += newline
        if head.strip():
            head += newline
        return head + block, [k for k, _, _ in missing]
    head, tail = "".join(lines[:table_at]), "".join(lines[table_at:])
    if head and not head.endswith("\n"):
        head += newline
    return head + block + newline + tail, [k for k, _, _ in missing]


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def local_neopixel():
    """Path of Adafruit's neopixel.py installed on this computer (PyPI adafruit-circuitpython-neopixel), or None."""
    try:
        spec = importlib.util.find_spec(LIBRARY)
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None) if spec else None
    if not origin or not origin.endswith(".py") or not os.path.isfile(origin):
        return None
    with open(origin, "rb") as f:
        source = f.read()
    return origin if b"adafruit_pixelbuf" in source and b"class NeoPixel" in source else None


class Plan:
    """Everything deploy will do to one drive, worked out before anything is written."""

    def __init__(self, drive, firmware_dir, map_path, replace_map, board=""):
        self.drive = drive
        self.pins = board_pins(board)
        self.settings = tuple((key, self.pins.get(key, value), comment) for key, value, comment in SETTINGS)
        self.board = board
        self.writes = []        # (relative path, bytes, "new" | "changed")
        self.unchanged = []
        self.removals = []      # stale modules of firmware packages
        self.leftovers = []     # temporary files of an interrupted deploy
        self.notes = []
        self.settings_added = []
        if not os.path.isdir(firmware_dir):
            raise DeployError("no firmware folder at %s (give it with --firmware DIR)" % firmware_dir)
        files = firmware_files(firmware_dir)
        if CODE not in files:
            raise DeployError("%s has no %s: nothing to deploy" % (firmware_dir, CODE))
        self._plan_map(map_path, replace_map, files)
        self._plan_settings(files)
        for rel in sorted(files, key=lambda r: (r == CODE, r.count("/") == 0, r)):
            if rel != CODE:
                self._compare(rel, files[rel])
        self._plan_removals(files)
        self._compare(CODE, files[CODE])        # last, always

    def _compare(self, rel, data):
        old = _read(os.path.join(self.drive, rel))
        if old == data:
            self.unchanged.append(rel)
        else:
            self.writes.append((rel, data, "new" if old is None else "changed"))

    def _plan_map(self, map_path, replace_map, files):
        explicit = map_path is not None
        map_path = map_path or pixelmap.DEFAULT_PATH
        places = pixelmap.load(map_path)
        problems = pixelmap.check(places)
        if problems:
            raise DeployError("%s: %s%s (nothing copied)" % (map_path, problems[0], " and %d more problems"
                                                             % (len(problems) - 1) if len(problems) > 1 else ""))
        with open(map_path, "rb") as f:
            data = f.read()
        on_drive = _read(os.path.join(self.drive, MAP_NAME))
        self.map_count = len(places)
        if on_drive is not None and on_drive != data and not (explicit or replace_map):
            self.notes.append("kept the drive's %s: it differs from %s (your own map?); --replace-map puts the "
                              "default back" % (MAP_NAME, os.path.basename(map_path)))
            try:
                mine = pixelmap.loads(on_drive.decode("utf-8"), MAP_NAME)
                self.map_count = len(mine)
                bad = pixelmap.check(mine)
                if bad:
                    self.notes.append("warning: the drive's %s has %d problems, the first: %s"
                                      % (MAP_NAME, len(bad), bad[0]))
            except (pixelmap.PixelMapError, UnicodeDecodeError) as exc:
                self.notes.append("warning: the drive's %s cannot be read: %s" % (MAP_NAME, exc))
            self.unchanged.append(MAP_NAME)
            return
        files[MAP_NAME] = data

    def _plan_settings(self, files):
        raw = _read(os.path.join(self.drive, SETTINGS_NAME))
        if raw is None:
            text, bom = "", ""
        else:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                self.notes.append("warning: %s is not UTF-8 text: left as it is; add the LUDO_* keys yourself "
                                  "(docs/build-guide.md)" % SETTINGS_NAME)
                return
            bom = "\ufeff" if text.startswith("\ufeff") else ""
            text = text[len(bom):]
        new, self.settings_added = merge_settings(text, self.settings)
        added = [key for key in sorted(self.pins) if key in self.settings_added]
        if added:
            self.notes.append("settings.toml: the %s's pins, %s (docs/build-guide.md)" % (
                self.board, ", ".join("%s = %s" % (key, self.pins[key]) for key in added)))
        if self.settings_added:
            files[SETTINGS_NAME] = (bom + new).encode("utf-8")
        else:
            self.unchanged.append(SETTINGS_NAME)
        count = re.search(r"^\s*LUDO_PIXEL_COUNT\s*=\s*(\d+)", new, re.M)
        if count and int(count.group(1)) != self.map_count:
            self.notes.append("warning: settings.toml says LUDO_PIXEL_COUNT = %s but the pixel map has %d pixels"
                              % (count.group(1), self.map_count))

    def _plan_removals(self, files):
        """Old .py/.mpy files inside the firmware's own packages (a stale .mpy would shadow the new .py)."""
        for folder, dirs, names in os.walk(self.drive):
            rel_folder = os.path.relpath(folder, self.drive).replace(os.sep, "/")
            for name in names:
                rel = name if rel_folder == "." else rel_folder + "/" + name
                if name.endswith(TMP_SUFFIX):
                    self.leftovers.append(rel)
                    continue
                package = rel.split("/")[0]
                if ("/" in rel and name.endswith((".py", ".mpy")) and rel not in files
                        and package + "/__init__.py" in files):
                    self.removals.append(rel)
        self.leftovers.sort()
        self.removals.sort()

    def bytes_needed(self):
        need = 0
        for rel, data, _ in self.writes:
            old = _read(os.path.join(self.drive, rel))
            need += len(data) - (len(old) if old else 0) + 4096   # a FAT cluster of slack per file
        return need + max([len(d) for _, d, _ in self.writes] or [0])  # the temporary copy of the largest file


# ---------------------------------------------------------------- writing

def atomic_write(path, data):
    """Write ``data`` to ``path`` so that ``path`` is always the old or the new file, never a mix."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, "." + name + TMP_SUFFIX)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):          # make the rename itself durable where the OS allows it
        try:
            fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            pass


def install_library(drive, version, dry_run, say):
    """Put the neopixel library in lib/: circup, else Adafruit's neopixel.py from this computer, else explain.

    Returns None when the library is there (or would be), else a one-line instruction."""
    for name in ("neopixel.mpy", "neopixel.py"):
        if os.path.isfile(os.path.join(drive, "lib", name)):
            say("unchanged lib/%s (the %s library is already installed)" % (name, LIBRARY))
            return None
    manual = ("copy neopixel.mpy from the lib/ folder of the Adafruit CircuitPython Bundle for CircuitPython "
              "%d.x (adafruit-circuitpython-bundle-%d.x-mpy-*.zip, circuitpython.org/libraries) into %s"
              % (version[0], version[0], os.path.join(drive, "lib", "")))
    circup = shutil.which("circup")
    local = local_neopixel()
    if dry_run:
        if circup:
            say("would run circup --path %s install %s" % (drive, LIBRARY))
        elif local:
            say("would write lib/neopixel.py (new, from %s)" % local)
        else:
            return "the %s library is not on the drive and circup is not installed: %s" % (LIBRARY, manual)
        return None
    why = "circup is not installed (pip install circup)"
    if circup:
        say("running circup --path %s install %s" % (drive, LIBRARY))
        try:
            done = subprocess.run([circup, "--path", drive, "install", LIBRARY], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=CIRCUP_TIMEOUT_S)
            lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
            why = "circup could not install it (%s)" % (lines[-1].strip() if lines else "exit %d" % done.returncode)
        except (OSError, subprocess.TimeoutExpired) as exc:
            why = "circup could not run (%s)" % exc
        for name in ("neopixel.mpy", "neopixel.py"):
            if os.path.isfile(os.path.join(drive, "lib", name)):
                say("write lib/%s (new, installed by circup)" % name)
                return None
    if local:
        with open(local, "rb") as f:
            data = f.read()
        os.makedirs(os.path.join(drive, "lib"), exist_ok=True)
        atomic_write(os.path.join(drive, "lib", "neopixel.py"), data)
        say("write lib/neopixel.py (new, from %s; %s)" % (local, why))
        return None
    return "the %s library is not installed: %s; %s" % (LIBRARY, why, manual)


def execute(plan, version, dry_run, verbose, say):
    """Carry the plan out (or only list it, with dry_run). Returns the library instruction or None.

    Order: leftovers of an interrupted deploy, every file but code.py, stale modules, the library,
    code.py (its write is the restart that matters)."""
    drive = plan.drive
    current = [None]

    def do(rel, done_text, action):
        current[0] = rel
        if dry_run:
            say("would %s" % done_text)
        else:
            action()
            say(done_text)

    def remove(rel, why):
        do(rel, "remove %s (%s)" % (rel, why), lambda: os.remove(os.path.join(drive, *rel.split("/"))))

    def write(rel, data, status):
        target = os.path.join(drive, *rel.split("/"))
        if rel == SETTINGS_NAME:
            status += ": added " + ", ".join(plan.settings_added)

        def action():
            os.makedirs(os.path.dirname(target), exist_ok=True)
            atomic_write(target, data)
        do(rel, "write %s (%s)" % (rel, status), action)

    try:
        for rel in plan.leftovers:
            remove(rel, "left by an interrupted deploy")
        for rel, data, status in plan.writes:
            if rel != CODE:
                write(rel, data, status)
        for rel in plan.removals:
            remove(rel, "no longer part of the firmware")
        current[0] = "lib/"
        library_note = install_library(drive, version, dry_run, say)
        for rel, data, status in plan.writes:
            if rel == CODE:
                write(rel, data, status)
    except OSError as exc:
        if getattr(exc, "errno", None) in (errno.EROFS, errno.EACCES, errno.EPERM):
            hint = ("the drive is read-only to this computer (write-protected, or a boot.py that remounts it "
                    "for the board?)")
        else:
            hint = "was the board unplugged? plug it back in and run ludo-host deploy again"
        raise DeployError("could not write %s (%s): %s is not half-written; %s"
                          % (current[0], exc.strerror or exc, CODE, hint))
    if verbose:
        for rel in plan.unchanged:
            say("unchanged %s" % rel)
    return library_note


# ---------------------------------------------------------------- command

def add_arguments(parser):
    parser.add_argument("--drive", help="the CIRCUITPY drive's folder (default: found automatically)")
    parser.add_argument("--dry-run", action="store_true", help="list what would be done, write nothing")
    parser.add_argument("--firmware", default=FIRMWARE_DIR, help="firmware folder to copy (default: firmware/)")
    parser.add_argument("--pixelmap", default=None,
                        help="pixel map to copy as pixelmap.json (default: hardware/pixelmap.json)")
    parser.add_argument("--replace-map", action="store_true",
                        help="overwrite a pixelmap.json on the drive that differs from the default map")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list the files that are unchanged")


def run(args):
    def say(line):
        print(line, flush=True)

    try:
        drive = args.drive or find_drive()
        if not os.path.isdir(drive):
            raise DeployError("%s is not a folder (is the board plugged in?)" % drive)
        version, version_text, board = read_version(drive)
        if version[:2] < MIN_VERSION:
            raise DeployError("CircuitPython %s found on %s; this firmware needs %d.%d or newer: update "
                              "CircuitPython on the board first (docs/build-guide.md), nothing was copied"
                              % ((version_text, drive) + MIN_VERSION))
        say("found CircuitPython %s (%s) on %s" % (version_text, board, drive))
        plan = Plan(drive, args.firmware, args.pixelmap, args.replace_map, board)
        if not args.dry_run:
            free = shutil.disk_usage(drive).free
            if plan.bytes_needed() > free:
                raise DeployError("not enough room on %s: %d KB needed, %d KB free (delete files you do not need; "
                                  "nothing was copied)" % (drive, plan.bytes_needed() // 1024, free // 1024))
        library_note = execute(plan, version, args.dry_run, args.verbose, say)
    except (DeployError, pixelmap.PixelMapError) as exc:
        print("ludo-host deploy: error: %s" % exc, file=sys.stderr)
        return 1
    except OSError as exc:      # reading the drive before anything was written
        print("ludo-host deploy: error: could not read %s (%s); nothing was written"
              % (getattr(exc, "filename", None) or "the drive", exc.strerror or exc), file=sys.stderr)
        return 1
    for note in plan.notes:
        say(note)
    changed = [rel for rel, _, _ in plan.writes]
    summary = "%d files %s, %d unchanged, %d removed" % (
        len(changed), "to write" if args.dry_run else "written", len(plan.unchanged),
        len(plan.removals) + len(plan.leftovers))
    say(("dry run (nothing written): " if args.dry_run else "deployed: ") + summary)
    if "boot.py" in changed and not args.dry_run:
        say("boot.py changed: press the board's reset button (or unplug and replug it) for it to take effect")
    if library_note:
        print("ludo-host deploy: warning: %s" % library_note, file=sys.stderr)
    return 0
