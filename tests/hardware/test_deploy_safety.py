"""`ludo-host deploy` where things go wrong: links out of the drive, FIFOs, a full drive, a
file-size limit, and a deploy killed at every step of its writing."""
import ast
import os
import re
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import ROOT, make_drive, run_deploy, snapshot
from ludo_host import deploy

pytestmark = pytest.mark.usefixtures("no_library_tools")
posix_only = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and rlimits as POSIX has them")


NO_LIBRARY_TOOLS = ("import shutil\nfrom ludo_host.deploy import library as _library\n_library.local_neopixel = lambda: None\n"
                    "shutil.which = lambda name: None\n")


def run_cli(*args, timeout=60, preexec_fn=None, prelude=NO_LIBRARY_TOOLS):
    """`ludo-host deploy ARGS` in a subprocess (a FIFO must not hang the test run), with
    neither circup nor a local neopixel.py, as the no_library_tools fixture has it."""
    code = prelude + "import sys\nfrom ludo_host.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware")]))
    return subprocess.run([sys.executable, "-c", code, "deploy"] + [str(a) for a in args], env=env,
                          capture_output=True, text=True, timeout=timeout, preexec_fn=preexec_fn)


def contents(root):
    """{relative path: bytes} of every file under root."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            with open(os.path.join(folder, name), "rb") as f:
                out[os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")] = f.read()
    return out


def tree(root):
    """Every path under root (files, folders, links), relative."""
    out = set()
    for folder, dirs, names in os.walk(root):
        for name in dirs + names:
            out.add(os.path.relpath(os.path.join(folder, name), root))
    return out


# ---------------------------------------------------------------- links out of the drive

@posix_only
@pytest.mark.parametrize("link,target_is_dir", [("ludo", True), ("code.py", False), ("lib", True),
                                                ("settings.toml", False)])
def test_a_link_out_of_the_drive_is_refused_and_nothing_is_written(drive, firmware, tmp_path, capsys,
                                                                     link, target_is_dir):
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "target"
    if target_is_dir:
        target.mkdir()
    else:
        target.write_text("someone else's file\n")
    os.symlink(target, os.path.join(drive, link))
    before, before_outside = snapshot(drive), snapshot(str(outside))
    assert run_deploy("--drive", drive, "--firmware", firmware) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert ("error: %s on the drive leads outside it (to %s" % (link, target)) in err
    assert "nothing was copied" in err
    assert snapshot(drive) == before and snapshot(str(outside)) == before_outside
    assert tree(str(outside)) == ({"target"} if target_is_dir else {"target"})


@posix_only
def test_a_link_inside_the_drive_and_a_drive_reached_through_a_link_are_fine(tmp_path, firmware, capsys):
    real = make_drive(tmp_path / "media" / "CIRCUITPY")
    os.makedirs(os.path.join(real, "mine"))
    os.symlink(os.path.join(real, "mine"), os.path.join(real, "lib"))     # a link that stays on the drive
    via = str(tmp_path / "CIRCUITPY")
    os.symlink(real, via)
    assert run_deploy("--drive", via, "--firmware", firmware) == 0
    with open(os.path.join(real, "ludo", "game.py"), "rb") as f, open(os.path.join(firmware, "ludo", "game.py"),
                                                                       "rb") as g:
        assert f.read() == g.read()
    assert os.path.islink(os.path.join(real, "lib"))
    assert tree(str(tmp_path / "media")) >= {"CIRCUITPY/ludo/game.py", "CIRCUITPY/code.py"}


# ---------------------------------------------------------------- FIFOs

@posix_only
@pytest.mark.parametrize("name", ["boot_out.txt", "settings.toml", "ludo/game.py"])
def test_a_fifo_on_the_drive_is_refused_not_waited_on(tmp_path, firmware, name):
    drive = make_drive(tmp_path / "CIRCUITPY")
    path = os.path.join(drive, *name.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    os.mkfifo(path)
    before = tree(drive)
    done = run_cli("--drive", drive, "--firmware", firmware, timeout=30)
    assert done.returncode == 1, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert ("%s is a FIFO (named pipe)" % path) in done.stderr
    assert "nothing was copied" in done.stderr
    assert tree(drive) == before


# ---------------------------------------------------------------- a full drive, a size limit

def test_the_space_check_asks_for_every_file_written_whole(drive, firmware, capsys, monkeypatch):
    """The old modules stay until the switch, so a changed file needs its whole size, not the growth."""
    assert run_deploy("--drive", drive, "--firmware", firmware) == 0
    with open(os.path.join(firmware, "ludo", "game.py"), "a") as f:
        f.write("# longer\n" * 1000)
    size = os.path.getsize(os.path.join(firmware, "ludo", "game.py"))
    cluster = os.statvfs(drive).f_frsize
    whole = -(-size // cluster) * cluster
    guard = -(-len(deploy.GUARD) // cluster) * cluster
    need = whole + 3 * cluster + guard       # the file; ludo/, the staging and old folders; the guard
    real_usage = shutil.disk_usage
    for free, status in ((need - 1, 1), (need, 0)):
        monkeypatch.setattr(shutil, "disk_usage", lambda path: real_usage(path)._replace(free=free))
        capsys.readouterr()
        assert run_deploy("--drive", drive, "--firmware", firmware) == status
        err = capsys.readouterr().err
        assert (("the drive is full (%d bytes free, %d needed)" % (free, need)) in err) == (status == 1), err


@posix_only
def test_a_file_size_limit_says_so(drive, firmware):
    """RLIMIT_FSIZE below the size of a module: the write fails with EFBIG (Python ignores SIGXFSZ)."""
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("old code\n")
    with open(os.path.join(firmware, "ludo", "game.py"), "a") as f:
        f.write("# longer\n" * 2000)
    limit = 8192

    import resource

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    done = run_cli("--drive", drive, "--firmware", firmware, preexec_fn=small_files)
    assert done.returncode == 1
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "could not write ludo/game.py (File too large): a file-size limit stopped the write" in err
    assert "the board still runs the old firmware" in err
    with open(os.path.join(drive, "code.py")) as f:
        assert f.read() == "old code\n"
    assert not os.path.exists(os.path.join(drive, deploy.STAGE))   # the room is given back


def _can_mount_tmpfs(where):
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return False
    try:
        return subprocess.run(["unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "-o",
                               "size=64k", "tmpfs", where], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def test_a_drive_that_fills_midway_says_how_full(tmp_path, firmware):
    """A real small file system (tmpfs in a private mount namespace): the space check is misled
    (as by a drive that changes under it) and the write itself hits ENOSPC."""
    drive = str(tmp_path / "CIRCUITPY")
    os.mkdir(drive)
    if not _can_mount_tmpfs(drive):
        pytest.skip("no tmpfs mount here (needs root and mount namespaces)")
    with open(os.path.join(firmware, "ludo", "game.py"), "a") as f:
        f.write("# longer\n" * 20000)        # 180 KB: more than the 64 KB drive
    script = ("import os, shutil, subprocess, sys\n"
              "drive, firmware = sys.argv[1:3]\n"
              "subprocess.run(['mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', drive], check=True)\n"
              "open(os.path.join(drive, 'boot_out.txt'), 'w').write(%r)\n"
              "open(os.path.join(drive, 'code.py'), 'w').write('old code\\n')\n"
              "real = shutil.disk_usage\n"
              "shutil.disk_usage = lambda p: real(p)._replace(free=10 ** 9)\n"
              "from ludo_host import cli\nfrom ludo_host.deploy import library as _library\n"
              "_library.local_neopixel = lambda: None\n"
              "shutil.which = lambda name: None\n"
              "status = cli.main(['deploy', '--drive', drive, '--firmware', firmware])\n"
              "print('code.py:', open(os.path.join(drive, 'code.py')).read().strip())\n"
              "print('stage left:', os.path.exists(os.path.join(drive, '.ludo-stage')))\n"
              "sys.exit(status)\n" % ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n",))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "host"))
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", sys.executable, "-c", script, drive,
                           firmware], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1, done.stderr
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "could not write ludo/game.py (No space left on device): the drive is full (" in err
    assert " bytes free, " in err and " needed)" in err
    assert "the board still runs the old firmware" in err
    assert "code.py: old code" in done.stdout and "stage left: False" in done.stdout


# ---------------------------------------------------------------- killed at every step

OLD_SET = ("hw", "ludo", "ludo.game", "ludo.gone", "ludoboard", "ludoboard.app", "ludoboard.same")
NEW_SET = ("hw", "ludo", "ludo.game", "ludo.added", "ludoboard", "ludoboard.app", "ludoboard.same")


def _firmware(root, version, modules):
    """A firmware tree whose every module says which version it is; code.py imports them all."""
    if os.path.isdir(root):
        shutil.rmtree(root)
    for name in modules:
        rel = name.replace(".", "/") + ("/__init__.py" if name in ("ludo", "ludoboard") else ".py")
        path = os.path.join(root, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("" if name == "ludoboard.same" else "VERSION = %r\n" % version)
    with open(os.path.join(root, "code.py"), "w") as f:
        f.write("MODULES = %r\nseen = set()\nfor name in MODULES:\n    module = __import__(name)\n"
                "    for part in name.split('.')[1:]:\n        module = getattr(module, part)\n"
                "    seen.add(getattr(module, 'VERSION', 'same'))\nprint(sorted(seen - {'same'}))\n"
                % (modules,))
    with open(os.path.join(root, "boot.py"), "w") as f:
        f.write("# boot %s\n" % version)
    return str(root)


def _imports(drive):
    """What the drive's code.py imports, run as the board would (its folder first on the path)."""
    done = subprocess.run([sys.executable, "-I", "-S", "-B", "-c", "import sys; sys.path.insert(0, '.'); "
                           "exec(open('code.py').read())"], cwd=drive, capture_output=True, text=True, timeout=30)
    return done.returncode, done.stdout.strip(), done.stderr.strip()[-300:]


