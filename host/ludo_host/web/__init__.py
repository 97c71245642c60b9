"""`ludo-host web`: the table's live page, served while the board's games are logged.

The board is the attached one, or a virtual board started here (as `ludo-host board`
does) when none is attached.  The games are logged by `ludo-host log`'s own Logger (same
files, same resend, the same one-logger-per-board lock), in a thread of its own; the
page follows the record files it writes (live.py) and is served on aiohttp with
WebSocket push (server.py).  See docs/web.md.
"""
import asyncio
import os
import signal
import socket
import sys
import threading
import time

from ..logger.setup import port_problem, where_records_go
from ..logger.status import StatusLine
from ..logger import Logger, add_names_argument
from .admission import GuardedSite, quiet_logs
from .live import LiveGame
from .seats import BoardLink, Seating
from .server import Hub, make_app, new_token

DEFAULT_WEB_PORT = 8765
LIGHTS_ASK_S = 0.5          # while a page is open, a board on a serial link is asked its lights this often


class PageStatus(StatusLine):
    """The logger's status line, which also tells the page whether the board is connected."""

    def __init__(self, stream, live):
        StatusLine.__init__(self, stream)
        self.live = live

    def update(self, **changes):
        StatusLine.update(self, **changes)
        self.live.link(self.fields["connected"], self.fields["note"])


class WebService:
    """The logger (a thread) and the web server (an asyncio loop, another thread) for one
    board's data channel `port`.  `start()` returns once the server listens; `url` is the
    watch link, `host_url` the table's (seat links are made there).  `clock`: the seat
    links' clock in seconds (the 45 s rule, the room's lifetime; tests set their own);
    `limits`: admission.Limits (tests make the timeouts short)."""

    def __init__(self, directory, port, host="127.0.0.1", web_port=0, set_time=True,
                 status_every_s=2.0, status_stream=None, finder=None, clock=time.monotonic, limits=None,
                 public_url=None, names=None):
        self.live = LiveGame()
        kwargs = {} if finder is None else {"finder": finder}
        self.logger = Logger(directory, port=port, set_time=set_time, status_every_s=status_every_s,
                             status=PageStatus(status_stream or sys.stderr, self.live), names=names, **kwargs)
        self.seating = Seating(self.live, BoardLink(self.logger), clock=clock, names=self.logger.names)
        self.live.names = self.logger.names
        self.public_url = public_url          # an address that reaches this PC (a tunnel's): the links'
        self.seating.local_only = public_url is None and host not in ("0.0.0.0", "")
        self.hub = Hub(self.live, new_token(), self.seating, limits=limits)
        self.logger.on_game = lambda game: self.live.game_changed(game, self.logger.board_game)
        self.logger.on_status = self.live.board_status
        self.logger.lights_every = self._lights_every
        self.host, self.web_port = host, web_port
        self.loop = None
        self._runner = None
        self._threads = []
        self._started = threading.Event()
        self._start_error = None

    def _lights_every(self):
        """How often the logger asks the board's lights (in its `status`): only while a page
        is open, and not of a virtual board in this process (it shows its own)."""
        return LIGHTS_ASK_S if self.hub.watchers and not self.live.own_board else None

    @property
    def local_url(self):
        """http://HOST:PORT of the page on this PC or its network (the PC's address on the
        local network with --lan)."""
        host = self.host if self.host not in ("0.0.0.0", "") else _lan_address()
        return "http://%s:%d" % (host, self.web_port)

    @property
    def base_url(self):
        """What the friends' links begin with: --public-url's address when given, else
        local_url."""
        return self.public_url or self.local_url

    @property
    def url(self):
        """The watch link (with its token)."""
        return "%s/watch?t=%s" % (self.base_url, self.hub.watch_token)

    @property
    def host_url(self):
        """The table's link (with its token): the watch page with the seat links' buttons;
        on this PC (or its network), whatever --public-url says."""
        return "%s/host?t=%s" % (self.local_url, self.hub.host_token)

    def start(self):
        self.loop = asyncio.new_event_loop()
        t = threading.Thread(target=self._serve, name="web", daemon=True)
        t.start()
        self._threads.append(t)
        self._started.wait(30)
        if self._start_error is not None:
            raise self._start_error
        self.hub.base_url = self.base_url
        t = threading.Thread(target=self.logger.run, name="logger", daemon=True)
        t.start()
        self._threads.append(t)
        return self

    def _serve(self):
        from aiohttp import web
        asyncio.set_event_loop(self.loop)

        quiet_logs(self.logger.status.note)

        async def begin():
            self._runner = web.AppRunner(make_app(self.hub), access_log=None,
                                         keepalive_timeout=self.hub.limits.idle_s)
            await self._runner.setup()
            site = GuardedSite(self._runner, self.host, self.web_port, self.hub.make_guard)
            await site.start()
            self.web_port = self._runner.addresses[0][1]      # (the port taken, for --web-port 0)

        try:
            self.loop.run_until_complete(begin())
        except OSError as exc:
            self._start_error = exc
            self._started.set()
            return
        self._started.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self._runner.cleanup())
        self.loop.close()

    @property
    def logger_running(self):
        return len(self._threads) > 1 and self._threads[1].is_alive()

    def stop(self):
        # The seats played by link go back to the table, as Close the room does: a board that
        # runs on (a virtual board in its own terminal) waits for no link that is gone.
        if self.seating.room is not None and self.logger_running:
            try:
                self.seating.close_room()
            except Exception:          # (stopping goes on whatever the board answers)
                pass
        self.logger.stop()
        if self.loop is not None and self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        for t in self._threads:
            t.join(15)
        self._threads = []
        self.hub.worker.shutdown(wait=False, cancel_futures=True)


