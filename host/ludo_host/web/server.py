"""The web server of `ludo-host web`: the watch page and its WebSocket, on aiohttp.

Every change of the game (LiveGame) wakes each watcher's sender, which sends what that
watcher lacks: the whole game when it has another one (or none), else the new steps,
then the words and the lights if they changed.  So a watcher's backlog is at most one
message of each kind however fast the board goes (a bounded queue that keeps the
newest), and a watcher that does not read is dropped (sending.py): one slow or flooding
browser never holds up the board link (the logger's own thread) or the other watchers.

Messages from a browser are at most MAX_MESSAGE bytes of JSON, `{"type": ...}`; each gets
an answer or one error line, and a browser sending more than RATE_PER_S for long is
disconnected.  Every page gets a heartbeat (`{"type":"beat","id":...}`) that it must
answer in kind (sending.py).  Who is let in, and how much each may ask, is admission.py's.

Three kinds of link, each with its own token: the watch link (it never acts), the
table's link (the host: it makes the room of seat links and fills empty seats), and a
seat link per open seat (it plays that seat only, on its turn).  What the table and the
seats ask is carried out one request at a time in a worker thread (the board's answer
is waited for there, never in the server's loop), as is the room's clock, every TICK_S:
the clock and the table first, the seats after them.
"""
import asyncio
import collections
import json
import secrets
import sys
import time

from aiohttp import WSMsgType, web

from ..replay.steps import is_refusal
from . import page
from .admission import CLOCK, SEAT, TABLE, Admission, ConnectionGuard, Limits, Worker, other_origin
from .room import REMOTE as REMOTE_STATE
from .seats import check_message
from .sending import beat_loop, send_loop

MAX_MESSAGE = 1024            # bytes of one message from a browser
MAX_FRAME = 64 * 1024         # aiohttp closes the socket (1009) on a message over this
RATE_PER_S = 20               # messages a browser may send a second (a burst of twice that)
FLOOD_LIMIT = 200             # messages over the rate (less those within it) before a disconnect
REPLIES_KEPT = 16             # answers waiting for a browser (the oldest go first)
SEAT_ACTIONS = ("join", "roll", "move", "pass", "leave", "resign")
HOST_ACTIONS = ("room", "fill", "reopen", "name", "close")
ACTIONS = SEAT_ACTIONS + HOST_ACTIONS
TICK_S = 0.5                  # how often the room's clock is applied (the 45 s rule, its lifetime)


def new_token():
    """An unguessable link token."""
    return secrets.token_urlsafe(18)


