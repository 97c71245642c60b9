"""`ludo-host web`: from an event on the board to the page's update in the browser.

A virtual board (real firmware, on the real clock) plays; `ludo-host web`'s service logs
it over the board's pty and serves the page to N watchers, tabs of one headless Chromium
(Debian's `chromium`).  For each action the board sends, the time it wrote the event on
its data channel is taken (time.time(), in the board's write) and each tab notes when its
page had drawn that step (performance.timeOrigin + performance.now(), after the move list
and the tokens changed).  One clock, one machine: the difference is the latency.  Prints
p50/p95/max over every (tab, event), for 1 and for 50 watchers.

    python bench/web_latency.py                # 1 and 50 watchers, 30 actions each
    python bench/web_latency.py --watchers 1 10 --actions 20
"""
import argparse
import json
import os
import pathlib
import re
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "host"), str(ROOT / "host"), str(ROOT / "firmware")]

import cdp  # noqa: E402
from ludo_host.virtual import VirtualBoard  # noqa: E402
from ludo_host.web import WebService, attach_virtual_board  # noqa: E402
from ludo_host.web.admission import Limits  # noqa: E402

ACTION = re.compile(rb'"ev":"action".*?"seq":(\d+)')
NOTE_ARRIVALS = """
window.__arrived = {};
ludoLive.onUpdate = function (msg) {
  if (msg.type !== "steps") { return; }
  var t = performance.timeOrigin + performance.now();
  for (var i = 0; i < msg.steps.length; i++) { window.__arrived[msg.from + i] = t; }
};
true
"""


def timed_writes(board, sent):
    """Note when the board writes each action event on its data channel: sent[seq] = time."""
    port = board.sim.data
    write = port.write

    def noting(data):
        now = time.time()
        n = write(data)
        for m in ACTION.finditer(bytes(data[:n])):
            sent.setdefault(int(m.group(1)), now)
        return n
    port.write = noting


def open_tab(browser, url):
    target = browser.send("Target.createTarget", {"url": url}, session=False)["targetId"]
    return browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]


def in_tab(browser, session, expression):
    browser.session = session
    return browser.eval(expression)


def run(watchers, actions, seed):
    with tempfile.TemporaryDirectory() as tmp:
        board = VirtualBoard(data_port="pty", realtime=True)
        sent = {}
        timed_writes(board, sent)
        board.start()
        # (the tabs all come from this PC's address: the per-address cap of watchers is lifted)
        svc = WebService(tmp, board.data_port_path, status_stream=open(os.path.join(tmp, "status.txt"), "w"),
                         limits=Limits(watchers_per_address=watchers))
        attach_virtual_board(svc.live, board)
        svc.start()
        try:
            with cdp.Browser(width=800, height=700, timeout=60) as browser:
                tabs = [open_tab(browser, svc.url) for _ in range(watchers)]
                deadline = time.monotonic() + 60
                for tab in tabs:
                    while not in_tab(browser, tab, "!!(window.ludoLive && ludoLive.socket && "
                                                   "ludoLive.socket.readyState === 1)"):
                        if time.monotonic() > deadline:
                            raise SystemExit("web_latency: the tabs did not connect")
                        time.sleep(0.05)
                    in_tab(browser, tab, NOTE_ARRIVALS)
                board.send('{"cmd":"new","players":2,"preset":"classic","seed":%d}' % seed)
                time.sleep(1.0)
                first = None
                while len(sent) < actions:
                    board.press("roll")
                    time.sleep(0.6)
                    board.press("select")
                    time.sleep(0.2)
                    board.press("confirm")
                    time.sleep(0.5)
                    if first is None and sent:
                        first = min(sent)
                time.sleep(1.5)
                seqs = sorted(sent)[:actions]
                latencies, missing = [], 0
                for tab in tabs:
                    arrived = in_tab(browser, tab, "JSON.stringify(window.__arrived)")
                    arrived = {int(k): v for k, v in json.loads(arrived).items()}
                    for seq in seqs:
                        if seq in arrived:
                            latencies.append(arrived[seq] - sent[seq] * 1000.0)
                        else:
                            missing += 1
        finally:
            svc.stop()
            board.close()
    return latencies, missing, len(seqs)


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100.0 * (len(values) - 1))))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--watchers", type=int, nargs="+", default=[1, 50])
    parser.add_argument("--actions", type=int, default=30, help="actions timed per run (default 30)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    if not cdp.find_chromium():
        print("web_latency: needs chromium (bash test.sh installs Debian's)", file=sys.stderr)
        return 2
    # Tabs behind the first are background tabs: Chromium must not slow their timers down.
    cdp.FLAGS = cdp.FLAGS + ("--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                             "--disable-backgrounding-occluded-windows")
    print("event on the board (written on its data channel) -> page updated in Chromium, localhost, %d CPUs"
          % os.cpu_count())
    print("%9s %8s %8s %8s %8s %8s" % ("watchers", "events", "p50 ms", "p95 ms", "max ms", "missed"))
    for n in args.watchers:
        latencies, missing, events = run(n, args.actions, args.seed)
        print("%9d %8d %8.1f %8.1f %8.1f %8d" % (
            n, events, statistics.median(latencies), percentile(latencies, 95), max(latencies), missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
