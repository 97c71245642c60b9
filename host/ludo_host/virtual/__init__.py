"""`ludo-host board`: the attached board (hand over to the logger), or a virtual board.

The virtual board runs firmware/code.py unchanged with stand-in CircuitPython
modules; see README.md beside this file.
"""
import argparse
import json
import os
import select
import sys
import threading
import time
from datetime import datetime, timezone

from .engine import VirtualBoard, read_settings, sim_module  # noqa: F401  (the package's API)

from .. import ports  # noqa: E402
from .._lock import LockHeld, PathLock  # noqa: E402
from ..words import count  # noqa: E402
from ..ports import DATA_DIR, publish_virtual_port, withdraw_virtual_port  # noqa: E402

DEFAULT_NVM = os.path.join(DATA_DIR, "nvm.bin")
POLL_S = 0.005                 # terminal key poll while the firmware idles
WORDS_S = 0.1                  # how often the status in words is brought up to date
# The board in the terminal has no wooden tokens: nothing to put right by hand (unless
# --set or the drive's settings.toml says otherwise).  Headless runs keep a real board's.
TERMINAL_SETTINGS = {"LUDO_SKIP_FIXUPS": 1}


def add_arguments(parser):
    parser.add_argument("--virtual", action="store_true",
                        help="run the virtual board even when a real board is attached")
    parser.add_argument("--headless", action="store_true",
                        help="no terminal: play --script on a simulated clock, write --frames")
    parser.add_argument("--script", metavar="FILE", help="button presses to play (headless; '-' = stdin)")
    parser.add_argument("--frames", metavar="OUT", help="write each changed frame as JSON lines (headless)")
    parser.add_argument("--all-frames", action="store_true", help="write every show(), changed or not")
    parser.add_argument("--data-out", metavar="OUT", help="write what the board sent on its data channel")
    parser.add_argument("--console", metavar="OUT", help="write what the firmware printed (headless)")
    parser.add_argument("--nvm", metavar="PATH", default=None,
                        help="file that keeps the board's NVM, i.e. the saved game "
                             "(default %s; headless: none unless given)" % DEFAULT_NVM.replace(
                                 os.path.expanduser("~"), "~"))
    parser.add_argument("--fresh", action="store_true", help="start with an erased NVM")
    parser.add_argument("--drive", metavar="DIR",
                        help="folder standing in for the CIRCUITPY drive (settings.toml, pixelmap.json)")
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[],
                        help="a settings.toml value, e.g. --set LUDO_BRIGHTNESS=100 (what the virtual "
                             "LEDs emit; the terminal draws its colours brightened whatever it is). In "
                             "the terminal the board skips the token fix-ups (no wooden tokens: "
                             "LUDO_SKIP_FIXUPS=1); --set LUDO_SKIP_FIXUPS=0 asks for them as a real "
                             "board does")
    parser.add_argument("--firmware", metavar="DIR", help=argparse.SUPPRESS)


def _overrides(pairs):
    values = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError("--set %r: expected KEY=VALUE" % pair)
        value = value.strip()
        try:
            values[key.strip()] = int(value)
        except ValueError:
            values[key.strip()] = value.strip('"')
    return values


def _board_kwargs(args, defaults=None, **extra):
    # defaults: settings that --set and the drive's own settings.toml may change
    settings = _overrides(args.set)
    if defaults:
        own = read_settings(os.path.join(args.drive, "settings.toml")) if args.drive else {}
        for key, value in defaults.items():
            if key not in settings and key not in own:
                settings[key] = value
    kwargs = dict(drive_dir=args.drive, nvm_path=args.nvm, fresh_nvm=args.fresh,
                  settings=settings, all_frames=args.all_frames)
    if args.firmware:
        kwargs["firmware_dir"] = args.firmware
    kwargs.update(extra)
    return kwargs


def frame_json(t_ms, frame):
    pixels = [[frame[i], frame[i + 1], frame[i + 2]] for i in range(0, len(frame) - 2, 3)]
    return json.dumps({"t": t_ms, "pixels": pixels}, separators=(",", ":"))


def lock_save(nvm_path):
    """The lock of a save file (a PathLock, held); raises LockHeld when another board has
    it.  Two boards on one save would each overwrite the other's game."""
    lock = PathLock(nvm_path)
    lock.acquire()
    return lock


def save_taken_message(nvm_path, held, prog="ludo-host board"):
    """The one line that refuses a second board on a save (`held`: the LockHeld)."""
    return ("%s: %s is running on the save %s: quit that one first, or give this one "
            "a save of its own with --nvm FILE" % (prog, held.holder("virtual board"),
                                                    _home(os.path.abspath(nvm_path))))


