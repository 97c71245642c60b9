"""VirtualBoard: runs firmware/boot.py and code.py unchanged on CPython with the stand-in modules.

See README.md beside this file for the API and the timing contract.
"""
import json
import os
import queue
import shutil
import sys
import tempfile
import threading
import time
import tomllib

from .. import layout
from .._regular import open_regular

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = os.path.join(HERE, "stubs")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIRMWARE = os.path.join(REPO, "firmware")
HARDWARE = os.path.join(REPO, "hardware")
STUB_MODULES = ("_board_sim", "board", "neopixel", "keypad", "usb_cdc", "microcontroller",
                "supervisor", "watchdog")
SETTINGS_SOURCES = ("settings.toml", "settings.example.toml")


def _sim_module():
    """The stubs' _board_sim, imported from stubs/ whatever else is on sys.path."""
    import importlib.util
    mod = sys.modules.get("_board_sim")
    if mod is not None and getattr(mod, "__file__", "").startswith(STUBS):
        return mod
    spec = importlib.util.spec_from_file_location("_board_sim", os.path.join(STUBS, "_board_sim.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


sim_module = _sim_module()
_PURGE_ALL = sim_module._purge


def _purge_firmware(keep, names):
    """A reset's purge on a PC: the modules the firmware imported since it booted, only
    those of the firmware and the stand-ins (`names`: their top-level names).  The other
    threads of this process (`ludo-host web`'s logger and server) import too, and a module
    one of them is importing must not vanish under it."""
    for name in list(sys.modules):
        if name not in keep and name.split(".")[0] in names:
            del sys.modules[name]


def default_pixel_map():
    """The places in strip order: hardware/pixelmap.json, or every place in layout order."""
    path = os.path.join(HARDWARE, "pixelmap.json")
    try:
        with open(path) as f:
            pixels = json.load(f)["pixels"]
        if isinstance(pixels, list) and all(isinstance(p, str) for p in pixels):
            return pixels
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return layout.all_places()


CALLER_MARK = "# set by the virtual board's caller"


def read_settings(path):
    """settings.toml as a dict (the top-level keys only); ValueError (one line) if it is not TOML."""
    try:
        with open(path, "rb") as f:
            table = tomllib.load(f)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise ValueError("%s: not TOML: %s" % (path, exc)) from None
    return {k: v for k, v in table.items() if not isinstance(v, dict)}


def _setting_key(line):
    key, sep, _ = line.partition("=")
    return key.strip() if sep and not line.lstrip().startswith("#") else None


def _toml_value(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))


def prepare_drive(drive_dir, settings=None, write=True):
    """Make drive_dir look like a CIRCUITPY drive: settings.toml and pixelmap.json.

    Existing files are kept; `settings` overrides are written into settings.toml (with
    write=False, on a drive of the caller's, they are not: the board reads them from
    os.environ).  Returns the settings as a dict.
    """
    os.makedirs(drive_dir, exist_ok=True)
    toml_path = os.path.join(drive_dir, "settings.toml")
    if not os.path.exists(toml_path):
        for name in SETTINGS_SOURCES:
            src = os.path.join(HARDWARE, name)
            if os.path.exists(src):
                shutil.copyfile(src, toml_path)
                break
        else:
            with open(toml_path, "w") as f:
                f.write("# settings of the virtual board (all optional; see docs)\n")
    values = read_settings(toml_path)
    if settings:
        values.update(settings)
    if settings and write:
        # the file's own lines for these keys go (TOML takes a key once), the new ones are added
        with open(toml_path) as f:
            kept = [line for line in f.read().split("\n")
                    if _setting_key(line) not in settings and line != CALLER_MARK]
        while kept and not kept[-1].strip():
            kept.pop()
        lines = kept + ["", CALLER_MARK] + ["%s = %s" % (key, _toml_value(settings[key])) for key in sorted(settings)]
        with open(toml_path, "w") as f:
            f.write("\n".join(lines) + "\n")
    map_path = os.path.join(drive_dir, str(values.get("LUDO_PIXEL_MAP", "pixelmap.json")))
    if not os.path.exists(map_path):
        src = os.path.join(HARDWARE, "pixelmap.json")
        if os.path.exists(src):
            shutil.copyfile(src, map_path)
        else:
            with open(map_path, "w") as f:
                json.dump({"format": "ludo-pixelmap/1", "pixels": layout.all_places()}, f)
    return values


def read_pixel_map(drive_dir, values):
    path = os.path.join(drive_dir, str(values.get("LUDO_PIXEL_MAP", "pixelmap.json")))
    try:
        with open(path) as f:
            return list(json.load(f)["pixels"])
    except (OSError, ValueError, KeyError, TypeError):
        return default_pixel_map()


class _ThreadStdout:
    """sys.stdout that sends the firmware thread's prints to the board's console."""

    def __init__(self, real, board):
        self.real = real
        self.board = board

    def write(self, text):
        if threading.get_ident() == self.board._firmware_thread:
            self.board._console_write(text)
            return len(text)
        return self.real.write(text)

    def flush(self):
        if threading.get_ident() != self.board._firmware_thread:
            self.real.flush()

    def __getattr__(self, name):
        return getattr(self.real, name)


class VirtualBoard:
    """A virtual Ludo board running the real firmware. See README.md."""

    def __init__(self, *, firmware_dir=FIRMWARE, drive_dir=None, nvm_path=None, settings=None,
                 data_port="memory", realtime=False, all_frames=False, fresh_nvm=False,
                 echo_console=False):
        self.firmware_dir = os.path.abspath(str(firmware_dir))
        self._own_drive = drive_dir is None
        self.drive_dir = tempfile.mkdtemp(prefix="ludo-drive-") if drive_dir is None else str(drive_dir)
        # a drive of the caller's (--drive: a copy of CIRCUITPY, or the drive itself) is theirs:
        # the overrides reach the firmware through os.environ, not written into its settings.toml
        self.settings = prepare_drive(self.drive_dir, settings, write=self._own_drive)
        self.pixel_map = read_pixel_map(self.drive_dir, self.settings)
        self.realtime = realtime
        self.echo_console = echo_console
        self.console_text = []
        self.on_console = None        # function(text) for each piece the firmware prints
        self.sim = sim = sim_module.Sim()
        self.log = sim_module.FrameLog(all_frames)
        sim.on_frame = self._frame
        self.on_frame = None          # function(t_ms, frame_bytes) for each frame kept
        # function(frame_bytes) at every show of the strip, with the frame the app drew, before
        # brightness and the current limit (what docs/lights.md's pictures draw)
        self.on_show = None
        if data_port == "pty":
            from .pty_port import PtyPort
            sim.data = PtyPort()
        elif data_port != "memory":
            raise ValueError("data_port must be 'memory' or 'pty'")
        self.nvm_path = None if nvm_path is None else str(nvm_path)
        if self.nvm_path:
            if not fresh_nvm and os.path.exists(self.nvm_path):
                # A FIFO or a device is refused, not waited on; only the NVM's size is read.
                with open_regular(self.nvm_path) as f:
                    sim.nvm.load(f.read(len(sim.nvm.data)))
            else:
                self._save_nvm(sim.nvm.data)
            sim.nvm.on_write = self._save_nvm
        self._queue = queue.Queue()
        self._ready = threading.Event()
        self._thread = None
        self._firmware_thread = None
        self._error = None
        self._stopped = None
        self._saved = None
        self._t0 = None

    # ---- what the board shows and says --------------------------------------------
    @property
    def frames(self):
        return self.log.frames

    @property
    def data_port_path(self):
        return getattr(self.sim.data, "path", None)

    @property
    def data_out(self):
        return bytes(self.sim.data.from_board)

    @property
    def console(self):
        return "".join(self.console_text)

    @property
    def now_ms(self):
        return self.sim.now_ms

    @property
    def nvm(self):
        return self.sim.nvm

    @property
    def stop_reason(self):
        return self._stopped

    @property
    def app(self):
        """The firmware's running App, or None (snapshot.running_app: from a callback, or while
        a lock-step board is frozen)."""
        from .snapshot import running_app
        return running_app(self._firmware_thread)

    def pixels(self, index=-1):
        """A kept frame (default: the last) as a list of (r, g, b)."""
        if not self.frames:
            return []
        frame = self.frames[index][1]
        return [tuple(frame[i:i + 3]) for i in range(0, len(frame), 3)]

    def colour(self, place, index=-1):
        """(r, g, b) of a board place in a kept frame (default: the last)."""
        i = self.pixel_map.index(place)
        pixels = self.pixels(index)
        return pixels[i] if i < len(pixels) else (0, 0, 0)

    def _frame(self, pin, rgb):
        if self.on_show is not None:
            app = self.app
            self.on_show(bytes(app.frame) if app is not None else bytes(rgb))
        before = len(self.log.frames)
        self.log(pin, rgb)
        if self.on_frame is not None and len(self.log.frames) != before:
            self.on_frame(*self.log.frames[-1])

    def _console_write(self, text):
        self.console_text.append(text)
        if self.on_console is not None:
            self.on_console(text)
        elif self.echo_console and self._saved is not None:
            self._saved["stdout"].write(text)

    def _save_nvm(self, data):
        tmp = self.nvm_path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(bytes(data))
        os.replace(tmp, self.nvm_path)

    # ---- the process-wide setting the firmware runs in --------------------------------
    def _firmware_names(self):
        names = set(STUB_MODULES)
        for entry in os.listdir(self.firmware_dir):
            if entry.endswith(".py"):
                names.add(entry[:-3])
            elif os.path.isdir(os.path.join(self.firmware_dir, entry)):
                names.add(entry)
        return names

    def _enter(self):
        if self._saved is not None:
            return
        names = self._firmware_names()
        saved = {
            "path": list(sys.path),
            "cwd": os.getcwd(),
            "environ": {k: os.environ.get(k) for k in self.settings},
            "modules": {k: m for k, m in sys.modules.items()
                        if k.split(".")[0] in names},
            "stdout": sys.stdout,
            "names": names,
        }
        self._saved = saved
        for k in saved["modules"]:
            del sys.modules[k]
        sys.modules["_board_sim"] = sim_module
        sim_module.sim = self.sim
        sim_module._purge = lambda keep: _purge_firmware(keep, names)
        sys.path[:0] = [STUBS, self.firmware_dir]
        for key, value in self.settings.items():
            os.environ[key] = value if isinstance(value, str) else _toml_value(value)
        os.chdir(self.drive_dir)
        sys.stdout = _ThreadStdout(saved["stdout"], self)
        if self.realtime:
            self._t0 = time.monotonic()
            self.sim.real_clock = self._real_ms

    def _leave(self):
        saved = self._saved
        if saved is None:
            return
        self._saved = None
        sim_module._purge = _PURGE_ALL
        sys.stdout = saved["stdout"]
        os.chdir(saved["cwd"])
        for key, value in saved["environ"].items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        sys.path[:] = saved["path"]
        for k in [k for k in sys.modules if k.split(".")[0] in saved["names"]]:
            del sys.modules[k]
        sys.modules.update(saved["modules"])

    def _real_ms(self):
        return int((time.monotonic() - self._t0) * 1000)

    # ---- running ---------------------------------------------------------------------
    def _boot_and_run(self):
        self._firmware_thread = threading.get_ident()
        code = os.path.join(self.firmware_dir, "code.py")
        boot = os.path.join(self.firmware_dir, "boot.py")
        try:
            self._stopped = sim_module.boot_and_run(code, boot)
        finally:
            self._firmware_thread = None

    def check_script(self, text):
        """Raise ScriptError (one line, with the line number) for the first bad line of a script."""
        driver = sim_module.Driver(None, sim_module.Sim())
        for number, line in enumerate(text.split("\n"), 1):
            driver.line_no = number
            _check_line(number, line)
            try:
                driver.command(line)
            except (sim_module.Reset, sim_module.Stop):
                pass

    def run_script(self, text):
        """Boot and play a whole script on the simulated clock, in this thread. Returns why it stopped.

        With the board already started (lock-step), the lines are played there instead.
        """
        if self._thread is not None:
            for line in text.split("\n"):
                self.command(line)
            return None
        self.check_script(text)
        lines = text.split("\n")
        lines.reverse()
        return self.run(sim_module.Driver(lambda: lines.pop() if lines else None, self.sim).on_idle)

    def run(self, on_idle):
        """Boot and run in this thread; on_idle() is called at every empty key poll (raise
        sim_module.Stop there to end). Returns why it stopped."""
        self.sim.on_idle = on_idle
        self._enter()
        try:
            self._boot_and_run()
        finally:
            self._leave()
        return self._stopped

    def start(self):
        """Boot in a background thread; return when the firmware first waits for input."""
        if self._thread is not None:
            return self
        self._enter()
        if self.realtime:
            self.sim.on_idle = self._realtime_idle
        else:
            self.sim.on_idle = sim_module.Driver(self._next_line, self.sim).on_idle
        self._ready.clear()
        self._thread = threading.Thread(target=self._thread_main, name="virtual-board", daemon=True)
        self._thread.start()
        if not self.realtime:
            self._wait_ready()
        return self

    def _thread_main(self):
        try:
            self._boot_and_run()
        except BaseException as exc:       # handed to the caller
            self._error = exc
        finally:
            self._ready.set()

    def _next_line(self):
        """Driver's source in lock-step mode: freeze until the caller gives a line."""
        self._ready.set()
        line = self._queue.get()
        self._ready.clear()
        return line

    def _realtime_idle(self):
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is None:
                raise sim_module.Stop("stopped")
            self._driver_rt.command(line)
        time.sleep(0.002)

    @property
    def _driver_rt(self):
        driver = getattr(self, "_rt_driver", None)
        if driver is None:
            driver = self._rt_driver = sim_module.Driver(None, self.sim)
        return driver

    def _wait_ready(self):
        while not self._ready.wait(0.05):
            if self._thread is None or not self._thread.is_alive():
                break
        self._raise_error()

    def _raise_error(self):
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    @property
    def running(self):
        return self._thread is not None and self._thread.is_alive()

    def command(self, line):
        """Carry out one script line (lock-step: returns when it is done and the board is frozen)."""
        self.check_script(line)
        if self._thread is None:
            self.start()
        if not self._thread.is_alive():
            self._raise_error()
            raise RuntimeError("the virtual board is not running (%s)" % self._stopped)
        self._ready.clear()
        self._queue.put(line)
        if not self.realtime:
            self._wait_ready()

    def press(self, button, long=False):
        self.command(button + (" long" if long else ""))

    def wait(self, ms):
        if self.realtime:
            time.sleep(ms / 1000.0)
            self._raise_error()
        else:
            self.command("wait %d" % ms)

    def send(self, text):
        """PC -> board on the data channel (a line; "\\n" is added)."""
        self.command("data " + text)

    def reset(self):
        self.command("reset")

    def close(self):
        """Stop the firmware (like pulling the plug) and put the process back as it was."""
        if self._thread is not None:
            if self._thread.is_alive():
                self._queue.put(None)
                self._thread.join(10)
            self._thread = None
            self._leave()
        port = self.sim.data
        if hasattr(port, "close"):
            port.close()
        if self._own_drive:
            shutil.rmtree(self.drive_dir, ignore_errors=True)
            self._own_drive = False
        self._raise_error()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()


MAX_WAIT_MS = 3600 * 1000     # a script's longest wait: an hour (strict's longest deadline)


def _check_line(number, line):
    # What the stand-in's Driver takes but a script must not say (the Driver stays as small
    # as it is: it is on the heap the board benches measure beside).
    text = line.strip()
    parts = text.split(None, 1)
    if not parts or text[0] == "#":
        return
    word, rest = parts[0], parts[1].strip() if len(parts) > 1 else ""
    if word in ("press", "release") and rest not in sim_module.BUTTONS:
        raise sim_module.ScriptError("line %d: %r: unknown button %r (roll, select, confirm, back)"
                                     % (number, text, rest))
    if word == "wait":
        try:
            ms = int(rest)
        except ValueError:
            ms = -1
        if not 0 <= ms <= MAX_WAIT_MS:
            raise sim_module.ScriptError("line %d: %r: wait takes milliseconds, 0 to %d (an hour)"
                                         % (number, text, MAX_WAIT_MS))
    if word == "power-cut" and rest.startswith("-"):
        raise sim_module.ScriptError("line %d: %r: power-cut takes a byte count" % (number, text))