def _dumps(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


class Watcher:
    """One browser on the watch link: what it has been sent, and what waits for it."""

    def __init__(self, ws, request, role="watch", seat=None):
        self.ws = ws
        self.request = request
        self.role = role              # watch, host (the table's page) or seat
        self.seat = seat              # the room's Seat of a seat link
        self.link = request.query.get("t", "") if request is not None else ""   # its link's token
        self.address = request.remote if request is not None else None
        self.beat = None              # the heartbeat's id the page has yet to answer
        self.beat_answered = asyncio.Event()
        self.acting = set()           # its requests being carried out (tasks)
        self.joined = False           # this page counts as its seat's player (room.join)
        self.panel_sent = None        # the table's or the seat's view as last sent
        self.game_key = object()      # (nothing sent yet)
        self.steps_sent = 0
        self.state_sent = -1
        self.lights_sent = -1
        self.replies = collections.deque(maxlen=REPLIES_KEPT)
        self.wake = asyncio.Event()
        self.allowance = 2.0 * RATE_PER_S
        self.allowance_at = time.monotonic()
        self.over_rate = 0
        self.told_rate = 0.0

    def reply(self, obj):
        self.replies.append(_dumps(obj))
        self.wake.set()

    def take_message(self):
        """True when a message from this browser is within its rate (a token bucket)."""
        now = time.monotonic()
        self.allowance = min(2.0 * RATE_PER_S, self.allowance + (now - self.allowance_at) * RATE_PER_S)
        self.allowance_at = now
        if self.allowance >= 1.0:
            self.allowance -= 1.0
            self.over_rate = max(0, self.over_rate - 1)
            return True
        self.over_rate += 1
        return False


class Hub:
    """The watchers, and the game's messages made once for all of them; the seat links'
    room (`seating`, seats.Seating; None: no seat links) and the table's token."""

    def __init__(self, live, watch_token, seating=None, host_token=None, limits=None):
        self.live = live
        self.watch_token = watch_token
        self.host_token = host_token or new_token()
        self.seating = seating
        self.base_url = ""            # http://host:port, for the seat links
        self.limits = limits or Limits()
        self.admission = Admission(self.limits)
        self.guard = None             # the ConnectionGuard of the site (make_guard)
        self.worker = Worker("room")
        self.watchers = set()
        self.loop = None
        self.game_key = None
        self.game_json = None         # the game's facts and drawing data, without its steps
        self.steps_json = []          # each step, serialised once
        self.state_json = None
        self.state_version = 0
        self.lights_json = None
        self.lights_version = 0
        self._refresh_due = False
        live.on_change.append(self._changed_elsewhere)

    # -- the game changed (in the logger's or the board's thread) -------------
    def _changed_elsewhere(self):
        loop = self.loop
        if loop is not None and not self._refresh_due:
            self._refresh_due = True
            try:
                loop.call_soon_threadsafe(self.refresh)
            except RuntimeError:      # the loop has closed (shutting down)
                pass

    def refresh(self):
        """Take the game's news from LiveGame, serialise it once, wake every watcher."""
        self._refresh_due = False
        live = self.live
        key, steps = live.steps_from(len(self.steps_json))
        if key != self.game_key or self.game_json is None:
            key, game = live.snapshot()
            self.game_key = key
            if game is None:
                self.game_json, self.steps_json = None, []
            else:
                steps = game.pop("steps")
                self.game_json = _dumps(game)
                self.steps_json = [_dumps(st) for st in steps]
        else:
            self.steps_json.extend(_dumps(st) for st in steps)
        state = live.state()
        lights = state.pop("lights")
        # "_now" (first, keys being sorted) is the server's clock when sent: the page
        # counts a deadline down by it, whatever its own clock says.
        state_json = _dumps(dict(state, type="state", _now=0))
        if state_json != self.state_json:
            self.state_json = state_json
            self.state_version += 1
        lights_json = _dumps({"type": "lights", "on": lights})
        if lights_json != self.lights_json:
            self.lights_json = lights_json
            self.lights_version += 1
        for w in self.watchers:
            w.wake.set()

    def messages_for(self, w):
        """What watcher `w` lacks now, as JSON texts (and note them as sent)."""
        out = []
        if w.game_key != self.game_key:
            w.game_key = self.game_key
            w.steps_sent = len(self.steps_json)
            out.append('{"type":"game","game":%s,"steps":[%s]}' % (
                self.game_json or "null", ",".join(self.steps_json)))
        elif w.steps_sent < len(self.steps_json):
            out.append('{"type":"steps","from":%d,"steps":[%s]}' % (
                w.steps_sent, ",".join(self.steps_json[w.steps_sent:])))
            w.steps_sent = len(self.steps_json)
        if w.state_sent != self.state_version and self.state_json is not None:
            w.state_sent = self.state_version
            out.append(self.state_json.replace('{"_now":0,', '{"_now":%.3f,' % self.live.clock(), 1))
        if w.lights_sent != self.lights_version and self.lights_json is not None:
            w.lights_sent = self.lights_version
            out.append(self.lights_json)
        if w.role != "watch" and self.seating is not None:
            view = self.seating.host_view(self.base_url) if w.role == "host" else self.seating.seat_view(w.seat)
            text = _dumps(view)
            if text != w.panel_sent:
                w.panel_sent = text
                out.append(text)
        # The answers last: a page told "done" has the game and its view as they are after it.
        out.extend(w.replies)
        w.replies.clear()
        return out

    def role_of(self, request):
        """(role, seat) of the link a request carries: ("watch"|"host"|"seat", Seat or
        None), or (None, None) for a wrong or missing token."""
        given = request.query.get("t", "")
        if _same(given, self.watch_token):
            return "watch", None
        if _same(given, self.host_token):
            return "host", None
        seat = self.seating.seat_of(given) if self.seating is not None else None
        return ("seat", seat) if seat is not None else (None, None)

    def make_guard(self, loop):
        self.guard = ConnectionGuard(self.limits, loop)
        return self.guard

    # -- the table's and the seats' requests (carried out in the worker thread) ------------
    def act(self, w, msg):
        """An action message of the table's page or a seat page: carried out (a task that
        replies), or answered at once when its link's limits do not let it through now:
        what cannot be served is refused, never queued, and the page's next messages are
        read meanwhile."""
        refused = self.admission.take_action(w)
        if refused:
            w.reply({"type": "error", "error": refused})
            return None

        async def perform_and_reply():
            try:
                w.reply(await self.perform(w, msg))
            finally:
                self.admission.done(w)
        task = asyncio.ensure_future(perform_and_reply())
        w.acting.add(task)            # (kept till done: a page that closes meanwhile still gets it done)
        task.add_done_callback(w.acting.discard)

    async def perform(self, w, msg):
        """Carry out an action message of the table's page or a seat page: the answer."""
        kind = msg["type"]
        seating = self.seating

        def do():
            if kind == "room":
                return seating.make_room(msg["seats"])
            if kind == "fill":
                return seating.fill()
            if kind == "close":
                return seating.close_room()
            if kind == "reopen":
                return seating.reopen(msg["seat"])
            if kind == "name":
                return seating.set_name(msg["seat"], msg.get("name") or "")
            if kind == "join" and w.joined:
                return "joined already: this page plays %s" % w.seat.letter
            problem = seating.act(w.seat, msg)
            if kind == "join" and problem is None:
                w.joined = True
            if kind == "leave" and problem is None:
                for other in list(self.watchers):     # (the seat's pages: Join again counts anew)
                    if other.seat is w.seat:
                        other.joined = False
            return problem

        try:
            problem = await self._in_worker(do, TABLE if w.role == "host" else SEAT)
        except Exception as exc:
            # (whichever copy of the rules core refused it, or something went wrong: one line)
            problem = _first_line(exc) if is_refusal(exc) else "%s failed: %s" % (kind, _first_line(exc))
            if not is_refusal(exc):
                print("ludo-host web: %s" % problem, file=sys.stderr)
        return {"type": "error", "error": problem} if problem else {"type": "done", "action": kind}

    async def opened(self, w):
        """A table's or seat page connected: the table counts as someone in the room; a seat
        page of a player who joined before takes the seat back (control returns)."""
        if w.role == "host":
            await self._in_worker(self.seating.host_opened, TABLE)
        elif w.role == "seat" and w.seat.state == REMOTE_STATE:
            def rejoin():
                problem = self.seating.act(w.seat, {"type": "join"})
                w.joined = problem is None
                return problem
            problem = await self._in_worker(rejoin, SEAT)
            if problem:
                w.reply({"type": "error", "error": problem})

    async def closed(self, w):
        if w.role == "host":
            await self._in_worker(self.seating.host_closed, TABLE)
        elif w.role == "seat" and w.joined:
            w.joined = False
            await self._in_worker(lambda: self.seating.seat_closed(w.seat), SEAT)

    async def tick(self):
        """Apply the room's clock (in the worker thread)."""
        if self.seating is not None and self.seating.room is not None:
            if await self._in_worker(self.seating.tick, CLOCK):
                self.refresh()

    async def _in_worker(self, job, priority):
        try:
            result = await asyncio.wrap_future(self.worker.submit(job, priority))
        finally:
            self.refresh()
        return result

    # -- a browser's message ---------------------------------------------------
    def receive(self, w, data):
        """Check one message from a browser: (an answer to send now, or None; an action
        message for `perform`, or None)."""
        if not w.take_message():
            now = time.monotonic()
            if now - w.told_rate >= 1.0:
                w.told_rate = now
                return {"type": "error", "error": "too many messages: at most %d a second" % RATE_PER_S}, None
            return None, None
        answer = self._check(w, data)
        if isinstance(answer, dict) and answer.get("type") != "error" and answer["type"] in ACTIONS:
            return None, answer
        return answer, None

    def _check(self, w, data):
        if isinstance(data, bytes):
            return {"type": "error", "error": "binary message: send JSON text"}
        size = len(data.encode("utf-8"))
        if size > MAX_MESSAGE:
            return {"type": "error", "error": "message of %d bytes: at most %d" % (size, MAX_MESSAGE)}
        try:
            msg = json.loads(data)
        except ValueError:
            return {"type": "error", "error": "not JSON"}
        kind = msg.get("type") if isinstance(msg, dict) else None
        if not isinstance(kind, str):
            return {"type": "error", "error": 'not a message: send {"type": ...}'}
        if kind == "beat":
            if w.beat is not None and msg.get("id") == w.beat:
                w.beat = None
                w.beat_answered.set()
            return None
        if kind == "ping":
            stamp = msg.get("id")
            if stamp is not None and not (isinstance(stamp, (int, str)) and len(str(stamp)) <= 40):
                return {"type": "error", "error": "ping: id must be a short number or text"}
            return {"type": "pong", "id": stamp}
        if kind in ACTIONS:
            if w.role == "watch" or self.seating is None:
                return {"type": "error", "error": "a watch link cannot act: %s refused" % kind}
            if w.role == "host" and kind not in HOST_ACTIONS:
                return {"type": "error", "error": "the table plays with the board's buttons: %s refused" % kind}
            if w.role == "seat" and kind not in SEAT_ACTIONS:
                return {"type": "error", "error": "only the table's page can do that: %s refused" % kind}
            problem = check_message(kind, msg)
            if problem:
                return {"type": "error", "error": problem}
            return msg
        sends = {"watch": "a watcher sends: ping", "host": "the table's page sends: ping, " + ", ".join(HOST_ACTIONS),
                 "seat": "a seat page sends: ping, " + ", ".join(SEAT_ACTIONS)}[w.role]
        return {"type": "error", "error": "unknown message type %r (%s)" % (kind[:30], sends)}


def _forbidden():
    return web.Response(status=403, text="403: this link needs its token (ask the table for the link)\n")


def _same(given, token):
    return secrets.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode("ascii"))


