"""`ludo-host web --virtual` as a user runs it (a subprocess), under requests that broke it
(issue 25): malformed requests give no traceback; idle connections past the process's
file limit are closed and never reach the board or its save."""
import os
import re
import resource
import socket
import struct
import subprocess
import time
import urllib.request

import pytest

from conftest import cli_command, cli_env, wait_until


class WebCommand:
    """`ludo-host web --virtual` in a subprocess, its output (stdout and stderr) in a file;
    `nofile`: its file limit (set in the child only); `keys`: a pty on its stdin (keys)."""

    def __init__(self, tmp_path, nofile=None, keys=False):
        self.out = tmp_path / "web-out.txt"
        self.tmp_path = tmp_path
        fh = open(self.out, "w")
        stdin, self.keys = subprocess.DEVNULL, None
        if keys:
            import pty
            import tty
            self.keys, slave = pty.openpty()
            tty.setraw(slave)
            stdin = slave

        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.proc = subprocess.Popen(
            cli_command("web", "--virtual", "--web-port", "0", "--dir", "games", "--nvm", tmp_path / "nvm.bin",
                        "--fresh"),
            cwd=tmp_path, env=cli_env(), stdin=stdin, stdout=fh, stderr=subprocess.STDOUT,
            preexec_fn=limit)
        if keys:
            os.close(slave)
        fh.close()
        assert wait_until(lambda: "watch link: http" in self.text(), 30), self.text()
        self.watch = self.text().split("watch link: ")[1].split()[0]
        self.port = int(self.watch.split(":")[2].split("/")[0])
        self.token = self.watch.split("?t=")[1]

    def text(self):
        return self.out.read_text()

    def press(self, keys):
        os.write(self.keys, keys.encode())

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.keys is not None:
            os.close(self.keys)


@pytest.fixture
def web_command(tmp_path):
    started = []

    def start(**kw):
        started.append(WebCommand(tmp_path, **kw))
        return started[-1]
    yield start
    for w in started:
        w.stop()


def raw(port, data, read=True):
    """Send bytes on a new connection; what came back (up to the server's close)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        s.sendall(data)
        got = b""
        while read:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            got += chunk
        return got
    finally:
        s.close()


def masked_frame(opcode, payload=b""):
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + b"\0\0\0\0" + payload


def test_malformed_requests_and_a_peer_gone_mid_ping_flood_give_no_traceback(web_command):
    web = web_command()
    assert wait_until(lambda: "connected" in web.text(), 30), web.text()
    before = web.text()
    # A 9 KB URL, a raw 0xff in the request line: refused (400), no token needed to try.
    assert raw(web.port, b"GET /watch?x=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")[:12] in (b"HTTP/1.1 400", b"HTTP/1.0 400")
    assert raw(web.port, b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n")[:12] in (b"HTTP/1.1 400", b"HTTP/1.0 400")
    # A WebSocket that floods PINGs and is gone (reset) while the pongs are being written.
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", web.port))
        s.sendall(("GET /ws?t=%s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                   % web.token).encode())
        s.recv(4096)
        try:
            s.sendall(masked_frame(0x9, b"p" * 100) * 5000)
        except OSError:
            pass
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
    time.sleep(1.5)
    with urllib.request.urlopen(web.watch, timeout=10) as r:      # still serving
        assert r.status == 200
    said = web.text()[len(before):]
    assert "Traceback" not in said and "Error" not in said, said
    lines = [x for x in said.split("\n") if x.strip()]
    assert len(lines) <= 3 and all(len(x) < 200 for x in lines), said


def closed_by_server(s):
    """Whether the server closed this (idle) connection: EOF or a reset, not 'nothing yet'."""
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_idle_connections_past_the_file_limit_are_closed_and_never_reach_the_board(web_command, tmp_path):
    # The process may open 256 files; 400 connections that never send a byte come at once.
    web = web_command(nofile=256, keys=True)
    assert wait_until(lambda: "connected" in web.text(), 30), web.text()
    idle, refused = [], 0
    try:
        for _ in range(400):
            try:
                idle.append(socket.create_connection(("127.0.0.1", web.port), timeout=2))
            except OSError:             # (a server that no longer accepts)
                refused += 1
                break
        # Meanwhile the table plays: a game begins and its rolls are saved and logged.
        web.press("\r")
        time.sleep(0.5)
        web.press("r")
        for n in range(12):
            time.sleep(0.5)
            web.press("r" if n % 2 else "\r")     # roll, and confirm a move when one is due
        text = web.text()
        assert "Too many open files" not in text and "Traceback" not in text, text
        assert web.proc.poll() is None, text
        # Within the few seconds a connection has to make a request, all 400 are closed.
        assert refused == 0 and len(idle) == 400
        assert wait_until(lambda: all(closed_by_server(s) for s in idle), 10)
    finally:
        for s in idle:
            s.close()
    records = list((tmp_path / "games").glob("*.ludo"))
    assert records and len(records[0].read_text().split("\n")) >= 4, web.text()     # (two actions at least)
    with urllib.request.urlopen(web.watch, timeout=10) as r:
        assert r.status == 200
    assert "Too many open files" not in web.text() and "Traceback" not in web.text()