def attach_virtual_board(live, board):
    """Show a virtual board running in this process (started, on the real clock) on the
    page: its lit pixels and its own snapshot (the set-up menu's page, the selection, the
    signal showing), as its terminal shows them.  Read in the firmware's thread, at its
    idle polls (the app shows a frame only when it changes)."""
    from ..virtual.snapshot import snapshot_of
    live.own_board = True
    idle = board.sim.on_idle

    def read():
        app = board.app
        frame = bytes(app.frame) if app is not None else b""
        return frame, snapshot_of(app)

    def on_idle():
        live.show(read, board.pixel_map)
        idle()
    board.sim.on_idle = on_idle


def _lan_address():
    """This PC's address on the local network (the one a route to the outside leaves by)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))          # (TEST-NET: nothing is sent)
        return s.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        s.close()


def add_arguments(parser):
    parser.add_argument("--port", help="serial device of the board's data channel (default: the attached "
                        "board's; with none attached, a virtual board is started)")
    parser.add_argument("--virtual", action="store_true", help="start the virtual board even when a board is attached")
    parser.add_argument("--dir", default="games", help="folder for the record files (default: ./games)")
    parser.add_argument("--no-time", action="store_true",
                        help="do not set the board's clock from this PC on connect")
    parser.add_argument("--web-port", type=int, default=DEFAULT_WEB_PORT, metavar="N",
                        help="TCP port of the page (default %d; 0: any free one)" % DEFAULT_WEB_PORT)
    parser.add_argument("--lan", action="store_true",
                        help="serve the local network too (default: this PC only, 127.0.0.1)")
    parser.add_argument("--public-url", type=public_url_argument, default=None, metavar="URL",
                        help="the address that reaches this page from afar (a tunnel you run: Tailscale "
                             "Funnel, cloudflared; docs/web.md): the friends' links and QR codes use it")
    add_names_argument(parser)
    parser.add_argument("--nvm", metavar="PATH", default=None,
                        help="the virtual board's saved game (default: the one `ludo-host board` uses)")
    parser.add_argument("--fresh", action="store_true", help="the virtual board starts with an erased save")


def public_url_argument(text):
    """--public-url: http(s)://HOST[:PORT][/PATH], without a query or a fragment; the links
    are made by adding /seat?t=TOKEN to it."""
    import argparse
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(text.strip())
        parts.port          # (a bad port raises)
    except ValueError as exc:
        raise argparse.ArgumentTypeError("%r is not a URL: %s" % (text[:80], exc))
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.username or parts.password or any(c.isspace() for c in text.strip()):
        raise argparse.ArgumentTypeError("%r: give the address as http(s)://HOST[:PORT][/PATH] "
                                         "(e.g. https://ludo.example.ts.net)" % text[:80])
    return text.strip().rstrip("/")


def run(args):
    if not 0 <= args.web_port <= 65535:
        print("ludo-host web: --web-port %d: a TCP port is 0 to 65535" % args.web_port, file=sys.stderr)
        return 2
    if args.port:
        problem = port_problem(args.port)
        if problem:
            print("ludo-host web: %s" % problem, file=sys.stderr)
            return 2
    # A virtual board works in a folder of its own (its CIRCUITPY drive): the records' folder
    # is made absolute first.
    args.dir = os.path.abspath(args.dir)
    try:
        os.makedirs(args.dir, exist_ok=True)
    except OSError as exc:
        print("ludo-host web: cannot create %s: %s" % (args.dir, exc.strerror or exc), file=sys.stderr)
        return 2
    port = args.port
    if port is None and not args.virtual:
        from ..virtual import _attached_board
        port = _attached_board()
        if port is None and not args.nvm and not args.fresh:
            # A virtual board in a terminal (`bash run.sh`): its page, as `ludo-host log` finds it.
            from ..ports import virtual_board_port
            port = virtual_board_port()
            if port is not None:
                print("ludo-host web: the virtual board running in another terminal (`bash run.sh`): its data "
                      "channel %s" % port)
    if port is not None:
        return _serve(args, port, None)
    return _with_virtual_board(args)


def _with_virtual_board(args):
    from ..virtual import DEFAULT_NVM, on_own_save
    nvm = args.nvm or DEFAULT_NVM
    try:
        os.makedirs(os.path.dirname(os.path.abspath(nvm)), exist_ok=True)
    except OSError as exc:
        print("ludo-host web: cannot use the save %s: %s" % (nvm, exc.strerror or exc), file=sys.stderr)
        return 2
    return on_own_save(nvm, lambda args: _run_virtual_board(args, nvm), args, prog="ludo-host web")


def _run_virtual_board(args, nvm):
    from ..virtual import TERMINAL_SETTINGS, VirtualBoard
    try:
        # As in the terminal, no wooden tokens to put right: a seat link's move (lit for the
        # table as a computer's is) goes on at once.
        board = VirtualBoard(nvm_path=nvm, fresh_nvm=args.fresh, data_port="pty", realtime=True,
                             settings=dict(TERMINAL_SETTINGS))
    except (ValueError, OSError) as exc:
        print("ludo-host web: %s" % exc, file=sys.stderr)
        return 2
    try:
        board.start()
        return _serve(args, board.data_port_path, board)
    finally:
        board.close()


def _serve(args, port, board):
    service = WebService(args.dir, port, host="0.0.0.0" if args.lan else "127.0.0.1", web_port=args.web_port,
                         set_time=not args.no_time, public_url=args.public_url, names=args.names)
    service.logger.intro = where_records_go(args.dir)
    if board is not None:
        attach_virtual_board(service.live, board)
    try:
        service.start()
    except OSError as exc:
        print("ludo-host web: cannot serve on port %d: %s (--web-port N for another)" % (
            args.web_port, exc.strerror or exc), file=sys.stderr)
        return 2
    print("ludo-host web: the table's page (seat links for friends): %s" % service.host_url)
    print("ludo-host web: the watch link: %s" % service.url)
    if board is not None:
        print("ludo-host web: no board attached: a virtual board runs here%s" % (
            " (keys: r roll, s select, Enter confirm, b back, q quit)" if sys.stdin.isatty() else ""))
    if args.public_url:
        print("ludo-host web: the friends' links use %s (it must reach this page: port %d here)" % (
            args.public_url, service.web_port))
    elif not args.lan:
        print("ludo-host web: this PC only (127.0.0.1): a phone cannot open its links; --lan serves "
              "the local network, --public-url URL an address from afar (docs/web.md)")
    sys.stdout.flush()
    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    keys = None
    if board is not None and sys.stdin.isatty():
        from ..virtual.terminal import Keyboard
        keys = Keyboard()
        keys.open()
    try:
        while not stop.is_set() and service.logger_running and (board is None or board.running):
            if keys is None:
                stop.wait(0.2)
                continue
            for key in keys.read(0.1):
                if key == "quit":
                    stop.set()
                elif isinstance(key, tuple) and key[0] != "unknown":
                    board.press(key[0], long=key[1])
    finally:
        if keys is not None:
            keys.close()
        service.stop()
        service.logger.close()
    if service.logger.refused:
        print("ludo-host web: %s" % service.logger.refused, file=sys.stderr)
        return 1
    return 0