def _first_line(exc):
    return ((str(exc).splitlines() or [type(exc).__name__])[0])[:300]


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                               "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",           # the link's token stays in this page
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


TICKER = web.AppKey("ticker", asyncio.Task)


def make_app(hub):
    """The aiohttp application serving the watch page (GET /watch?t=TOKEN), the table's
    page (GET /host?t=TOKEN), the seat pages (GET /seat?t=TOKEN) and their WebSocket
    (/ws?t=TOKEN: the token says which page it is)."""
    html = {role: page.render(role) for role in ("watch", "host", "seat")}

    @web.middleware
    async def tokens_only(request, handler):
        # A request with a valid token lets its connection in (admission.ConnectionGuard);
        # any other is answered and its connection closed.
        if hub.role_of(request)[0] is None:
            try:
                response = await handler(request)
            except web.HTTPException as exc:      # (404 and the like)
                exc.force_close()
                raise
            response.force_close()
            return response
        transport = request.transport
        if hub.guard is not None and transport is not None:
            hub.guard.let_in(transport)
        try:
            response = await handler(request)
        finally:
            if hub.guard is not None:
                hub.guard.served(transport)     # (a WebSocket's ends as it closes: nothing to keep)
        return response

    def page_of(role):
        async def serve(request):
            if hub.role_of(request)[0] != role:
                return _forbidden()
            return web.Response(text=html[role], content_type="text/html", headers=SECURITY_HEADERS)
        return serve

    async def socket(request):
        role, seat = hub.role_of(request)
        if role is None:
            return _forbidden()
        if other_origin(request, hub.base_url):
            return web.Response(status=403, text="403: a page of another site cannot open this link\n")
        if role == "watch":
            refused = hub.admission.refuse_watcher(hub.watchers, request.remote)
            if refused:
                return web.Response(status=503, text=refused)
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        w = Watcher(ws, request, role, seat)
        hub.watchers.add(w)
        if role != "watch":
            for old in hub.admission.page_opened(w):
                hub.admission.page_closed(old)
                asyncio.ensure_future(old.ws.close(code=CLOSE_ELSEWHERE, message=b"this link was opened on another page"))
        w.wake.set()
        tasks = [asyncio.ensure_future(send_loop(hub, w)), asyncio.ensure_future(beat_loop(hub, w))]
        try:
            if role != "watch" and hub.seating is not None:
                await hub.opened(w)
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    answer, action = hub.receive(w, msg.data)
                    if action is not None:
                        hub.act(w, action)
                    if answer is not None:
                        w.reply(answer)
                    if w.over_rate > FLOOD_LIMIT:
                        await ws.close(code=1008, message=b"too many messages")
                        break
                elif msg.type == WSMsgType.ERROR:
                    break
        except ConnectionError:           # gone mid-message (its pong not written): nothing to tell
            pass
        finally:
            hub.watchers.discard(w)
            if role != "watch":
                hub.admission.page_closed(w)
            for task in tasks:
                task.cancel()
            if w.acting:                  # (a Join still on its way counts before the page's close)
                await asyncio.gather(*list(w.acting), return_exceptions=True)
            if role != "watch" and hub.seating is not None:
                await hub.closed(w)
        return ws

    async def ticker():
        while True:
            await asyncio.sleep(TICK_S)
            try:
                await hub.tick()
            except Exception as exc:          # never the server's end: the next tick tries again
                print("ludo-host web: seat links: %s" % _first_line(exc), file=sys.stderr)

    async def start(app):
        hub.loop = asyncio.get_running_loop()
        hub.refresh()
        app[TICKER] = asyncio.ensure_future(ticker())

    async def stop(app):
        app[TICKER].cancel()
        for w in list(hub.watchers):
            await w.ws.close(code=1001, message=b"server stopping")

    app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[tokens_only])
    app.router.add_get("/watch", page_of("watch"))
    app.router.add_get("/host", page_of("host"))
    app.router.add_get("/seat", page_of("seat"))
    app.router.add_get("/ws", socket)
    app.on_startup.append(start)
    app.on_shutdown.append(stop)
    return app


CLOSE_ELSEWHERE = 4001            # (the page says so, and does not reconnect by itself)
