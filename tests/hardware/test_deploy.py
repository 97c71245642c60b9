"""`ludo-host deploy` against a temporary folder standing in for the CIRCUITPY drive."""
import ast
import errno
import os
import re
import shutil
import stat
import sys

import pytest

from conftest import ROOT, make_drive, read, run_deploy, snapshot
from ludo_host import cli, deploy
from ludo_host.deploy import find as deploy_find, library as _library, pixelmap

pytestmark = pytest.mark.usefixtures("no_library_tools")


def test_deploy_is_a_ludo_host_command():
    assert ("deploy", "ludo_host.deploy") in [c[:2] for c in cli.COMMANDS]


def test_fresh_drive_gets_firmware_map_settings_and_code_last(drive, firmware, capsys, monkeypatch, no_library):
    order = []
    real = deploy.atomic_write
    monkeypatch.setattr(deploy, "atomic_write", lambda path, data: (order.append(os.path.relpath(path, drive)),
                                                                    real(path, data)))
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1      # (the board lacks its library)
    out, err = capsys.readouterr()
    assert "found CircuitPython 9.2.1 (Raspberry Pi Pico with rp2040)" in out
    for rel in ("code.py", "boot.py", "hw.py", "ludo/__init__.py", "ludo/game.py", "ludoboard/app.py"):
        with open(os.path.join(firmware, rel), "rb") as f:
            assert read(drive, rel) == f.read()
    assert not os.path.exists(os.path.join(drive, "ludo", "__pycache__"))
    assert not os.path.exists(os.path.join(drive, ".DS_Store"))
    with open(pixelmap.DEFAULT_PATH, "rb") as f:
        assert read(drive, "pixelmap.json") == f.read()
    settings = read(drive, "settings.toml").decode()
    for key, value, _ in deploy.SETTINGS:
        assert "%s = %s\n" % (key, value) in settings
    assert order[-1] == "code.py" and order.count("code.py") == 1
    assert order.index("settings.toml") < order.index("code.py")
    assert "deployed: 9 files written, 0 unchanged" in out
    assert "boot.py changed: press the board's reset button" in out
    # no library tool: the firmware is copied, and the exact file to copy is an error (exit 1)
    assert err.startswith("ludo-host deploy: error: the neopixel library is not installed: ")
    assert "neopixel.mpy" in err and "adafruit-circuitpython-bundle-9.x-mpy" in err
    assert os.path.join(drive, "lib", "") in err
    assert len(err.strip().splitlines()) == 1
    assert not [n for n in os.listdir(drive) if n.endswith(deploy.TMP_SUFFIX)]


def test_second_deploy_changes_nothing(drive, firmware, capsys):
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    before = snapshot(drive)
    capsys.readouterr()
    assert run_deploy("--drive", drive, "--firmware", firmware, "-v") == 0
    out = capsys.readouterr()[0]
    assert snapshot(drive) == before
    assert "deployed: 0 files written, 9 unchanged, 0 removed" in out
    assert "unchanged code.py" in out and "write " not in out


USER_SETTINGS = (
    '# My own settings: keep these comments!\r\n'
    'CIRCUITPY_WIFI_SSID = "home"\r\n'
    'LUDO_BRIGHTNESS = 80  # bright room\r\n'
    '# LUDO_PIXEL_PIN = "GP5"  (commented out, so not set)\r\n'
    'LUDO_PIXEL_ORDER = "RGB"\r\n'
    '\r\n'
    '[later]\r\n'
    'x = 1\r\n')


