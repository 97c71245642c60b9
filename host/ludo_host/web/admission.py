"""Who the web server lets in, how much each may ask, and in what order it is done.

The server (server.py) is on the open network with --lan or a public link, so it holds
under visitors who mean harm (docs/web.md, "Links and security"):

- `Limits`: the numbers.  Watchers (the watch link) are capped in all and per address;
  the table's page and the seat pages are always let in (a link opened on more than
  `pages_per_link` pages closes its oldest page).  What the table and the seats ask goes
  through per-link and per-address buckets, and at most `pending_per_link` requests of a
  link wait: the rest get one error line, never a place in a queue.
- `ConnectionGuard` (with `GuardedSite`): every TCP connection is counted, a total kept
  well below the process's file limit (so that running out of descriptors never reaches
  the board or its save), and a connection that has not made a request with a valid
  token within `request_timeout_s` is closed.
- `Worker`: the one thread that talks to the board, the room's clock and the table first,
  the seats after them.
- `quiet_logs`: aiohttp's and asyncio's log records as one short line each (at most one
  a second), never a traceback: a malformed request is the visitor's fault, not news.
"""
import asyncio
import concurrent.futures
import heapq
import itertools
import logging
import resource
import threading
import time
import urllib.parse

from aiohttp import web


class Limits:
    """The server's limits; tests make the timeouts short.  See docs/web.md."""

    def __init__(self, **changes):
        self.max_watchers = 200           # watch-link pages in all...
        self.watchers_per_address = 20    # ... and from one address
        self.pages_per_link = 4           # pages of one seat link (or of the table's link) at once
        self.request_timeout_s = 5.0      # a connection's first request must have come by then
        self.idle_s = 15.0                # a kept-alive HTTP connection with no request is closed
        self.send_timeout_s = 10.0        # a page whose sending blocks this long is dropped
        self.beat_every_s = 5.0           # the server's heartbeat to each page...
        self.beat_answer_s = 5.0          # ... which a page must answer within this (else dropped):
        #                                   a page that stops reading goes within 10 s
        self.actions_per_s = 10.0         # the table's or a seat link's requests (all its pages together)
        self.actions_per_address_s = 20.0  # and all of one address's links together (bursts: 3 s' worth)
        self.pending_per_link = 2         # requests of one link waiting for the board at once
        self.max_connections = connection_cap()
        self.max_watchers = min(self.max_watchers, self.max_connections // 2)    # (room for the players)
        for name, value in changes.items():
            if not hasattr(self, name):
                raise TypeError("no such limit: %s" % name)
            setattr(self, name, value)


def connection_cap(reserve=128):
    """TCP connections at once: half of what the file limit leaves after `reserve` for the
    board, its save, the records and the logger, and at most 1,000."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, min(1000, (soft - reserve) // 2))


class Bucket:
    """A token bucket: `rate` a second, bursts of `burst`."""

    def __init__(self, rate, burst):
        self.rate, self.burst = float(rate), float(burst)
        self.level = self.burst
        self.at = time.monotonic()

    def take(self):
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


class Admission:
    """The watchers' caps, the pages of each link and the requests' buckets."""

    def __init__(self, limits):
        self.limits = limits
        self.pages = {}               # link token -> [pages (server.Watcher), oldest first]
        self.buckets = {}             # ("link", token) or ("address", ip) -> Bucket
        self.pending = {}             # link token -> requests admitted and not yet answered

    def refuse_watcher(self, watchers, address):
        """Why a new watch page is not let in now, or None."""
        watching = [w for w in watchers if w.role == "watch"]
        if len(watching) >= self.limits.max_watchers:
            return "503: too many watchers (%d): try again later\n" % self.limits.max_watchers
        if sum(1 for w in watching if w.address == address) >= self.limits.watchers_per_address:
            return "503: too many watch pages from one address (%d)\n" % self.limits.watchers_per_address
        return None

    def page_opened(self, w):
        """A table's or seat page came in: the pages of its link beyond the limit, oldest
        first, which the server closes."""
        pages = self.pages.setdefault(w.link, [])
        pages.append(w)
        extra = len(pages) - self.limits.pages_per_link
        return pages[:extra] if extra > 0 else []

    def page_closed(self, w):
        pages = self.pages.get(w.link)
        if pages and w in pages:
            pages.remove(w)
            if not pages:
                del self.pages[w.link]

    def take_action(self, w):
        """A request of the table's page or a seat page: None when it may go to the board,
        else why not (one line).  `done(w)` when it has been answered."""
        lim = self.limits
        if self.pending.get(w.link, 0) >= lim.pending_per_link:
            return "busy: this link's last requests are not answered yet (wait for them)"
        for key, rate in ((("link", w.link), lim.actions_per_s), (("address", w.address), lim.actions_per_address_s)):
            bucket = self.buckets.get(key)
            if bucket is None:
                if len(self.buckets) > 10000:      # (stale buckets of many addresses)
                    self.buckets.clear()
                bucket = self.buckets[key] = Bucket(rate, 3 * rate)
            if not bucket.take():
                return "too many requests: at most %g a second from one %s" % (rate, key[0])
        self.pending[w.link] = self.pending.get(w.link, 0) + 1
        return None

    def done(self, w):
        left = self.pending.get(w.link, 0) - 1
        if left > 0:
            self.pending[w.link] = left
        else:
            self.pending.pop(w.link, None)


def other_origin(request, own_url):
    """Whether a WebSocket request comes from a page of another site: its Origin is
    neither the host it asked nor `own_url`'s (the page's own address).  No Origin: not a
    browser's page (the token is what keeps strangers out)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    try:
        netloc = urllib.parse.urlsplit(origin).netloc.lower()
    except ValueError:
        return True
    return not netloc or netloc not in (request.host.lower(), urllib.parse.urlsplit(own_url).netloc.lower())


