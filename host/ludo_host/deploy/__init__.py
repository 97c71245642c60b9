"""`ludo-host deploy`: put the firmware on the board's CIRCUITPY drive.

Finds the drive (or takes ``--drive``), checks boot_out.txt for a supported
CircuitPython, then copies the tree under firmware/ (with ``--mpy-cross``, its
modules precompiled to .mpy) and hardware/pixelmap.json, adds missing LUDO_* keys
to settings.toml (never changing the user's values or comments) and installs the
neopixel library.

CircuitPython restarts code.py whenever the drive is written, and a cable can be
pulled or deploy killed at any moment, so:

- a single file (settings.toml, pixelmap.json, boot.py, code.py) is written to a
  temporary name in its folder, flushed and renamed over the old one;
- the modules (hw.py, ludo/, ludoboard/) are staged: the changed ones are written
  into a staging folder on the drive that nothing imports, then code.py is
  replaced by a guard that imports nothing, then each package folder is switched
  by renames (the unchanged files carried into the staged folder, the old folder
  moved aside, the staged one renamed into place), and only then the new code.py
  is written. At every moment code.py is the old one with the whole old set, the
  guard, or the new one with the whole new set; a deploy stopped in the middle
  leaves the guard, and the next deploy finishes the job (docs/build-guide.md).
"""
import os
import re
import sys
import time

from . import pixelmap
from .settings import MAP_NAME, SETTINGS, board_pins, merge_settings
from .find import MIN_VERSION, candidate_drives, find_drive, read_version
from .drive import (TMP_SUFFIX, DeployError, atomic_write, carry_over, check_inside, cluster_size,
                     free_bytes, fsync_folder, read_file, remove_tree, rescue, write_failure, write_new)
from .library import install_library
from .mpy import compile_firmware

__all__ = ["DeployError", "SETTINGS", "TMP_SUFFIX", "atomic_write", "merge_settings", "run", "add_arguments"]

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FIRMWARE_DIR = os.path.join(REPO, "firmware")
CODE = "code.py"                    # written last: its write is what restarts the board on the new firmware
BOOT = "boot.py"
SETTINGS_NAME = "settings.toml"
NOT_COPIED = (SETTINGS_NAME, MAP_NAME, "boot_out.txt")   # top-level names deploy handles itself
STAGE = ".ludo-stage"               # the changed modules, written before the switch (not importable)
OLD = ".ludo-old"                   # the old package folders, moved aside during the switch
# code.py during the switch: it imports nothing, so no mix of old and new modules can run.
GUARD = (b"# Put here by ludo-host deploy while it switches the firmware's modules; the deploy\n"
         b"# writes the real code.py when it is done. Still here: run ludo-host deploy again.\n"
         b"print(\"ludo: a deploy was stopped midway: run ludo-host deploy again\")\n")
# CircuitPython restarts code.py 500 ms after the last write (CIRCUITPY_AUTORELOAD_DELAY_MS):
# after the guard is written deploy waits this long, so that a program still running from
# the old code.py is restarted onto the guard before any module moves.
SETTLE_S = 1.5

# ---------------------------------------------------------------- planning

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
            files[rel] = read_file(os.path.join(folder, name), os.path.join(folder, name))
    return files


def is_module(rel):
    """True for a file code.py can import: every .py and .mpy but code.py and boot.py."""
    return rel.endswith((".py", ".mpy")) and rel not in (CODE, BOOT)


def is_staged(rel):
    """True for a file that goes through the staging folder: a module, or anything in a package."""
    return "/" in rel or is_module(rel)


def twin(rel):
    """'hw.mpy' for 'hw.py' and the other way round: the name that would be imported instead."""
    return rel[:-3] + ".mpy" if rel.endswith(".py") else rel[:-4] + ".py"


def _read(path):
    """A file on the drive (None when it is not there); a FIFO or a folder stops the deploy."""
    return read_file(path, path)