def test_older_firmware_and_user_settings(drive, firmware, capsys):
    """An older deploy with user settings: values and comments stay, stale modules go, code.py is updated."""
    files = {"code.py": b"old code\n", "ludo/game.py": b"old game\n", "ludo/oldmodule.py": b"gone\n",
             "ludo/game.mpy": b"stale compiled\n", "lib/neopixel.mpy": b"library\n",
             "lib/adafruit_other.mpy": b"user's library\n", "notes.txt": b"user's file\n",
             "settings.toml": USER_SETTINGS.encode(), ".hw.py.ludo-tmp": b"half a file from a pulled cable"}
    for rel, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "wb") as f:
            f.write(data)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    out, err = capsys.readouterr()
    assert read(drive, "code.py") == read(firmware, "code.py")
    assert read(drive, "ludo/game.py") == read(firmware, "ludo/game.py")
    for gone in ("ludo/oldmodule.py", "ludo/game.mpy", ".hw.py.ludo-tmp"):
        assert not os.path.exists(os.path.join(drive, gone)), gone
    for kept in ("lib/neopixel.mpy", "lib/adafruit_other.mpy", "notes.txt"):
        assert read(drive, kept) == files[kept], kept
    settings = read(drive, "settings.toml").decode()
    head, tail = settings.split("[later]")
    # every line of the user's file is still there, in order, with its CRLF line ends
    assert settings.replace(head[len(USER_SETTINGS.split("[later]")[0]):], "") == USER_SETTINGS
    assert "LUDO_BRIGHTNESS = 30" not in settings and "LUDO_PIXEL_ORDER = \"GRB\"" not in settings
    added = head[len(USER_SETTINGS.split("[later]")[0]):]
    assert 'LUDO_PIXEL_PIN = "GP2"\r\n' in added   # commented out by the user = not set
    assert "\n" not in added.replace("\r\n", "")     # the file's CRLF style is kept
    assert "LUDO_CURRENT_BUDGET_MA = 500" in added   # before [later]: CircuitPython reads only top-level keys
    assert tail == "\r\nx = 1\r\n"
    assert "unchanged lib/neopixel.mpy" in out and err == ""
    assert "remove ludo/oldmodule.py (no longer part of the firmware)" in out

    # deploying again adds nothing more to the settings
    before = read(drive, "settings.toml")
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    assert read(drive, "settings.toml") == before


def test_users_own_pixel_map_is_kept_unless_asked(drive, firmware, capsys):
    places = pixelmap.load()
    places[0], places[1] = places[1], places[0]
    own = ('{"format": "ludo-pixelmap/1", "pixels": %s}' % str(places).replace("'", '"')).encode()
    with open(os.path.join(drive, "pixelmap.json"), "wb") as f:
        f.write(own)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    assert read(drive, "pixelmap.json") == own
    assert "kept the drive's pixelmap.json" in capsys.readouterr()[0]
    assert run_deploy("--drive", drive, "--firmware", firmware, "--replace-map") == 0
    with open(pixelmap.DEFAULT_PATH, "rb") as f:
        assert read(drive, "pixelmap.json") == f.read()


