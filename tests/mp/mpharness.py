"""Run Python code under a real MicroPython interpreter (runner.mjs under Node).

One long-lived Node process serves many requests, so the interpreter starts
once per test session; `run_fresh` asks for a new interpreter.

    mp = MicroPython()                       # mounts the repo's firmware/
    mp.run("import ludo; print(ludo.__name__)")   -> "ludo\\n"
    mp.retained_bytes("import ludo\\ng = ludo.Game('classic', seed=1)")

Used by tests/conftest.py (fixture `micropython`) and by bench/ scripts:
    sys.path.insert(0, os.path.join(ROOT, "tests", "mp")); import mpharness
Command line: python tests/mp/mpharness.py FILE.py [--mount DIR]...
"""
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNNER = os.path.join(HERE, "runner.mjs")
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
# Generous: games under MicroPython run ~50x slower than CPython. Override with LUDO_MP_TIMEOUT (s).
DEFAULT_TIMEOUT = float(os.environ.get("LUDO_MP_TIMEOUT", "300"))


# A tiny random source the same under both Pythons (CPython's and MicroPython's `random`
# differ), for code that plays games in both and compares: `exec` it, or prefix it to code.
LCG_SOURCE = """
class Lcg:
    def __init__(self, s):
        self.s = s
    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n
"""


class MicroPythonError(Exception):
    """A Python exception raised inside MicroPython (or the runner failing).

    `type` is the exception's type name ("ValueError", or "Timeout" /
    "RunnerError" / "ProtocolError" for the harness), `message` its text,
    `traceback` MicroPython's traceback, `stdout` what was printed before it.
    """

    def __init__(self, type, message, traceback, stdout=""):
        self.type = type
        self.message = message
        self.traceback = traceback
        self.stdout = stdout
        super().__init__("%s: %s\n--- MicroPython traceback ---\n%s" % (type, message, traceback.rstrip()))


def unavailable_reason():
    """Why MicroPython cannot run here, or None when it can."""
    if shutil.which("node") is None:
        return "node is not installed (MicroPython runs under Node.js)"
    if not os.path.isdir(PACKAGE):
        return "npm package missing: run `npm ci` (bash test.sh does)"
    return None


def _mount_spec(m):
    """A mount for runner.mjs: an absolute directory, or "DIR=AT" (the interpreter sees DIR at AT)."""
    m = os.fspath(m)
    i = m.rfind("=")
    if i > 0:
        return os.path.abspath(m[:i]) + "=" + m[i + 1:]
    return os.path.abspath(m)


class MicroPython:
    def __init__(self, mounts=None, heapsize=1024 * 1024, node="node"):
        """mounts: directories copied in and put on sys.path (default: firmware/), each
        under its own path, or "DIR=AT" under AT (runner.mjs)."""
        self.mounts = [_mount_spec(m) for m in (mounts or [FIRMWARE])]
        self.heapsize = heapsize
        self.node = node
        self._proc = None
        self._buffer = b""
        self._stderr = None

    # -- process ---------------------------------------------------------

    def _start(self):
        reason = unavailable_reason()
        if reason:
            raise MicroPythonError("RunnerError", reason, "")
        args = [self.node, RUNNER, "--heapsize", str(self.heapsize)]
        for m in self.mounts:
            args += ["--mount", m]
        self._stderr = tempfile.TemporaryFile()
        self._proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, cwd=ROOT)
        self._buffer = b""

    def close(self):
        if self._proc is not None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
            self._proc = None
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _runner_died(self, what):
        self._stderr.seek(0)
        tail = self._stderr.read()[-2000:].decode("utf-8", "replace")
        self.close()
        raise MicroPythonError("RunnerError", what, tail)

    def _request(self, req, timeout):
        if self._proc is None or self._proc.poll() is not None:
            if self._proc is not None:
                self._runner_died("the MicroPython runner had exited (code %s)" % self._proc.returncode)
            self._start()
        # The runner stops a request at its own timeout; ours is a backstop.
        req["timeout_ms"] = int(timeout * 1000)
        try:
            self._proc.stdin.write(json.dumps(req).encode() + b"\n")
            self._proc.stdin.flush()
        except BrokenPipeError:
            self._runner_died("the MicroPython runner is gone")
        deadline = time.monotonic() + timeout + 10
        fd = self._proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self._runner_died("no answer from the MicroPython runner in %.0f s" % timeout)
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self._runner_died("the MicroPython runner exited")
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    # -- running code ------------------------------------------------------

    def run(self, code, paths=None, timeout=None, reset=False, keep_globals=False):
        """Runs `code` as one top-level call; returns what it printed.

        paths: more directories for this run (copied in when first named,
        put first on sys.path). Unless keep_globals, each run starts afresh:
        empty __main__ globals, sys.path = paths + firmware/ + MicroPython's
        own, current directory firmware/. Imported modules stay cached until
        a reset (run_fresh). Raises MicroPythonError.
        """
        req = {"code": code, "reset": bool(reset), "keep_globals": bool(keep_globals)}
        if paths:
            req["mounts"] = [_mount_spec(p) for p in paths]
        reply = self._request(req, DEFAULT_TIMEOUT if timeout is None else timeout)
        err = reply.get("error")
        if err:
            raise MicroPythonError(err["type"], err["message"], err["traceback"], reply.get("stdout", ""))
        return reply["stdout"]

    def run_fresh(self, code, paths=None, timeout=None):
        """Like run, in a new interpreter (nothing imported yet)."""
        return self.run(code, paths=paths, timeout=timeout, reset=True)

    def run_steps(self, steps, paths=None, timeout=None, fresh=True):
        """Runs each code string as its own top-level call, sharing globals.

        Returns the list of outputs. MicroPython's GC frees nothing inside a
        running call: to see what is retained, collect at the start of a step.
        """
        outs = []
        for i, code in enumerate(steps):
            outs.append(self.run(code, paths=paths, timeout=timeout,
                                 reset=fresh and i == 0, keep_globals=i > 0))
        return outs

    def retained_bytes(self, code, setup="", paths=None, timeout=None):
        """Heap bytes still held after `code` ran (gc.mem_alloc difference).

        In a fresh interpreter: `setup` runs first (not counted), then the
        baseline is taken after two collections (each in its own call), `code`
        runs as its own call, and the heap is measured the same way. Keep
        what should count in globals of `code`.
        """
        steps = [
            "import gc\n" + setup,
            # A collection right after a call still sees some of that call's
            # leftovers (measured: the previous call's garbage survives one
            # more collection), so collect in a call of its own first.
            "gc.collect()",
            "gc.collect()\n__ludo_base = gc.mem_alloc()",
            code,
            "gc.collect()",
            "gc.collect()\nprint(gc.mem_alloc() - __ludo_base)",
        ]
        return int(self.run_steps(steps, paths=paths, timeout=timeout)[-1])


def main(argv):
    import argparse
    p = argparse.ArgumentParser(description="Run a Python file under MicroPython (WebAssembly, Node).")
    p.add_argument("file")
    p.add_argument("--mount", action="append", help="directory to copy in and put on sys.path (default: firmware/)")
    args = p.parse_args(argv)
    with open(args.file, encoding="utf-8") as f:
        code = f.read()
    with MicroPython(mounts=args.mount) as mp:
        try:
            sys.stdout.write(mp.run(code))
        except MicroPythonError as e:
            sys.stdout.write(e.stdout)
            sys.stderr.write(e.traceback)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
