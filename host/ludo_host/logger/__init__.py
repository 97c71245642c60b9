"""`ludo-host log`: write every game the board plays to its own record file.

The board numbers the lines of each game's record (0 = header, then the
actions, last the footer) and sends each as an event when it happens.  The
logger writes a line only when it is the next one of its file: duplicates are
dropped, lines ahead of a gap wait while the board is asked to `resend` what
is missing.  After an unplug or a board reset it waits for the port to come
back, asks `status` and resends from the last line it holds, so a file ends
with nothing missing and nothing twice.
"""
import os
import signal
import sys
import time
from datetime import datetime, timezone

from ..records.writing import GameFile, file_path, latest_number, without_names
from .requests import ANSWER_TIMEOUT_S
from .link import MAX_LINE, BoardLink, first_line
from .setup import port_problem, where_records_go
from .options import add_arguments, add_names_argument, names_argument  # noqa: F401  (cli.py, web)
from ..records.lines import canonical_json, loads_object, shorten, terminal_safe
from .status import StatusLine
from ..words import count, end_words, header_words
from ..ports import find_board_port

RESEND_RETRY_S = 3.0     # ask again when a resend request got no answer
# A resend error meaning "that game is not on the board any more" (docs/serial-protocol.md
# has no error codes; the board app says "no game X on the board").
GONE_WORDS = ("no game", "no such game", "unknown game")


def _is_seq(value):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9


def _is_game_id(value):
    return isinstance(value, str) and 0 < len(value) <= 64


def _clean_line(value):
    return isinstance(value, str) and "\n" not in value and "\r" not in value and len(value) <= 1024


