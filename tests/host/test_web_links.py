"""Getting the links to the friends (issue 24): links made on 127.0.0.1 are flagged,
`--public-url` puts an address from afar in the links and their QR codes (tokens as
ever), and `ludo-host web` beside a running `bash run.sh` joins that virtual board."""
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import HERE, ROOT, cli_command, cli_env, wait_until
from ludo_host.web import WebService, public_url_argument
from ludo_host.web.seats import qr_path

NO_BOARD = "/dev/no-ludo-board-here"


def test_public_url_makes_the_links_and_the_table_s_page_stays_on_this_pc(tmp_path):
    svc = WebService(str(tmp_path), NO_BOARD, status_stream=open(tmp_path / "s.txt", "w"),
                     public_url="https://ludo.example.ts.net/table")
    svc.start()
    try:
        assert svc.url.startswith("https://ludo.example.ts.net/table/watch?t=")
        assert svc.host_url.startswith("http://127.0.0.1:%d/host?t=" % svc.web_port)
        assert svc.hub.base_url == "https://ludo.example.ts.net/table"
        assert svc.seating.local_only is False
    finally:
        svc.stop()
    local = WebService(str(tmp_path), NO_BOARD, status_stream=open(tmp_path / "t.txt", "w"))
    assert local.seating.local_only is True


def test_public_url_is_checked_in_one_line(cli, tmp_path):
    import argparse
    assert public_url_argument(" https://a.b:8443/x/ ") == "https://a.b:8443/x"
    for bad in ("ludo.example.net", "ftp://a.b", "https://", "https://a.b/?t=1", "https://a.b/#x",
                "https://u:p@a.b", "https://a.b:99999", "https://a b"):
        with pytest.raises(argparse.ArgumentTypeError):
            public_url_argument(bad)
    out = cli("web", "--public-url", "ludo.example.net", "--dir", tmp_path / "g")
    assert out.returncode == 2 and "http(s)://HOST[:PORT][/PATH]" in out.stderr.splitlines()[-1]


def test_a_qr_code_carries_the_public_link():
    """What the page draws is segno's own encoding of the link, module for module."""
    import segno
    link = "https://ludo.example.ts.net/seat?t=" + "B" * 24
    qr = qr_path(link)
    matrix = segno.make(link, error="m", micro=False).matrix
    assert qr["size"] == len(matrix) + 8
    dark = set()
    for part in qr["d"].split("M")[1:]:
        x, rest = part.split(" ", 1)
        y, width = rest.split("h", 1)
        width = width.split("v")[0]
        for dx in range(int(width)):
            dark.add((int(x) + dx - 4, int(y) - 4))
    assert dark == {(x, y) for y, row in enumerate(matrix) for x, v in enumerate(row) if v}


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (bash test.sh installs it)")
def test_ludo_host_web_beside_a_running_virtual_board_joins_it(tmp_path):
    """`bash run.sh` (ludo-host board) in one terminal, `ludo-host web` in another: the page
    shows that board (its data channel found as `ludo-host log` finds it), not a refusal."""
    home = tmp_path / "home"
    home.mkdir()
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT / "host"), str(ROOT / "firmware")]), "HOME": str(home),
           "TERM": "xterm-256color"}
    sock = "ludo-web-test-%d" % os.getpid()
    subprocess.run(["tmux", "-L", sock, "new-session", "-d", "-x", "80", "-y", "24", "-s", "board",
                    "env " + " ".join("%s=%s" % kv for kv in env.items()) + " %s -m ludo_host.cli board; sleep 30"
                    % sys.executable], check=True)
    web = None
    try:
        link = home / ".local" / "share" / "ludo-board" / "data-port"
        assert wait_until(lambda: os.path.islink(str(link)), 60), subprocess.run(
            ["tmux", "-L", sock, "capture-pane", "-p", "-t", "board"], capture_output=True, text=True).stdout
        out = tmp_path / "web.txt"
        web_env = dict(cli_env(), HOME=str(home))
        with open(out, "w") as fh:
            web = subprocess.Popen(cli_command("web", "--web-port", "0", "--dir", tmp_path / "games"),
                                   env=web_env, stdin=subprocess.DEVNULL, stdout=fh, stderr=subprocess.STDOUT)
        assert wait_until(lambda: "watch link: http" in out.read_text(), 30), out.read_text()
        text = out.read_text()
        assert "the virtual board running in another terminal (`bash run.sh`)" in text
        assert "a phone cannot open its links; --lan" in text
        assert wait_until(lambda: "connected" in out.read_text(), 30), out.read_text()
        assert "is running on the save" not in out.read_text()
        web.send_signal(signal.SIGINT)
        assert web.wait(20) == 0
    finally:
        if web is not None and web.poll() is None:
            web.kill()
            web.wait()
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
        time.sleep(0.2)
