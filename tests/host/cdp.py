"""A small Chrome DevTools Protocol client over --remote-debugging-pipe.

Headless Chromium reads commands on fd 3 and writes replies on fd 4, one JSON
message each, NUL-terminated.  No websocket library, no browser download:
Debian's `chromium` and the standard library.
"""
import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars")


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class CDPError(RuntimeError):
    pass


class Browser:
    # A fresh Chromium's first answer can be slow on a busy 2-core machine running two test workers.
    def __init__(self, binary=None, width=1200, height=820, timeout=90.0):
        self.binary = binary or find_chromium()
        if not self.binary:
            raise CDPError("no chromium on PATH")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="ludo-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        # bash (dash takes no fd above 9) puts our pipe ends on fds 3 and 4, then execs chromium.
        args = list(FLAGS) + ["--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                              "--window-size=%d,%d" % (width, height), "about:blank"]
        self.log_path = os.path.join(self.profile, "chromium.log")
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                ["bash", "-c", 'exec "$0" "$@" 3<&%d 4>&%d' % (to_child_r, from_child_w), self.binary] + args,
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(to_child_r, from_child_w))
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next_id = 0
        self.events = []
        self.session = None
        self.width, self.height = width, height

    # -- wire --------------------------------------------------------------
    def _read_message(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError("chromium did not answer in time")
            if select.select([self._from_child], [], [], left)[0]:
                data = os.read(self._from_child, 65536)
                if not data:
                    raise CDPError("chromium closed the pipe (exit code %r): %s" % (self.proc.poll(), self.log_tail()))
                self._buf += data
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw.decode("utf-8"))

    def send(self, method, params=None, session=True):
        self._next_id += 1
        msg = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        try:
            os.write(self._to_child, json.dumps(msg).encode("utf-8") + b"\0")
        except BrokenPipeError:
            raise CDPError("chromium is gone (exit code %r): %s" % (self.proc.poll(), self.log_tail()))
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CDPError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, ev in enumerate(self.events):
                if ev.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def log_tail(self, lines=8):
        try:
            with open(self.log_path, "rb") as fh:
                text = fh.read().decode("utf-8", "replace")
        except OSError:
            return ""
        keep = [l for l in text.splitlines() if "dbus" not in l and "unexpected operator" not in l]
        return " | ".join(keep[-lines:])

    # -- page --------------------------------------------------------------
    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", {"width": self.width, "height": self.height,
                                                         "deviceScaleFactor": 1, "mobile": False})
        self.events = []
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        res = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in res:
            raise CDPError("page error: %s" % res["exceptionDetails"].get("text"))
        return res["result"].get("value")

    def key(self, key, code=None, keycode=None):
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35, "n": 78, "p": 80}
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": keycode or codes.get(key, 0)}
        self.send("Input.dispatchKeyEvent", dict(params, type="keyDown"))
        self.send("Input.dispatchKeyEvent", dict(params, type="keyUp"))

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as fh:
            fh.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (CDPError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