def on_own_save(nvm_path, run, args, prog="ludo-host board"):
    """run(args) while this process holds the save's lock; 2 and the one line that says
    who has it when another board does (`prog`: the command that says it).  With no room
    for a lock file (a read-only home) the board runs unguarded."""
    save_lock = None
    try:
        save_lock = lock_save(nvm_path)
    except LockHeld as held:
        print(save_taken_message(nvm_path, held, prog), file=sys.stderr)
        return 2
    except OSError:
        pass
    try:
        return run(args)
    finally:
        if save_lock is not None:
            save_lock.release()


def take_stable_path():
    """The lock of the stable data-port path (the state dir's), held, or (None, LockHeld)
    when another virtual board has it: a second board (on a save of its own) keeps its
    pty's own path, and the first keeps the stable one."""
    lock = PathLock(os.path.dirname(ports.VIRTUAL_LINK))    # (the link's own real path is a pty's)
    try:
        lock.acquire()
    except LockHeld as held:
        return None, held
    return lock, None


def run_headless(args):
    if not args.script:
        print("ludo-host board --headless: give --script FILE (button presses, one a line)", file=sys.stderr)
        return 2
    if not args.nvm:
        return _run_headless(args)
    return on_own_save(args.nvm, _run_headless, args)


def _run_headless(args):
    try:
        if args.script == "-":
            script = sys.stdin.buffer.read()
        else:
            with open(args.script, "rb") as f:
                script = f.read()
        script = script.decode("utf-8")
    except OSError as exc:
        print("ludo-host board: cannot read %s: %s" % (args.script, exc.strerror), file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print("ludo-host board: %s: not UTF-8 text (byte %d)" % (
            "standard input" if args.script == "-" else args.script, exc.start), file=sys.stderr)
        return 2
    try:
        board = VirtualBoard(**_board_kwargs(args))
        board.check_script(script)
    except (ValueError, OSError) as exc:
        print("ludo-host board: %s" % exc, file=sys.stderr)
        return 2
    frames_out = open(args.frames, "w") if args.frames else None
    if frames_out is not None:
        board.on_frame = lambda t, frame: frames_out.write(frame_json(t, frame) + "\n")
    status = 0
    try:
        reason = board.run_script(script)
        print("ludo-host board: %s after %d ms, %s, %s"
              % (reason, board.now_ms, count(len(board.frames), "frame"), count(board.sim.boots, "boot")),
              file=sys.stderr)
    except Exception as exc:  # the firmware crashed: report it like the board's REPL would
        import traceback
        traceback.print_exc()
        print("ludo-host board: the firmware stopped with %s: %s" % (type(exc).__name__, exc), file=sys.stderr)
        status = 1
    finally:
        if frames_out is not None:
            frames_out.close()
        if args.data_out:
            with open(args.data_out, "wb") as f:
                f.write(board.data_out)
        if args.console:
            with open(args.console, "w") as f:
                f.write(board.console)
        board.close()
    return status


def run_interactive(args):
    if args.nvm is None:
        args.nvm = DEFAULT_NVM
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("ludo-host board: the virtual board needs a terminal (or use --headless --script FILE)",
              file=sys.stderr)
        return 2
    try:
        os.makedirs(os.path.dirname(os.path.abspath(args.nvm)), exist_ok=True)
    except OSError as exc:
        print("ludo-host board: cannot use the save %s: %s" % (args.nvm, exc.strerror or exc), file=sys.stderr)
        return 2
    return on_own_save(args.nvm, _run_interactive, args)


def _run_interactive(args):
    from .last_action import LastAction
    from ..words import status_words
    from .snapshot import snapshot_of
    from .terminal import Keyboard, Screen

    try:
        board = VirtualBoard(**_board_kwargs(args, TERMINAL_SETTINGS, data_port="pty", realtime=True))
    except (ValueError, OSError) as exc:
        print("ludo-host board: %s" % exc, file=sys.stderr)
        return 2
    threading.Thread(target=set_clock, args=(board.data_port_path,), name="set-clock", daemon=True).start()
    link_lock, other = None, None
    try:
        link_lock, other = take_stable_path()
        link = publish_virtual_port(board.data_port_path) if link_lock else board.data_port_path
    except OSError as exc:         # a read-only home: the pty's own path still works
        print("ludo-host board: no stable path to the data channel (%s)" % exc, file=sys.stderr)
        link = board.data_port_path
    if other is not None:
        data_line = "data channel: %s   (%s has %s: give `ludo-host log --port %s`)" % (
            link, other.holder("virtual board"), _home(ports.VIRTUAL_LINK), link)
    elif link == board.data_port_path:
        data_line = "data channel: %s" % link
    else:
        data_line = "data channel: %s = %s   (`ludo-host log` finds it)" % (_home(link), board.data_port_path)
    skip_fixups = str(board.settings.get("LUDO_SKIP_FIXUPS", 0)) == "1"
    screen = Screen(board.pixel_map, out=sys.stdout, skip_fixups=skip_fixups)
    keys = Keyboard()
    port_title = "data channel (ludo-host log):" if other is None else "data channel (log --port):"
    screen.info = [port_title, board.data_port_path,
                   "saved game:", _home(os.path.abspath(args.nvm)), "",
                   "fix-ups skipped: no wooden tokens" if skip_fixups else ""]
    sim = board.sim
    sim_mod = sim_module
    said = [0.0]                    # when the words were last brought up to date
    last_action = LastAction()

    def on_idle():
        pressed = False
        for key in keys.read(POLL_S):
            if key == "quit":
                raise sim_mod.Stop("quit")
            if key == "help":
                screen.toggle_help()
                continue
            if key[0] == "unknown":
                screen.key_does_nothing(key[1])
                continue
            screen.hint = ""
            button, long_press = key
            sim.press(sim_mod.button_index(button), sim_mod.LONG_MS if long_press else sim_mod.PRESS_MS)
            pressed = True
        now = time.monotonic()
        if pressed or now - said[0] >= WORDS_S:
            said[0] = now
            snap = snapshot_of(board.app)
            screen.set_snapshot(snap)
            words = status_words(snap)
            if snap["mode"] in ("play", "pause", "over") and not snap.get("undone"):   # (a take-back: the
                # status line says all it took back)  what the last action did (the page's words)
                happened = last_action.words(getattr(board.app, "game", None))
                words = (["Just now: " + happened] if happened else []) + words
            screen.set_words(words)

    board.on_show = screen.show
    board.on_console = screen.add_console
    print("Virtual Ludo board, %s" % data_line)
    keys.open()
    screen.open()
    error = None
    try:
        screen.draw()
        reason = board.run(on_idle)
    except KeyboardInterrupt:
        reason = "quit"
    except Exception as exc:  # the firmware crashed
        import traceback
        error = traceback.format_exc()
        reason = "crashed: %s: %s" % (type(exc).__name__, exc)
    finally:
        screen.close()
        keys.close()
        if link_lock is not None:
            withdraw_virtual_port(board.data_port_path)
            link_lock.release()
        board.close()
    if error:
        sys.stderr.write(error)
    console_tail = board.console.strip().split("\n")[-5:]
    if any(console_tail):
        print("\n".join(console_tail))
    print("ludo-host board: %s (the game is kept in %s; run again to resume)" % (reason, args.nvm))
    return 1 if error else 0


def set_clock(port_path, timeout_s=10.0):
    """Tell the board the time over its data channel, as a logger does when it connects: the
    virtual board runs on a PC, so its games' headers say when they began even with no
    logger attached yet (a real board learns the time only from a logger).  The board reads
    commands only while a PC holds the port, so this opens it, sends `time`, waits for the
    `ok` and closes it.  Returns True when the board took the time."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        fd = os.open(port_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        os.write(fd, ('{"cmd":"time","now":"%s"}\n' % now).encode("ascii"))
        got = b""
        end = time.monotonic() + timeout_s
        while b'{"cmd":"time","re":"ok"}' not in got and time.monotonic() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    got = (got + os.read(fd, 4096))[-4096:]
                except (BlockingIOError, InterruptedError):
                    pass
        return b'{"cmd":"time","re":"ok"}' in got
    except OSError:
        return False
    finally:
        os.close(fd)


def _home(path):
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if home != "/" and path.startswith(home + os.sep) else path


def _attached_board():
    try:
        from ..ports import find_board_port
        return find_board_port(virtual=False)
    except Exception:      # no pyserial, no ports module: nothing attached that we can see
        return None


def run(args):
    if args.headless:
        return run_headless(args)
    if not args.virtual:
        port = _attached_board()
        if port is not None:
            print("A Ludo board is attached: its data channel is %s. Handing over to `ludo-host log` "
                  "(use --virtual for the virtual board)." % port)
            try:
                from .. import logger
            except ImportError as exc:
                print("ludo-host board: `ludo-host log` is not available (%s); "
                      "run `ludo-host board --virtual` for the virtual board" % exc, file=sys.stderr)
                return 2
            parser = argparse.ArgumentParser(prog="ludo-host log")
            logger.add_arguments(parser)
            return logger.run(parser.parse_args(["--port", port]))
    return run_interactive(args)