class Logger(BoardLink):
    """The logging loop.  `run()` returns when `stop()` was called (or on SIGINT)."""

    def __init__(self, directory, port=None, status=None, poll_s=0.5, status_every_s=5.0,
                 set_time=True, finder=find_board_port, names=None):
        self.directory = directory
        # {seat letter: a person's name}, written in each record's header and footer
        # (`names`: docs/record-format.md); `ludo-host web` changes it as people join.
        self.names = dict(names or {})
        super().__init__(port, finder, status or StatusLine(sys.stderr))
        self.poll_s = poll_s
        self.status_every_s = status_every_s
        self.set_time = set_time
        self.games = {}               # game id -> GameFile
        self.board_game = None        # the game the board says it is on
        self.board_seq = -1
        self.resend_asked = {}        # game id -> (from seq, monotonic time)
        self._stop = False
        self._last_status_ask = 0.0
        self.answered = False
        # Watchers in this process (`ludo-host web`), called in the logger's thread:
        self.on_game = None           # function(GameFile) when a file's lines changed
        self.on_status = None         # function(message) for each `status` reply of the board
        self.lights_every = None      # function() -> seconds, or None: ask `status` with the board's
        #                               lights that often now (a page is open), else plainly as before
        self.lights_refused = None    # the board's error to a `status` with lights: not asked again
        self._contradiction_told = None   # (game id, seq) of a status contradicting its game's end, said once
        # game id -> how many of its file's lines a board has confirmed, for a game this logger
        # closed as abandoned that a board is on again (the file goes on if they are the same)
        self.taking_up = {}

    # -- control -----------------------------------------------------------
    def stop(self):
        self._stop = True

    def request(self, command, timeout=ANSWER_TIMEOUT_S):
        """Send `command` (a dict with "cmd") to the board from any thread and wait for its
        answer: the board's reply (`{"cmd":..,"re":"ok"}`) or error line (`{"error":..}`), or
        `{"error": why}` in one line when the board is not connected or does not answer in
        `timeout` seconds.  The logger writes it between two reads, so it keeps logging."""
        if self._stop:
            return {"error": "the logger has stopped"}
        return self.requests.ask(command, timeout)

    def run(self):
        while not self._stop:
            if self.ser is None:
                self.requests.write_waiting(lambda command: False)
                if not self._connect():
                    self._sleep(self.poll_s)
                    continue
            self.requests.write_waiting(self.send)
            try:
                data = self.ser.read(self.ser.in_waiting or 1)
            except Exception as exc:  # SerialException, OSError, TypeError from a closed fd
                self._disconnect("connection lost (%s)" % first_line(exc))
                continue
            if data:
                for line in self.splitter.feed(data):
                    self.handle_line(line)
            self._housekeeping()
        self.close()

    def close(self):
        if self.ser is not None:
            try:
                self.ser.close()
            except Exception:
                pass
            self.ser = None
        self._unlock()
        self.requests.link_lost("the logger stopped")
        self.requests.write_waiting(lambda command: False)
        for game in self.games.values():
            game.close()
        self.status.finish()

    def _sleep(self, seconds):
        end = time.monotonic() + seconds
        while not self._stop and time.monotonic() < end:
            time.sleep(min(0.05, seconds))


    # -- connection (the port itself: BoardLink in link.py) --------------------
    def _opened(self):
        self.resend_asked = {}
        self.answered = False         # "connected" once the board has said something sound
        self.status.update(connected=False, note="opened %s, waiting for the board to answer" % self.device)
        if self.set_time:
            now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            self.send({"cmd": "time", "now": now})
        self.ask_status()

    def ask_status(self, lights=False):
        self._last_status_ask = time.monotonic()
        self.send({"cmd": "status", "lights": True} if lights else {"cmd": "status"})

    def _lights_due(self):
        """How often to ask `status` with the lights now (seconds), or None: not now."""
        if self.lights_every is None or self.lights_refused is not None:
            return None
        return self.lights_every()

    def ask_resend(self, game_id, start):
        asked = self.resend_asked.get(game_id)
        now = time.monotonic()
        if asked and asked[0] == start and now - asked[1] < RESEND_RETRY_S:
            return
        if self.send({"cmd": "resend", "from": start, "game": game_id}):
            self.resend_asked[game_id] = (start, now)

    def _housekeeping(self):
        now = time.monotonic()
        self.pending = [p for p in self.pending if now - p["t"] < 10.0]
        for game_id, game in list(self.games.items()):
            if game.has_gap or (game.finished is False and game_id == self.board_game
                                and game.next_seq <= self.board_seq):
                self.ask_resend(game_id, game.next_seq)
        lights_s = self._lights_due()
        every = self.status_every_s if lights_s is None else min(self.status_every_s, lights_s)
        if self.ser is not None and now - self._last_status_ask > every:
            self.ask_status(lights=lights_s is not None)

    # -- incoming ----------------------------------------------------------
    def error(self, text):
        self.status.error(text)

    def handle_line(self, raw):
        """One line from the board (bytes, or None for an over-long line)."""
        if raw is None:
            self.error("serial: line longer than %d bytes, skipped" % MAX_LINE)
            return
        if not raw.strip():
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            self.error("serial: line is not UTF-8, skipped: %s" % shorten(raw))
            return
        try:
            msg = loads_object(text)
        except ValueError as exc:
            self.error("serial: malformed line (%s), skipped: %s" % (exc, shorten(text)))
            return
        problem = self._handle_message(msg)
        if problem:
            self.error("serial: %s, skipped: %s" % (problem, shorten(text)))
        elif not self.answered:
            self.answered = True
            self.status.update(connected=True, note="connected to %s" % self.device)

    def _handle_message(self, msg):
        if "ev" in msg:
            return self._handle_event(msg)
        if "error" in msg:
            return self._handle_error(msg)
        if "re" in msg:
            return self._handle_reply(msg)
        return "unknown message (no ev, re or error)"

    def _game(self, game_id):
        game = self.games.get(game_id)
        if game is None:
            try:
                game = GameFile(game_id, self.directory, latest_number(game_id, self.directory), self.names)
            except (OSError, ValueError) as exc:
                self.error("cannot use the record file for game %r: %s" % (game_id, exc))
                return None
            self.games[game_id] = game
            if game.damaged:
                self.status.note("%s: line %d was damaged: kept the %s before it, the board "
                                 "sends the rest again (the file as it was: %s)" % (
                                     game.path, game.damaged[0], count(len(game.lines), "line"), game.damaged[1]))
            if game.resumed:
                self.status.note("resuming %s (%s%s)" % (
                    game.path, count(len(game.lines), "line"),
                    ", closed as abandoned" if game.abandoned_here else ", finished" if game.finished else ""))
                self._changed(game)
        return game

    def _another_game(self, game_id, why):
        """The board is on a new game with the id of one we hold (the same seed given
        again): the old file is finished (as abandoned, if it was not) and the new
        game gets the next free name, <id>-2.ludo and so on."""
        old = self.games.get(game_id)
        n = old.n + 1 if old is not None else 2
        while os.path.exists(file_path(game_id, self.directory, n)):
            n += 1
        self.taking_up.pop(game_id, None)
        if old is not None:
            if old.abandon():
                self.status.note("%s closed as abandoned after %s" % (old.path, count(len(old.lines) - 1, "line")))
                self._changed(old)
            old.close()
        try:
            game = GameFile(game_id, self.directory, n, self.names)
        except (OSError, ValueError) as exc:
            self.error("cannot use a record file for game %r: %s" % (game_id, exc))
            return None
        self.games[game_id] = game
        self.resend_asked.pop(game_id, None)
        self.status.note("game %s again (%s): a new game with the same id, logged to %s" % (
            game_id, why, game.path))
        return game

    def _handle_event(self, msg):
        ev, game_id, seq = msg.get("ev"), msg.get("game"), msg.get("seq")
        if not _is_game_id(game_id):
            return "event without a valid game id"
        if not _is_seq(seq):
            return "event without a valid seq"
        if ev == "start":
            header = msg.get("header")
            if not isinstance(header, dict) or seq != 0:
                return "start event without a header object at seq 0"
            text = canonical_json(header)
        elif ev == "action":
            text = msg.get("line")
            if not _clean_line(text) or seq == 0 or text.startswith("{") or not text:
                return "action event without a valid line"
        elif ev == "end":
            footer = msg.get("footer")
            if not isinstance(footer, dict) or seq == 0:
                return "end event without a footer object"
            text = canonical_json(footer)
        else:
            return "unknown event %s" % shorten(str(ev), 20)
        self.status.update(game=game_id, turn=msg.get("turn") if ev == "action" else None,
                           last=_describe_event(ev, text, msg.get("events")))
        if ev == "start":
            self.board_game, self.board_seq = game_id, seq
            held = self._game(game_id)
            if held is not None and held.lines and without_names(held.lines[0]) != text:
                self._another_game(game_id, "another start")
        elif game_id == self.board_game:
            self.board_seq = max(self.board_seq, seq)
        self._take(game_id, seq, text)
        return None

    def _take(self, game_id, seq, text):
        game = self._game(game_id)
        if game is None:
            return
        if game_id in self.taking_up and not self._taken_up(game, seq, text):
            return
        try:
            outcome = game.offer(seq, text)
        except OSError as exc:
            self.error("cannot write %s: %s" % (game.path, exc))
            self.stop()
            return
        if outcome == "conflict":
            self.error("game %s line %d: the board sent %s but the file has %s; kept the file's" % (
                game_id, seq, shorten(text, 40), shorten(game.lines[seq], 40)))
        elif outcome == "ahead":
            self.ask_resend(game_id, game.next_seq)
        elif outcome == "new":
            self._changed(game)
            if seq == 0 and loads_object(text).get("start") is None:
                # The board had no clock when the game began (no PC had told it the time):
                # nobody knows when that was, and the header says so.
                self.status.note("game %s began before the board knew the time (no logger had set its "
                                 "clock): its header has \"start\": null" % game_id)
            if game.finished:           # (said as a person would: never "over" when abandoned)
                self.status.note("game %s %s: %s" % (game_id, end_words(game.lines[-1], game.lines[1:-1]), game.path))
            self.status.update(seq=game.next_seq - 1)

    def _taken_up(self, game, seq, text):
        """A line of a game this logger closed as abandoned that a board is on again: its
        lines before the footer must be the file's (each one a duplicate, in order); at the
        footer's place the footer is taken off and the game goes on in its file.  A line that
        differs makes it another game with the same id (a file of its own).  False when this
        line has been dealt with."""
        confirmed = self.taking_up[game.game_id]
        at = game.next_seq - 1                  # where the logger's footer stands
        if not game.abandoned_here:
            del self.taking_up[game.game_id]
            return True
        if seq < at:
            if without_names(game.lines[seq]) != without_names(text):
                self._another_game(game.game_id, "the board's line %d is not the file's" % seq)
                return False
            if seq == confirmed:
                self.taking_up[game.game_id] = confirmed + 1
            return False
        if seq > at or confirmed < at:
            return False                        # (asked again once the file is open)
        del self.taking_up[game.game_id]
        try:
            game.take_up()
        except OSError as exc:
            self.error("cannot write %s: %s" % (game.path, exc))
            self.stop()
            return False
        self.status.note("game %s is on the board again: %s goes on from line %d" % (
            game.game_id, game.path, at + 1))
        self.resend_asked.pop(game.game_id, None)
        return True

    def _pop_pending(self, name):
        for i, p in enumerate(self.pending):
            if p["cmd"] == name:
                return self.pending.pop(i)
        return None

    def _handle_error(self, msg):
        name = msg.get("re")
        if not (name is None or isinstance(name, str)):
            return "error reply with a bad re"
        text = msg.get("error")
        if name is None and isinstance(text, str) and text.startswith('unknown command "'):
            name = text.split('"')[1]   # (a board without that command names it, with "re": null)
        sent = self._pop_pending(name) if name else None
        if name and self.requests.answered(name, msg):
            return None                 # (its asker shows it)
        if sent and name == "resend":
            self._resend_failed(sent.get("game"), text)
            return None
        if sent and name == "status" and sent.get("lights"):
            self.lights_refused = str(text)     # (e.g. a strip too long for one line): said once
            self.error("board: %s (to status with lights): the page shows no lights" % shorten(str(text), 120))
            return None
        self.error("board: %s%s" % (shorten(str(text), 120), " (to %s)" % name if name else ""))
        return None

    def _resend_failed(self, game_id, why):
        """The board refused a resend.  Only when it says it no longer has the game (and is
        on another one) is the file finished as abandoned; otherwise (busy, a race with a new
        event) the request is repeated after RESEND_RETRY_S."""
        game = self.games.get(game_id)
        if game is None or game.finished:
            return
        gone = isinstance(why, str) and any(w in why.lower() for w in GONE_WORDS)
        if not gone or game_id == self.board_game:
            return
        if game.abandon():
            self._changed(game)
            self.error("game %s is gone from the board (%s): %s closed as abandoned after %s" % (
                game_id, shorten(why, 60), game.path, count(len(game.lines) - 1, "line")))

    def _handle_reply(self, msg):
        name = msg.get("re")
        if name == "status":
            return self._handle_status(msg)
        if name in ("record", "record-end"):
            return None  # replies to someone else's `record`; the logger never asks it
        if name == "resend":
            self._pop_pending("resend")
            # A gap left after this is asked again by _housekeeping, at most
            # every RESEND_RETRY_S, so a board that cannot fill it is not flooded.
            return None
        if name == "ok":
            self._pop_pending(msg.get("cmd"))
            if isinstance(msg.get("cmd"), str):
                self.requests.answered(msg["cmd"], msg)
            return None
        return "unknown reply %s" % shorten(str(name), 20)

    def _changed(self, game):
        if self.on_game is not None:
            self.on_game(game)

    def _handle_status(self, msg):
        self._pop_pending("status")
        if self.on_status is not None:
            self.on_status(msg)
        game_id, seq = msg.get("game"), msg.get("seq")
        turn = msg.get("turn")
        if game_id is None:
            self.board_game, self.board_seq = None, -1
            self.status.update(game=None, turn=None, last="board in %s" % shorten(str(msg.get("state")), 12))
        elif not _is_game_id(game_id) or not _is_seq(seq):
            return "status without a valid game and seq"
        else:
            self.board_game, self.board_seq = game_id, seq
            self.status.update(game=game_id, turn=turn if isinstance(turn, str) else None)
            game = self._game(game_id)
            playing = msg.get("state") == "playing"
            if game is not None and game.abandoned_here and seq + 1 >= game.next_seq - 1:
                # closed as abandoned when a board said it no longer had the game (another
                # board, or this one unplugged), and a board is on it again: its lines are asked
                # for from the start; if they are the file's, the game goes on in it
                if game_id not in self.taking_up:
                    self.taking_up[game_id] = 0
                    self.resend_asked.pop(game_id, None)
                self.ask_resend(game_id, self.taking_up[game_id])
            elif game is not None and game.finished and playing and game.next_seq == seq + 1:
                # Over by its last line, playing by its status, at that same line: the board
                # contradicts itself about one game, which keeps its one file.
                if self._contradiction_told != (game_id, seq):
                    self._contradiction_told = (game_id, seq)
                    self.error("board: game %s ended at line %d, yet its status says it is still playing "
                               "there: %s kept as it is" % (game_id, seq + 1, game.path))
            elif game is not None and (game.next_seq > seq + 1 or (game.finished and playing)):
                # the file holds more lines than the board, or a finished game the board
                # is still playing: the board's game is another with the same id
                game = self._another_game(game_id, "the board holds %s, %s %d%s" % (
                    count(seq + 1, "line"), game.path, game.next_seq, ", finished" if game.finished else ""))
            if game is not None and game.next_seq <= seq and not game.finished:
                self.ask_resend(game_id, game.next_seq)
        # Games we hold open that the board is not on: does it still have them?
        for other_id, game in self.games.items():
            if other_id != self.board_game and not game.finished:
                self.ask_resend(other_id, game.next_seq)
        return None