class Plan:
    """Everything deploy will do to one drive, worked out before anything is written."""

    def __init__(self, drive, firmware_dir, map_path, replace_map, board="", version=None, version_text="",
                 mpy_cross=None):
        self.drive = drive
        self.root = os.path.realpath(drive)
        self.pins = board_pins(board)
        self.settings = tuple((key, self.pins.get(key, value), comment) for key, value, comment in SETTINGS)
        self.board = board
        self.writes = []        # (relative path, bytes, "new" | "changed")
        self.unchanged = []
        self.removals = []      # stale modules of firmware packages, and a module's twin (.py/.mpy)
        self.leftovers = []     # what an interrupted deploy left: temporary files, staging folders
        self.notes = []
        self.settings_added = []
        if not os.path.isdir(firmware_dir):
            raise DeployError("no firmware folder at %s (give it with --firmware DIR)" % firmware_dir)
        files = firmware_files(firmware_dir)
        if CODE not in files:
            raise DeployError("%s has no %s: nothing to deploy" % (firmware_dir, CODE))
        if mpy_cross:
            files = compile_firmware(mpy_cross, files, version, version_text)
        self.code = files[CODE]
        self.files = files
        self._check_links(files)
        self._plan_map(map_path, replace_map, files)
        self._plan_settings(files)
        for rel in sorted(files, key=lambda r: (r == CODE, r.count("/") == 0, r)):
            if rel != CODE:
                self._compare(rel, files[rel])
        self._plan_removals(files)
        self._compare(CODE, files[CODE])        # last, always
        self.staged = [w for w in self.writes if is_staged(w[0])]
        self.switch = bool(self.staged) or any(is_staged(rel) for rel in self.removals)

    def _check_links(self, files):
        """Every place deploy may write or remove must stay on the drive (links resolved)."""
        names = set(files) | {MAP_NAME, SETTINGS_NAME, "lib", "lib/neopixel.py", "lib/neopixel.mpy"}
        names |= {rel.split("/")[0] for rel in files if "/" in rel}
        names |= {twin(rel) for rel in files if is_module(rel)}
        for rel in sorted(names):
            check_inside(self.root, self.drive, rel)

    def _compare(self, rel, data):
        old = _read(os.path.join(self.drive, *rel.split("/")))
        if old == data:
            self.unchanged.append(rel)
        else:
            self.writes.append((rel, data, "new" if old is None else "changed"))

    def _plan_map(self, map_path, replace_map, files):
        explicit = map_path is not None
        map_path = map_path or pixelmap.DEFAULT_PATH
        data = read_file(map_path, map_path)
        if data is None:
            raise DeployError("%s: cannot read (no such file); nothing was copied" % map_path)
        try:
            places = pixelmap.loads(data.decode("utf-8"), str(map_path))
        except UnicodeDecodeError:
            raise DeployError("%s: not UTF-8 text; nothing was copied" % map_path)
        problems = pixelmap.check(places)
        if problems:
            raise DeployError("%s: %s%s (nothing copied)" % (map_path, problems[0], " and %d more problems"
                                                             % (len(problems) - 1) if len(problems) > 1 else ""))
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
        """Old .py/.mpy files inside the firmware's own packages, and the other form of a module
        (on the board a stale .py is imported before the new .mpy; a stale .mpy only confuses)."""
        for name in (STAGE, OLD):
            if os.path.lexists(os.path.join(self.drive, name)):
                self.leftovers.append(name)
        for folder, dirs, names in os.walk(self.drive):
            rel_folder = os.path.relpath(folder, self.drive).replace(os.sep, "/")
            if rel_folder == ".":
                dirs[:] = [d for d in dirs if d not in (STAGE, OLD)]
            for name in names:
                rel = name if rel_folder == "." else rel_folder + "/" + name
                if name.endswith(TMP_SUFFIX):
                    self.leftovers.append(rel)
                    continue
                package = rel.split("/")[0]
                if not is_module(rel) or rel in files:
                    continue
                if "/" in rel:
                    if package + "/__init__.py" in files or package + "/__init__.mpy" in files:
                        self.removals.append(rel)
                elif twin(rel) in files:
                    self.removals.append(rel)
        self.leftovers.sort()
        self.removals.sort()

    def bytes_needed(self):
        """Room for everything deploy writes: the old files stay until the switch, so every
        written file counts whole, in the drive's clusters, with a cluster per staged folder."""
        cluster = cluster_size(self.drive)
        need = sum(-(-len(data) // cluster) * cluster for _, data, _ in self.writes)
        if self.switch:
            folders = {rel.rsplit("/", 1)[0] for rel, _, _ in self.staged if "/" in rel}
            need += cluster * (len(folders) + 2) + -(-len(GUARD) // cluster) * cluster
        return need


def execute(plan, version, dry_run, verbose, say):
    """Carry the plan out (or only list it, with dry_run). Returns the library instruction or None.

    Order: what an interrupted deploy left, the single files but code.py, the library, then
    either code.py alone or, when modules change, the staging, the guard, the switch and
    code.py (its write is the restart that matters)."""
    drive = plan.drive
    current = [None]
    state = ["before"]

    def at(rel, base=drive):
        return os.path.join(base, *rel.split("/"))

    def do(rel, text, action):
        current[0] = rel
        if dry_run:
            say("would %s" % text)
        else:
            action()
            say(text)

    try:
        for rel in plan.leftovers:
            if rel in (STAGE, OLD) and not dry_run:
                rescue(at(rel), drive, plan.files)
            do(rel, "remove %s (left by an interrupted deploy)" % rel, lambda: remove_tree(at(rel)))
        for rel, data, status in plan.writes:
            if rel != CODE and not is_staged(rel):
                _write_single(plan, rel, data, status, do, at)
        current[0] = "lib/"
        library_note = install_library(drive, version, dry_run, say)
        if plan.switch:
            _stage(plan, do, at)
            _guard(dry_run, do, at)
            state[0] = "switching"
            _switch(plan, dry_run, do, at, say)
            state[0] = "done"
            current[0] = OLD
            if not dry_run:
                remove_tree(at(OLD))
                os.rmdir(at(STAGE))
                fsync_folder(drive)
        else:
            for rel, data, status in plan.writes:
                if rel == CODE:
                    _write_single(plan, rel, data, status, do, at)
    except OSError as exc:
        if state[0] == "before":
            after = "no file is half-written and the board still runs the old firmware"
            if not dry_run:
                try:
                    remove_tree(at(STAGE))       # give the room back
                except OSError:
                    pass
        elif state[0] == "switching":
            after = "code.py is a guard that runs nothing (no mix of old and new modules)"
        else:
            after = "the new firmware is in place"
        raise DeployError(write_failure(exc, current[0], drive, plan.bytes_needed(),
                                        after + "; run ludo-host deploy again"))
    if verbose:
        for rel in plan.unchanged:
            say("unchanged %s" % rel)
    return library_note


def _write_single(plan, rel, data, status, do, at):
    """One file written whole under a temporary name and renamed into place."""
    target = at(rel)
    if rel == SETTINGS_NAME:
        status += ": added " + ", ".join(plan.settings_added)

    def action():
        os.makedirs(os.path.dirname(target), exist_ok=True)
        atomic_write(target, data)
    do(rel, "write %s (%s)" % (rel, status), action)


def _stage(plan, do, at):
    """The changed modules into the staging folder, which no import looks in."""
    stage = at(STAGE)
    for rel, data, status in plan.staged:
        target = at(rel, stage)

        def action():
            os.makedirs(os.path.dirname(target), exist_ok=True)
            write_new(target, data)
        do(rel, "write %s (%s)" % (rel, status), action)


def _guard(dry_run, do, at):
    """code.py becomes the guard, and the board has time to restart onto it."""
    if os.path.lexists(at(CODE)):     # with no code.py nothing runs from the old modules: no guard needed
        do(CODE, "write %s (a guard while the modules switch)" % CODE, lambda: atomic_write(at(CODE), GUARD))
        if not dry_run:
            time.sleep(SETTLE_S)


def _switch(plan, dry_run, do, at, say):
    """Switch by renames, then code.py: at no moment does code.py import a mix."""
    drive, stage, old = plan.drive, at(STAGE), at(OLD)
    staged = [rel for rel, _, _ in plan.staged]
    for rel in staged:
        if "/" not in rel:
            do(rel, "switch to the new %s" % rel, lambda: os.replace(at(rel, stage), at(rel)))
    for rel in plan.removals:
        if "/" not in rel:
            do(rel, "remove %s (no longer part of the firmware)" % rel, lambda: os.remove(at(rel)))
    packages = sorted({rel.split("/")[0] for rel in staged + plan.removals if "/" in rel})
    for package in packages:
        inner = len(package) + 1
        keep_out = {rel[inner:] for rel in staged + plan.removals if rel.startswith(package + "/")}

        def action():
            new, here = at(package, stage), at(package)
            os.makedirs(new, exist_ok=True)
            if os.path.isdir(here):
                carry_over(here, new, keep_out)
            if os.path.lexists(here):
                os.makedirs(old, exist_ok=True)
                os.rename(here, at(package, old))
            os.rename(new, here)
            fsync_folder(drive)
        do(package + "/", "switch to the new %s/" % package, action)
        for rel in plan.removals:
            if rel.startswith(package + "/"):
                say("%sremove %s (no longer part of the firmware)" % ("would " if dry_run else "", rel))
    status = next((status for rel, _, status in plan.writes if rel == CODE), "back after the switch")
    _write_single(plan, CODE, plan.code, status, do, at)


# ---------------------------------------------------------------- command

def add_arguments(parser):
    parser.add_argument("--drive", help="the CIRCUITPY drive's folder (default: found automatically)")
    parser.add_argument("--dry-run", action="store_true", help="list what would be done, write nothing")
    parser.add_argument("--firmware", default=FIRMWARE_DIR, help="firmware folder to copy (default: firmware/)")
    parser.add_argument("--mpy-cross", metavar="PATH", default=None,
                        help="CircuitPython's own mpy-cross: copy the modules precompiled to .mpy "
                             "(default: plain .py files)")
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
        plan = Plan(drive, args.firmware, args.pixelmap, args.replace_map, board, version, version_text,
                    getattr(args, "mpy_cross", None))
        if not args.dry_run:
            free, need = free_bytes(drive), plan.bytes_needed()
            if free is not None and need > free:
                raise DeployError("the drive is full (%d bytes free, %d needed): delete files you do not need "
                                  "on %s; nothing was copied" % (free, need, drive))
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
    if getattr(args, "mpy_cross", None):
        summary += " (modules precompiled to .mpy)"
    say(("dry run (nothing written): " if args.dry_run else "deployed: ") + summary)
    if BOOT in changed and not args.dry_run:
        say("boot.py changed: press the board's reset button (or unplug and replug it) for it to take effect")
    if library_note:                # (the board cannot start without it: not a success)
        print("ludo-host deploy: error: %s" % library_note, file=sys.stderr)
        return 1
    return 0