# -- the board's work, most urgent first -------------------------------------------------

CLOCK, TABLE, SEAT = 0, 1, 2          # the room's clock, the table's page, a seat page


class Worker:
    """One thread carrying out jobs one at a time, the lowest priority number first (in
    the order given within one); `submit` returns a concurrent.futures.Future."""

    def __init__(self, name="room"):
        self.name = name
        self._queue = []
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._thread = None
        self._closed = False

    def submit(self, job, priority):
        future = concurrent.futures.Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("the worker has stopped")
            heapq.heappush(self._queue, (priority, next(self._order), job, future))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._ready.notify()
        return future

    def waiting(self):
        """How many jobs wait (not counting the one being done)."""
        return len(self._queue)

    def _run(self):
        while True:
            with self._ready:
                while not self._queue and not self._closed:
                    self._ready.wait()
                if self._closed and not self._queue:
                    return
                _, _, job, future = heapq.heappop(self._queue)
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as exc:       # (handed to the waiting coroutine)
                future.set_exception(exc)

    def shutdown(self, wait=False, cancel_futures=True):
        with self._ready:
            self._closed = True
            if cancel_futures:
                for _, _, _, future in self._queue:
                    future.cancel()
                self._queue = []
            self._ready.notify_all()
        if wait and self._thread is not None:
            self._thread.join()


# -- connections ----------------------------------------------------------------------------