def _describe_event(ev, text, events):
    if ev == "start":
        return "new game: " + header_words(loads_object(text))
    if ev == "end":
        return "game " + end_words(text)
    extra = ""
    if isinstance(events, list) and events:
        extra = " (%s)" % ", ".join(str(e)[:24] for e in events[:4])
    return text + extra


def run(args):
    if args.port:
        problem = port_problem(args.port)
        if problem:
            print("ludo-host log: %s" % problem, file=sys.stderr)
            return 2
    try:
        os.makedirs(args.dir, exist_ok=True)
    except FileExistsError:         # a file (or a link to one) by that name
        print("ludo-host log: %s is not a folder: give --dir a folder for the records" % terminal_safe(args.dir),
              file=sys.stderr)
        return 2
    except OSError as exc:
        print("ludo-host log: cannot create %s: %s" % (terminal_safe(args.dir), exc.strerror or exc),
              file=sys.stderr)
        return 2
    logger = Logger(args.dir, port=args.port, set_time=not args.no_time,
                    status_every_s=max(0.5, args.status_every), names=args.names)
    logger.intro = where_records_go(args.dir)

    def on_signal(signum, frame):
        # Finish the line being written, then stop; a second Ctrl-C stops at once.
        logger.stop()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        logger.run()
    finally:
        logger.close()
    if logger.refused:
        print("ludo-host log: %s" % logger.refused, file=sys.stderr)
        return 1
    return 0