def test_broken_source_map_copies_nothing(drive, firmware, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ludo-pixelmap/1", "pixels": ["t0", "t0"]}')
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--pixelmap", str(bad)) == 1
    err = capsys.readouterr()[1]
    assert "already lit by pixel 0" in err and len(err.strip().splitlines()) == 1
    assert snapshot(drive) == before


@pytest.mark.parametrize("version", ["8.2.10", "7.3.3", None, "garbage"])
def test_unsupported_or_missing_version_copies_nothing(tmp_path, firmware, capsys, version):
    drive = make_drive(tmp_path / "CIRCUITPY", None if version in (None, "garbage") else version)
    if version == "garbage":
        with open(os.path.join(drive, "boot_out.txt"), "w") as f:
            f.write("MicroPython v1.22.0 on 2024-01-01\n")
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    out, err = capsys.readouterr()
    assert snapshot(drive) == before
    assert len(err.strip().splitlines()) == 1 and err.startswith("ludo-host deploy: error: ")
    if version and version != "garbage":
        assert ("CircuitPython %s found" % version) in err and "9.0 or newer" in err
    elif version is None:
        assert "no boot_out.txt" in err
    else:
        assert "does not name a CircuitPython version" in err and "MicroPython v1.22.0" in err


@pytest.mark.parametrize("version", ["9.0.0", "9.2.1", "10.0.0-beta.2"])
def test_supported_versions(tmp_path, firmware, capsys, version):
    drive = make_drive(tmp_path / "CIRCUITPY", version)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    assert ("found CircuitPython %s" % version) in capsys.readouterr()[0]


def test_dry_run_lists_everything_and_writes_nothing(drive, firmware, capsys):
    with open(os.path.join(drive, "settings.toml"), "w") as f:
        f.write("LUDO_BRIGHTNESS = 80\n")
    os.makedirs(os.path.join(drive, "ludo"))
    with open(os.path.join(drive, "ludo", "stale.py"), "w") as f:
        f.write("x = 1\n")
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--dry-run") == 0
    out = capsys.readouterr()[0]
    assert snapshot(drive) == before
    for rel in ("code.py", "boot.py", "hw.py", "ludo/game.py", "ludoboard/app.py", "pixelmap.json"):
        assert ("would write %s (new)" % rel) in out
    assert "would write settings.toml (changed: added LUDO_PIXEL_PIN" in out
    assert "would remove ludo/stale.py" in out
    assert out.splitlines()[-1].startswith("dry run (nothing written): 9 files to write")


def pull_the_cable_at(monkeypatch, drive, nth, unplugged):
    """While the nth file is flushed the drive goes: it moves away (as if unplugged), writes fail with EIO."""
    calls = [0]
    real = os.fsync

    def fsync(fd):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            calls[0] += 1
        if calls[0] >= nth:
            if os.path.exists(drive):
                os.rename(drive, unplugged)
            raise OSError(errno.EIO, "Input/output error")
        return real(fd)
    monkeypatch.setattr(deploy.os, "fsync", fsync)


# Flushes of a deploy over an older one: boot.py, pixelmap.json, settings.toml (1-3), the five
# staged modules (4-8), the guard code.py (9), the new code.py (10).
@pytest.mark.parametrize("nth", [1, 5, 9, 10])
def test_drive_removed_mid_copy(drive, firmware, tmp_path, capsys, monkeypatch, nth):
    """Pulled at a single file, a staged module, the guard or the last code.py: one line, and
    code.py is the old one or the guard, never a half-written file."""
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("old code\n")
    os.makedirs(os.path.join(drive, "lib"))
    with open(os.path.join(drive, "lib", "neopixel.mpy"), "wb") as f:     # (installed before: no flush of its own)
        f.write(b"mpy")
    unplugged = str(tmp_path / "unplugged")
    pull_the_cable_at(monkeypatch, drive, nth, unplugged)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1
    assert "could not write" in err and "Input/output error" in err and "run ludo-host deploy again" in err
    assert ("could not write code.py" in err) == (nth >= 9)
    if nth < 10:
        assert read(unplugged, "code.py") == b"old code\n"
        assert "no file is half-written and the board still runs the old firmware" in err
    else:
        assert read(unplugged, "code.py") == deploy.GUARD
        assert "code.py is a guard that runs nothing" in err
    monkeypatch.undo()

    # plugged back in: deploy finishes the job and clears what the interrupted one left
    os.rename(unplugged, drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--replace-map") == 0
    assert read(drive, "code.py") == read(firmware, "code.py")
    for folder, dirs, names in os.walk(drive):
        assert not [n for n in names if n.endswith(deploy.TMP_SUFFIX)], folder
        assert deploy.STAGE not in dirs and deploy.OLD not in dirs


def test_failed_write_of_code_py_keeps_the_old_one(drive, firmware, capsys, monkeypatch):
    """The write of code.py itself fails half-way: the old code.py stays whole."""
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("old code\n")
    real_open = open

    class HalfWriter:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

    def fake_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        return HalfWriter(f) if "code.py" in str(path) and "w" in mode else f
    monkeypatch.setattr("builtins.open", fake_open)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    monkeypatch.undo()
    err = capsys.readouterr()[1]
    assert "could not write code.py (No space left on device): the drive is full (" in err
    assert read(drive, "code.py") == b"old code\n"
    assert not os.path.exists(os.path.join(drive, ".code.py" + deploy.TMP_SUFFIX))


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes to read-only folders")
def test_read_only_drive(drive, firmware, capsys):
    os.chmod(drive, stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    finally:
        os.chmod(drive, stat.S_IRWXU)
    assert "read-only" in capsys.readouterr()[1]


def test_read_only_error_names_the_cause(drive, firmware, capsys, monkeypatch):
    def refuse(path, data):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(deploy, "atomic_write", refuse)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    err = capsys.readouterr()[1]
    assert "Read-only file system" in err and "the drive is read-only" in err


def test_not_enough_room_copies_nothing(drive, firmware, capsys, monkeypatch):
    monkeypatch.setattr(shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(10 ** 6, 10 ** 6, 1000))
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    err = capsys.readouterr()[1]
    assert re.search(r"error: the drive is full \(1000 bytes free, \d+ needed\)", err), err
    assert "nothing was copied" in err and len(err.strip().splitlines()) == 1
    assert snapshot(drive) == before


def test_finds_the_drive(tmp_path, firmware, capsys, monkeypatch):
    drive = make_drive(tmp_path / "media" / "CIRCUITPY")
    elsewhere = str(tmp_path / "not-mounted")
    monkeypatch.setattr(deploy_find, "candidate_drives", lambda: [elsewhere, drive])
    assert run_deploy("--firmware", firmware) == 0
    assert ("on %s" % drive) in capsys.readouterr()[0]

    monkeypatch.setattr(deploy_find, "candidate_drives", lambda: [elsewhere])
    assert run_deploy("--firmware", firmware) == 1
    assert "no CIRCUITPY drive found" in capsys.readouterr()[1]

    other = make_drive(tmp_path / "media" / "CIRCUITPY1")
    monkeypatch.setattr(deploy_find, "candidate_drives", lambda: [drive, other])
    assert run_deploy("--firmware", firmware) == 1
    assert "several CIRCUITPY drives found" in capsys.readouterr()[1]


def test_linux_mount_table_and_usual_places(tmp_path, monkeypatch):
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n"
                      "/dev/sdb1 /media/ann\\040lee/CIRCUITPY vfat rw,nosuid 0 0\n"
                      "/dev/sdc1 /run/media/bob/CIRCUITPY1 vfat rw 0 0\n"
                      "/dev/sdd1 /media/ann/CIRCUITPYTHON vfat rw 0 0\n")
    monkeypatch.setenv("USER", "ann")
    found = deploy.candidate_drives("linux", str(mounts))
    assert found[:2] == ["/media/ann lee/CIRCUITPY", "/run/media/bob/CIRCUITPY1"]
    assert "/media/ann/CIRCUITPYTHON" not in found
    assert "/media/ann/CIRCUITPY" in found and "/run/media/ann/CIRCUITPY" in found
    assert len(found) == len(set(found))
    assert "/media/ann/CIRCUITPY" in deploy.candidate_drives("linux", str(tmp_path / "no-such-file"))


def test_macos_volumes(tmp_path):
    for name in ("CIRCUITPY", "CIRCUITPY1", "Macintosh HD", "CIRCUITPY backup"):
        (tmp_path / name).mkdir()
    assert deploy.candidate_drives("darwin", volumes=str(tmp_path)) == [
        str(tmp_path / "CIRCUITPY"), str(tmp_path / "CIRCUITPY1")]


def fake_circup(tmp_path, monkeypatch, works):
    """A `circup` on PATH that installs lib/neopixel.mpy (or fails as it does offline)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "circup"
    script.write_text("#!%s\nimport os, sys\nargs = sys.argv[1:]\nassert args[0] == '--path' and args[2:] == "
                      "['install', 'neopixel'], args\nif %r:\n    os.makedirs(os.path.join(args[1], 'lib'), "
                      "exist_ok=True)\n    open(os.path.join(args[1], 'lib', 'neopixel.mpy'), 'wb').write(b'mpy')\n"
                      "else:\n    print('Unable to connect to the bundle')\n    sys.exit(1)\n"
                      % (sys.executable, works))
    script.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda name: str(script) if name == "circup" else None)


@pytest.mark.skipif(os.name != "posix", reason="the fake circup is a script with a #! line")
def test_library_through_circup(drive, firmware, tmp_path, capsys, monkeypatch):
    fake_circup(tmp_path, monkeypatch, works=True)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    out, err = capsys.readouterr()
    assert read(drive, "lib/neopixel.mpy") == b"mpy"
    assert "installed by circup" in out and err == ""


@pytest.mark.skipif(os.name != "posix", reason="the fake circup is a script with a #! line")
def test_circup_offline_falls_back_to_instructions(drive, firmware, tmp_path, capsys, monkeypatch, no_library):
    fake_circup(tmp_path, monkeypatch, works=False)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    err = capsys.readouterr()[1]
    assert "Unable to connect to the bundle" in err and "neopixel.mpy" in err
    assert read(drive, "code.py") == read(firmware, "code.py")


def test_library_from_this_computers_neopixel_package(drive, firmware, tmp_path, capsys, monkeypatch):
    source = tmp_path / "neopixel.py"
    source.write_text("import adafruit_pixelbuf\nclass NeoPixel(adafruit_pixelbuf.PixelBuf):\n    pass\n")
    monkeypatch.setattr(_library, "local_neopixel", lambda: str(source))
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    assert read(drive, "lib/neopixel.py") == source.read_bytes()
    assert capsys.readouterr()[1] == ""


def test_settings_defaults_match_the_board(tmp_path):
    """deploy writes the same defaults that firmware/hw.py assumes when a key is missing."""
    path = os.path.join(ROOT, "firmware", "hw.py")
    if not os.path.exists(path):
        pytest.skip("firmware/hw.py not written yet")
    with open(path) as f:
        tree = ast.parse(f.read())
    defaults = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "DEFAULTS" for t in node.targets):
            defaults = ast.literal_eval(node.value)
    assert defaults is not None
    assert {k: ast.literal_eval(v) for k, v, _ in deploy.SETTINGS} == defaults


def _board_pin_names(board_id):
    """The pin names CircuitPython's `board` module has on a board (circuitpython-stubs)."""
    import board_definitions
    path = os.path.join(list(board_definitions.__path__)[0], board_id, "__init__.pyi")
    with open(path) as f:
        return set(re.findall(r"^([A-Z0-9_]+): ", f.read(), re.M))


@pytest.mark.parametrize("board,board_id,pixel,buttons", [
    ("Raspberry Pi Pico with rp2040", "raspberry_pi_pico", "GP2", "GP10,GP11,GP12,GP13"),
    ("Raspberry Pi Pico W with rp2040", "raspberry_pi_pico_w", "GP2", "GP10,GP11,GP12,GP13"),
    ("Raspberry Pi Pico 2 with rp2350a", "raspberry_pi_pico2", "GP2", "GP10,GP11,GP12,GP13"),
    ("Adafruit Feather RP2040 with rp2040", "adafruit_feather_rp2040", "D5", "D6,D9,D10,D11"),
])
def test_the_pins_deploy_writes_exist_on_the_board_boot_out_names(tmp_path, firmware, capsys, board,
                                                                   board_id, pixel, buttons):
    """The Feather RP2040 has no GP pin names: deploy writes pins the board in boot_out.txt
    has, and says so."""
    drive = make_drive(tmp_path / "CIRCUITPY")
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write("Adafruit CircuitPython 9.2.1 on 2024-11-20; %s\nBoard ID:%s\n" % (board, board_id))
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    out = capsys.readouterr().out
    settings = read(drive, "settings.toml").decode()
    assert 'LUDO_PIXEL_PIN = "%s"\n' % pixel in settings
    assert 'LUDO_BUTTON_PINS = "%s"\n' % buttons in settings
    names = _board_pin_names(board_id)
    assert {pixel} | set(buttons.split(",")) <= names
    assert ("the %s's pins" % board in out) == (pixel != "GP2")


def test_merge_settings_edge_cases():
    assert deploy.merge_settings("")[0].startswith("# Ludo board settings")
    text, added = deploy.merge_settings("LUDO_BRIGHTNESS=5")      # no final newline
    assert text.startswith("LUDO_BRIGHTNESS=5\n\n#") and "LUDO_BRIGHTNESS" not in added
    full = "".join("%s = %s\n" % (k, v) for k, v, _ in deploy.SETTINGS)
    assert deploy.merge_settings(full) == (full, [])


def test_unreadable_drive_while_planning(drive, firmware, capsys, monkeypatch):
    def gone(path):
        raise OSError(errno.EIO, "Input/output error", path)
    monkeypatch.setattr(deploy, "_read", gone)
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    err = capsys.readouterr()[1]
    assert "could not read" in err and "nothing was written" in err and len(err.strip().splitlines()) == 1


def test_deployed_drive_runs_on_the_virtual_board_and_walks_the_map(drive, capsys):
    """The real firmware, deployed to a stand-in drive and run from there: the map check walks pixel 0, 1, 2..."""
    virtual = pytest.importorskip("ludo_host.virtual")
    assert run_deploy("--drive", drive) == 0
    path = os.path.join(drive, "settings.toml")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert "LUDO_MAP_CHECK = 0\n" in text
    with open(path, "w", encoding="utf-8") as f:          # the builder turns the map check on
        f.write(text.replace("LUDO_MAP_CHECK = 0\n", "LUDO_MAP_CHECK = 1\n"))
    board = virtual.VirtualBoard(firmware_dir=drive, drive_dir=drive)
    try:
        board.run_script("wait 1500\n")
        frames = list(board.frames)
    finally:
        board.close()
    lit = [[i for i in range(len(frame) // 3) if any(frame[3 * i:3 * i + 3])] for _, frame in frames]
    walk = [pixels[0] for pixels in lit if len(pixels) == 1]
    assert walk[:4] == [0, 1, 2, 3], lit[:6]


@pytest.mark.skipif(os.name != "posix", reason="the fake circup is a script with a #! line")
def test_circup_is_installed_when_the_library_needs_it(drive, firmware, tmp_path, capsys, monkeypatch, no_library):
    """No circup and no neopixel.py here: deploy installs circup (pip), then the library;
    a dry run says it would."""
    fake_circup(tmp_path, monkeypatch, works=True)
    script = shutil.which("circup")
    monkeypatch.setattr(shutil, "which", lambda name: None)          # not there yet ...
    installed = []
    monkeypatch.setattr(_library, "install_circup",                   # ... until pip installs it
                        lambda say: installed.append(say("installing circup (pip install circup)")) or [script])
    assert run_deploy("--drive", drive, "--firmware", firmware, "--dry-run") == 0
    assert "would install circup (pip install circup), then run circup" in capsys.readouterr()[0]
    assert not installed
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    out, err = capsys.readouterr()
    assert installed and "installing circup" in out and "installed by circup" in out and err == ""
    assert read(drive, "lib/neopixel.mpy") == b"mpy"
