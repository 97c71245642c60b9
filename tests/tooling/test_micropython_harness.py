"""The `micropython` fixture really runs MicroPython, and says what went wrong."""
import pytest

import mpharness


def test_runs_micropython(micropython):
    assert micropython.run("import sys\nprint(sys.implementation.name)") == "micropython\n"


def test_partial_lines_and_unicode_come_back_exactly(micropython):
    assert micropython.run("print('a', end='')\nprint('é→', 1)\nprint('b', end='')") == "aé→ 1\nb"


def test_exception_surfaces_with_type_message_and_traceback(micropython):
    with pytest.raises(mpharness.MicroPythonError) as info:
        micropython.run("print('before')\nraise ValueError('boom')")
    err = info.value
    assert err.type == "ValueError"
    assert err.message == "boom"
    assert "ValueError: boom" in err.traceback and "Traceback" in err.traceback
    assert err.stdout == "before\n"
    assert "ValueError: boom" in str(err)


def test_syntax_error_surfaces(micropython):
    with pytest.raises(mpharness.MicroPythonError) as info:
        micropython.run("def f(:\n    pass")
    assert info.value.type == "SyntaxError"


def test_firmware_is_on_the_path(micropython, repo_root):
    firmware = repo_root / "firmware"
    out = micropython.run("import sys, os\nprint(sys.path[0])\nprint(os.getcwd())\nprint(sorted(os.listdir()))")
    first, cwd, listing = out.splitlines()
    assert first == cwd == str(firmware)
    expected = sorted(p.name for p in firmware.iterdir() if not p.name.startswith(".") and p.name != "__pycache__")
    assert "hw.py" in expected
    assert listing == repr(expected)


def test_extra_paths_are_mounted_and_tracebacks_name_real_files(micropython, tmp_path):
    (tmp_path / "helper_mod.py").write_text("def f():\n    return 6 * 7\n\ndef g():\n    return {}['missing']\n")
    assert micropython.run("import helper_mod\nprint(helper_mod.f())", paths=[tmp_path]) == "42\n"
    with pytest.raises(mpharness.MicroPythonError) as info:
        micropython.run("import helper_mod\nhelper_mod.g()", paths=[tmp_path])
    assert info.value.type == "KeyError"
    assert '"%s", line 5' % (tmp_path / "helper_mod.py") in info.value.traceback


def test_a_mount_can_be_seen_where_the_board_has_its_files(tmp_path):
    """'DIR=AT' copies DIR to AT: the memory benches put the firmware at the drive's root, "/"."""
    (tmp_path / "pkg_at").mkdir()
    (tmp_path / "pkg_at" / "__init__.py").write_text("")
    (tmp_path / "pkg_at" / "inner.py").write_text("value = 7\n")
    with mpharness.MicroPython(mounts=["%s=/" % tmp_path]) as mp:
        out = mp.run("import os, pkg_at.inner\nprint(pkg_at.inner.value, pkg_at.inner.__file__)\n"
                     "print(os.getcwd(), 'pkg_at' in os.listdir('/'))")
    first, second = out.splitlines()
    assert first.split()[0] == "7" and first.split()[1].lstrip("/") == "pkg_at/inner.py"
    assert second == "/ True"


def test_globals_are_cleared_between_runs_but_modules_stay(micropython):
    micropython.run("import sys\nleftover = 1\nsys.modules['json'] = sys.modules.get('json') or __import__('json')")
    assert micropython.run("import sys\nprint('leftover' in globals(), 'json' in sys.modules)") == "False True\n"


def test_run_fresh_starts_a_new_interpreter(micropython, tmp_path):
    (tmp_path / "fresh_probe.py").write_text("state = []\n")
    micropython.run("import fresh_probe\nfresh_probe.state.append(1)", paths=[tmp_path])
    probe = "import fresh_probe\nprint(len(fresh_probe.state))"
    assert micropython.run(probe, paths=[tmp_path]) == "1\n"
    assert micropython.run_fresh(probe, paths=[tmp_path]) == "0\n"


def test_run_steps_share_globals(micropython):
    assert micropython.run_steps(["x = 20", "x += 1", "print(x * 2)"]) == ["", "", "42\n"]


def test_retained_bytes_counts_what_is_kept_and_not_what_is_dropped(micropython):
    kept = micropython.retained_bytes("keep = bytearray(20000)")
    assert 20000 <= kept < 20400
    assert micropython.retained_bytes("tmp = bytearray(20000)\ndel tmp") < 256


def test_timeout_stops_the_interpreter_and_the_next_run_works(micropython):
    with pytest.raises(mpharness.MicroPythonError) as info:
        micropython.run("while True:\n    pass", timeout=1)
    assert info.value.type == "Timeout"
    assert micropython.run("print(1 + 1)") == "2\n"


def test_each_run_starts_with_the_firmware_directory_and_path(micropython, tmp_path, repo_root):
    firmware = str(repo_root / "firmware")
    micropython.run("import os, sys\nos.chdir('/')\nsys.path.insert(0, '/elsewhere')", paths=[tmp_path])
    out = micropython.run("import os, sys\nprint(os.getcwd())\nprint(sys.path.index(%r), '/elsewhere' in sys.path, %r in sys.path)"
                          % (firmware, str(tmp_path)))
    assert out == "%s\n0 False False\n" % firmware