def _versions(drive):
    """What code.py would import, read from the files: "['old']", "['new']", a mix, or what is missing."""
    with open(os.path.join(drive, "code.py")) as f:
        modules = ast.literal_eval(f.readline().split("=", 1)[1].strip())
    seen = set()
    for name in modules:
        path = os.path.join(drive, *name.split("."))
        path = os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"
        if not os.path.isfile(path):
            return "missing %s" % name
        with open(path) as f:
            found = re.search(r"VERSION = '(\w+)'", f.read())
        seen.add(found.group(1) if found else "same")
    return str(sorted(seen - {"same"}))


def _killed_at(step, drive, firmware):
    """Run deploy in a child that SIGKILLs itself before its step-th change to the drive
    (a rename, a removal, a new folder, a flushed file). True when it was killed."""
    pid = os.fork()
    if pid == 0:                                                          # the child
        try:
            count = [0]

            def before(real):
                def change(*args, **kwargs):
                    count[0] += 1
                    if count[0] == step:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return real(*args, **kwargs)
                return change
            for name in ("replace", "rename", "remove", "unlink", "rmdir", "mkdir", "fsync"):
                setattr(os, name, before(getattr(os, name)))
            sys.stdout = sys.stderr = open(os.devnull, "w")
            run_deploy("--drive", drive, "--firmware", firmware)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_deploy_killed_at_any_step_leaves_no_mix_that_imports(tmp_path, capsys, monkeypatch):
    """Killed before each of its changes to the drive, one after the other: code.py then imports
    the whole old set, the whole new set, or (the guard) nothing; the user's files stay; the
    next deploy finishes the job."""
    # A kill loses nothing the kernel was given, so flushing to the disk changes nothing here;
    # the flushes still count as steps to be killed at.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    drive = make_drive(tmp_path / "CIRCUITPY")
    old_fw = _firmware(tmp_path / "old", "old", OLD_SET)
    assert run_deploy("--drive", drive, "--firmware", old_fw) == 0
    for rel, text in (("lib/neopixel.mpy", "library"), ("notes.txt", "mine"), ("ludo/readme.txt", "mine too")):
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "w") as f:
            f.write(text)
    assert _imports(drive)[:2] == (0, "['old']")
    template = str(tmp_path / "template")
    shutil.copytree(drive, template, symlinks=True)
    new_fw = _firmware(tmp_path / "new", "new", NEW_SET)
    assert run_deploy("--drive", drive, "--firmware", new_fw) == 0        # uninterrupted: what the end is
    assert _imports(drive)[:2] == (0, "['new']")
    finished = contents(drive)
    assert "ludo/readme.txt" in finished and "ludo/gone.py" not in finished
    shutil.rmtree(drive)
    shutil.copytree(template, drive, symlinks=True)
    with open(os.path.join(new_fw, "ludoboard", "same.py"), "rb") as f, \
            open(os.path.join(old_fw, "ludoboard", "same.py"), "rb") as g:
        assert f.read() == g.read()          # one module does not change: it is carried, not written
    seen = {}
    step = 1
    while _killed_at(step, drive, new_fw):
        with open(os.path.join(drive, "code.py"), "rb") as f:
            code = f.read()
        if code == deploy.GUARD:
            state = "guard"
        else:
            state = _versions(drive)
            if state not in seen:           # the first time: import as the board would, too
                status, out, err = _imports(drive)
                assert (status, out) == (0, state), "killed at step %d: %s" % (step, err)
        assert state in ("['old']", "['new']", "guard"), "killed at step %d: %s" % (step, state)
        seen[state] = seen.get(state, 0) + 1
        for rel, text in (("lib/neopixel.mpy", "library"), ("notes.txt", "mine")):
            with open(os.path.join(drive, rel)) as f:
                assert f.read() == text, (step, rel)
        # the next deploy finishes the job from wherever this one stopped
        capsys.readouterr()
        assert run_deploy("--drive", drive, "--firmware", new_fw) == 0, (step, capsys.readouterr().err)
        assert contents(drive) == finished, step
        shutil.rmtree(drive)
        shutil.copytree(template, drive, symlinks=True)
        step += 1
    assert step > 30, "the deploy made only %d changes" % (step - 1)
    assert set(seen) == {"['old']", "['new']", "guard"}, seen
    assert b"import" not in deploy.GUARD