class ConnectionGuard:
    """Counts the server's TCP connections; closes those over the cap (the oldest that has
    not made a valid request first) and those that made none in time."""

    def __init__(self, limits, loop):
        self.limits = limits
        self.loop = loop
        self.waiting = {}             # transport -> timer, of connections not yet let in (oldest first)
        self.open = 0
        self.closed_idle = 0          # (counts, for tests and the docs' figures)
        self.closed_over = 0

    def opened(self, transport):
        self.open += 1
        if self.open > self.limits.max_connections:
            if self.waiting:
                oldest = next(iter(self.waiting))
                self._close(oldest)
                self.closed_over += 1
            else:                     # every connection is a page let in: this one waits no turn
                self.closed_over += 1
                transport.abort()
                return
        self.waiting[transport] = self.loop.call_later(self.limits.request_timeout_s, self._late, transport)

    def let_in(self, transport):
        """A request with a valid token came on this connection: no timer while it is
        served (a WebSocket: as long as it lives)."""
        timer = self.waiting.pop(transport, None)
        if timer is not None:
            timer.cancel()

    def served(self, transport):
        """A page's request was answered: the connection, kept alive for the next one, is
        among the idle again (closed after idle_s, or first when the cap is reached)."""
        if transport is not None and not transport.is_closing() and transport not in self.waiting:
            self.waiting[transport] = self.loop.call_later(self.limits.idle_s, self._late, transport)

    def closed(self, transport):
        self.open -= 1
        self.let_in(transport)

    def _late(self, transport):
        if self.waiting.pop(transport, None) is not None:
            self.closed_idle += 1
            transport.abort()

    def _close(self, transport):
        timer = self.waiting.pop(transport, None)
        if timer is not None:
            timer.cancel()
        transport.abort()


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted by the guard."""

    def __init__(self, inner, guard):
        self.inner, self.guard = inner, guard
        self.transport = None
        self.refused = False

    def connection_made(self, transport):
        self.transport = transport
        self.guard.opened(transport)
        self.refused = transport.is_closing()
        if not self.refused:
            self.inner.connection_made(transport)

    def connection_lost(self, exc):
        self.guard.closed(self.transport)
        if not self.refused:
            self.inner.connection_lost(exc)

    def data_received(self, data):
        if not self.refused:
            self.inner.data_received(data)

    def eof_received(self):
        return None if self.refused else self.inner.eof_received()

    def pause_writing(self):
        if not self.refused:
            self.inner.pause_writing()

    def resume_writing(self):
        if not self.refused:
            self.inner.resume_writing()


ACCEPT_BATCH = 32       # the listening socket's backlog: asyncio accepts up to this many at once,
#                         before the guard counts them, so it must fit in connection_cap's reserve


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site with every connection going through a ConnectionGuard."""

    def __init__(self, runner, host, port, guard_of):
        web.TCPSite.__init__(self, runner, host, port, backlog=ACCEPT_BATCH)
        self._guard_of = guard_of     # function(loop) -> the ConnectionGuard

    async def start(self):
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        guard = self._guard_of(loop)
        server = self._runner.server
        self._server = await loop.create_server(lambda: _Guarded(server(), guard), self._host, self._port,
                                                backlog=self._backlog, reuse_address=self._reuse_address)
        self._bound_port = self._server.sockets[0].getsockname()[1] if self._server.sockets else self._port


# -- logs ------------------------------------------------------------------------------------

class _OneLine(logging.Handler):
    """A log record as one short line through `say`, at most one a second (the others
    counted and said with the next)."""

    def __init__(self, say):
        logging.Handler.__init__(self, logging.WARNING)
        self.say = say
        self.last = 0.0
        self.dropped = 0

    def emit(self, record):
        now = time.monotonic()
        if now - self.last < 1.0:
            self.dropped += 1
            return
        self.last = now
        try:
            text = record.getMessage()
        except Exception:             # (a record whose arguments do not fit its text)
            text = str(record.msg)
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and hasattr(exc, "code") and hasattr(exc, "message"):
            # (aiohttp's HttpProcessingError: a request it could not read)
            where = text.split(" from ", 1)[1] if " from " in text else "?"
            text = "refused a malformed request from %s (%s: %s)" % (where, exc.code, exc.message)
        elif exc is not None:
            text = "%s: %s: %s" % (text, type(exc).__name__, " ".join(str(exc).split()))
        text = " ".join(text.split())
        if len(text) > 120:
            text = text[:117] + "..."
        if self.dropped:
            text += " (and %d more since)" % self.dropped
            self.dropped = 0
        try:
            self.say("web: " + text)
        except Exception:             # (a closed terminal: nothing to tell)
            pass


def quiet_logs(say):
    """aiohttp's and asyncio's warnings and errors as one short line each through `say`."""
    handler = _OneLine(say)
    for name in ("aiohttp", "asyncio"):
        log = logging.getLogger(name)
        for old in [h for h in log.handlers if isinstance(h, _OneLine)]:
            log.removeHandler(old)
        log.addHandler(handler)
        log.propagate = False
    return handler
