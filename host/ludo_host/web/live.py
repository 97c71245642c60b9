"""The game as the live page shows it, kept up to date from the logger and the board.

The logger (in its own thread) hands over each record file whose lines changed; the
lines are the file's, so the page's move list is the record.  Each new action line is
played on the rules core (`replay.steps.Replay.push`) and turned into a step as the HTML
replay draws it (`replay.page.step_data`).

The words are the virtual board's status line (`ludo_host.words.status_words`), said of
a snapshot of the board (`ludo_host.virtual.snapshot`): a virtual board in this process
hands over its own snapshot and its lit pixels (`show`); for a board on a serial link
the snapshot is made from the record and the board's `status` replies (`board_status`:
the set-up menu's page and value, the signal showing, a deadline's time left and, asked
while a page is open, the lit pixels; not a selection).  Both give the page the same
snapshot and the same lit pixels.

Everything is kept under one lock; `on_change` functions are called (in the thread that
changed it) after each change.
"""
import json
import threading
import time

import ludo

from ..replay.page import drawing_data, star_marks, step_data
from ..replay.steps import Replay, is_refusal
from ..setup_words import summary_lines
from ..virtual import snapshot
from ..happened import move_label, said_to, short_words, step_words
from ..words import result_words, status_words

LIGHTS_EVERY_S = 0.1            # at most 10 pictures of the lights a second


def _chances(replay):
    """Each seat's win chance now (ludo.winchance), {seat letter: tenths of a percent}, for
    the page's bar under the board; None when the rules core cannot judge the position."""
    from ludo import winchance
    g = replay.game
    try:
        c = winchance.chances(g)
    except Exception:       # (the page goes on without the bar: it is no reason to stop)
        return None
    return {ludo.SEAT_LETTERS[s]: (c[s] + 5) // 10 for s in g.seats}


class LiveGame:
    """What the board is doing, for the page.  Read it with `snapshot()` and `steps_from(n)`."""

    def __init__(self, clock=time.time, pixel_map=None):
        self.lock = threading.Lock()
        self.clock = clock
        self.pixel_map = pixel_map    # the places in strip order (None: hardware/pixelmap.json's)
        self.on_change = []           # functions(), called after each change
        self.version = 0              # counts changes of anything the page shows
        self.game_key = None          # the record file shown (its path): a new file, a new game
        self.replay = None
        self.header = None
        self.footer = None
        self.lines = []               # the record file's lines as taken so far
        self.steps = []               # step_data of each step
        self.error = None             # where the rules refused a line of the record
        self.board = {"connected": False, "note": "starting", "state": None}
        self.turn_seat = None         # the seat on turn, and since when (the deadline's clock)
        self.turn_since = None
        self.lights = None            # [[place, "#rrggbb"], ...] of the lit pixels, or None (unknown)
        self.view = None              # a virtual board's own snapshot (ludo_host.virtual.snapshot)
        self.remote = (0, None)       # (statuses taken, the seats the board last said are remote)
        self.own_board = False        # a virtual board in this process shows itself (`show`)
        self.told = None              # the last `status`: {"game", "seq", "menu", "signal", "ends_at"}
        self.names = {}               # {seat: a person's name}: the logger's own (`ludo-host web` sets it)
        self._lights_at = 0.0

    # -- from the logger (its thread) -----------------------------------------
    def game_changed(self, gamefile, board_game):
        """A record file's lines changed; follow it when it is the board's game (or the one
        shown).  `board_game`: the game id the board says it is on."""
        with self.lock:
            if gamefile.path != self.game_key:
                if gamefile.game_id != board_game and self.game_key is not None:
                    return
                if not gamefile.lines:
                    return
                self._new_game(gamefile.path)
            for text in gamefile.lines[len(self.lines):]:
                try:
                    self._take(text)
                except Exception as exc:      # never the logger's end: the page says it
                    self.error = "line %d: %s" % (len(self.lines), (str(exc).splitlines() or [type(exc).__name__])[0])
            self._changed()

    def board_status(self, msg):
        """A `status` reply of the board: menu, playing or over; the seats it plays from afar;
        the set-up menu's page and value, the signal showing, a deadline's time left and (when
        asked for) the frame's pixels, which a board on a serial link tells only this way."""
        state = msg.get("state")
        remote = msg.get("remote")
        told = _told(msg, self.clock())
        lit = None
        if isinstance(msg.get("lights"), str) and not self.own_board:
            try:
                lit = lit_pixels(bytes.fromhex(msg["lights"]), self._pixel_map())
            except ValueError:      # not hex: no picture from this one
                lit = None
        with self.lock:
            before = self.remote[1]
            self.remote = (self.remote[0] + 1, remote if isinstance(remote, str) else None)
            changed = self.remote[1] != before      # (the game's words say them: "Yellow on a link")
            if state in ("menu", "playing", "over") and state != self.board["state"]:
                self.board["state"] = state
                changed = True
            if not _same_told(told, self.told):
                self.told = told
                changed = True
            if lit is not None and lit != self.lights:
                self.lights = lit
                changed = True
            if changed:
                self._changed()

    def link(self, connected, note):
        """The link to the board came up or went down (`note` says what it waits for)."""
        with self.lock:
            if (connected, note) != (self.board["connected"], self.board["note"]):
                self.board["connected"], self.board["note"] = connected, note
                if not connected and not self.own_board:
                    self.lights = None        # (a lost board's last picture is not shown as now)
                self._changed()

    # -- from a virtual board in this process (its thread) ----------------------
    def show(self, read, pixel_map):
        """What a virtual board shows now: `read()` gives its frame (bytes, strip order, the
        colours the app asks for) and its snapshot (ludo_host.virtual.snapshot).  Read at
        most every LIGHTS_EVERY_S."""
        now = time.monotonic()
        if now - self._lights_at < LIGHTS_EVERY_S:
            return
        self._lights_at = now
        frame, snap = read()
        lit = lit_pixels(frame, pixel_map)
        with self.lock:
            if lit != self.lights or snap != self.view:
                self.lights, self.view = lit, snap
                self._changed()

    # -- inside ---------------------------------------------------------------
    def _pixel_map(self):
        if self.pixel_map is None:
            from ..virtual.engine import default_pixel_map
            self.pixel_map = default_pixel_map()
        return self.pixel_map

    def _new_game(self, key):
        self.game_key = key
        self.replay = self.header = self.footer = self.error = None
        self.lines, self.steps = [], []
        self.turn_seat = self.turn_since = None

    def _take(self, text):
        self.lines.append(text)
        if len(self.lines) == 1:
            try:
                self.header = json.loads(text)
                self.replay = Replay(ludo.Record.parse(text + "\n"))
            except Exception as exc:      # a header the rules core cannot start a game from
                self.error = "line 1: cannot replay: %s" % (str(exc).splitlines() or [type(exc).__name__])[0]
                return
            self._add_step(0)
            return
        if text.startswith("{"):
            try:
                self.footer = json.loads(text)
            except ValueError:
                self.footer = {"result": "?", "termination": "?"}
            return
        if self.replay is None or self.error:
            return
        undone_before = dict(self.replay.undone)
        if not self.replay.push(text):
            self.error = "line %d: %s" % self.replay.error
            return
        if text == "undo":
            for n, by in self.replay.undone.items():
                if undone_before.get(n) != by and n < len(self.steps):
                    self.steps[n]["undone"] = by
        self._add_step(len(self.replay.steps) - 1)

    def _add_step(self, n):
        st = self.replay.steps[n]
        die = st["roll"] if st["roll"] is not None else (self.steps[-1]["die"] if self.steps else None)
        step = step_data(self.replay, st, die)
        # What it did in words, for everyone and for the seats it concerns ("your G1").
        move = self.replay.game.last_move if st["moved"] and n == len(self.replay.steps) - 1 else None
        step["said"] = step_words(st, move)
        step["said_to"] = said_to(st, move)
        step["short"] = short_words(st, move)
        step["chances"] = _chances(self.replay)
        self.steps.append(step)
        if st["turn"] != self.turn_seat:
            self.turn_seat, self.turn_since = st["turn"], self.clock()

    def _changed(self):
        self.version += 1
        for f in list(self.on_change):
            f()

    # -- for the page (any thread) ----------------------------------------------
    def snapshot(self):
        """(game key, the game: drawing data, header facts and every step; None with no game)."""
        with self.lock:
            if self.replay is None:
                return self.game_key, None
            h = self.header
            game = {"game": str(h.get("game", "")), "preset": str(h.get("preset", "")),
                    "players": self.replay.seats, "start": str(h.get("start") or ""),
                    "steps": list(self.steps)}
            game.update(drawing_data(self.replay))
            game["stars"] = [list(mark) for mark in star_marks(self.replay.safe)]
            game["summary"] = summary_lines(h, self.remote[1] or "")    # (setup_words: its words)
            return self.game_key, game

    def steps_from(self, n):
        """(game key, the steps from step n on).  A take-back's step says which step it
        takes back (`undoes`): the page strikes that one out."""
        with self.lock:
            return self.game_key, self.steps[n:]

    def state(self):
        """What the page says in words now, with the deadline's clock and the lit pixels."""
        with self.lock:
            out = {"board": dict(self.board), "footer": self.footer, "error": self.error,
                   "deadline": None, "lines": len(self.lines), "result_words": None}
            seats = self.replay.seats if self.replay is not None else ""
            out["names"] = {s: n for s, n in dict(self.names).items() if s in seats}
            if self.replay is not None:     # (a seat played on a link from the room on: "Yellow on a link")
                out["summary"] = summary_lines(self.header, self.remote[1] or "")
            if self.footer is not None and self.replay is not None:
                out["result_words"] = result_words(self.footer.get("result"), self.footer.get("termination"),
                                                   self.replay.left, out["names"])
            g = self.replay.game if self.replay is not None and not self.error else None
            snap = dict(self.view) if self.view is not None else self._snapshot(g)
            left = snap.get("deadline_ms")
            if left is not None and g is not None:
                out["deadline"] = {"seat": snap.get("turn"), "seconds": g.rules.deadline,
                                   "ends_at": self.clock() + max(0, left) / 1000.0}
            snap["deadline_ms"] = None             # (the page counts it down itself)
            said, buttons = status_words(snap)
            last = self.steps[-1] if len(self.steps) > 1 else None
            out["words"] = {"said": said, "buttons": buttons, "last": last["said"] if last else "",
                            "mode": snap["mode"]}
            out["lights"] = self.lights
            return out

    # -- for the seat links (any thread) ----------------------------------------------
    def _game_in_play(self):
        g = self.replay.game if self.replay is not None and not self.error else None
        return g if g is not None and g.outcome() is None and self.footer is None else None

    def seats(self):
        """(game key, {seat letter: rules kind}) of the game shown, in turn order; (key, None)
        when no game is in play."""
        with self.lock:
            g = self._game_in_play()
            if g is None:
                return self.game_key, None
            return self.game_key, {s: g.kinds.get(s, "human") for s in self.replay.seats}

    def turn(self):
        """The seat letter on turn in the game shown, or None (no game in play)."""
        with self.lock:
            g = self._game_in_play()
            return ludo.SEAT_LETTERS[g.turn] if g is not None else None

    def can_resign(self, seat):
        """Whether the game shown lets `seat` resign now (the rules core's own check)."""
        with self.lock:
            g = self._game_in_play()
            if g is None:
                return False
            try:
                g.copy().resign(seat)
            except Exception as exc:
                if is_refusal(exc):
                    return False
                raise
            return True

    def choices(self, seat):
        """What `seat` may do now, for its seat page: None when it is not on turn, else
        {"roll": True, "hand": bool} when a roll is due, or {"moves": [...], "pass": bool}:
        each move's record text, token, where it goes and what it captures."""
        with self.lock:
            g = self._game_in_play()
            if g is None or ludo.SEAT_LETTERS[g.turn] != seat:
                return None
            if g.needs_roll():
                return {"roll": True, "hand": g.dice == "hand"}
            legal = list(g.legal_moves)
            moves = [{"move": str(m), "token": str(m).split(" ")[0], "from": _place_words(str(m), 0),
                      "to": _place_words(str(m), 1), "label": move_label(m),
                      "from_place": m.start_place, "to_place": m.end_place,
                      "capture": ", ".join(_captured(str(m)))} for m in legal if not m.is_pass]
            return {"roll": False, "moves": moves, "pass": any(m.is_pass for m in legal), "rolls": list(g.pending_rolls)}

    def _snapshot(self, g):
        """The board's snapshot as far as the record and the last `status` tell it (a board
        on a serial link): no selection.  The signal and a deadline's time left are the
        status's while it is of the last line taken; after a newer line (the status is older)
        the last action's signal, and the deadline counted from the turn's first line."""
        snap = snapshot.empty()
        state = self.board["state"]
        told = self.told or {}
        if state == "menu":
            snap["menu"], snap["signal"] = told.get("menu"), told.get("signal")
        if g is None:
            snap["mode"] = "menu" if state == "menu" else "boot"
            return snap
        over = g.outcome()
        snap["mode"] = "menu" if state == "menu" else ("over" if over is not None or self.footer else "play")
        letter = ludo.SEAT_LETTERS[g.turn]
        snap.update(turn=letter, kind=g.kinds.get(letter, "human"), preset=g.preset, remote=self.remote[1] or "")
        if over is not None:
            snap["result"] = over.result()
        elif self.footer is not None:
            snap["result"] = self.footer.get("result")
        snap["left"] = [list(x) for x in self.replay.left]
        if snap["mode"] != "play":
            return snap
        snap["undo"] = bool(g.rules.can_undo) and any(c >= 16 for c in g.codes)
        if self.header and (self.header.get("dice") == "hand" or any(
                line.endswith(" hand") for line in self.lines[1:] if line.startswith("roll "))):
            snap["hand"] = True
        if not g.needs_roll():
            legal = list(g.legal_moves)
            snap["rolls"] = list(g.pending_rolls)
            snap["moves"] = len({(m.token, m.end_place) for m in legal if not m.is_pass})
            snap["pass"] = bool(legal) and all(m.is_pass for m in legal)
            snap["selected"] = len(legal) == 1 and not legal[0].is_pass
        current = told.get("game") == self.header.get("game") and told.get("seq") == len(self.lines) - 1
        if current:
            snap["signal"] = told["signal"]
            if told["ends_at"] is not None:
                snap["deadline_ms"] = int((told["ends_at"] - self.clock()) * 1000)
            return snap
        for event in (self.steps[-1]["events"] if self.steps else []):
            signal = EVENT_SIGNALS.get(event.split(" ")[0])
            if signal:
                snap["signal"] = signal
        if snap["kind"] == "human" and g.rules.deadline and self.turn_since is not None:
            snap["deadline_ms"] = int((self.turn_since + g.rules.deadline - self.clock()) * 1000)
        return snap


# The board's short signal after an action with these events (ludoboard.die_lights).
EVENT_SIGNALS = {"start": "start", "home": "home", "bonus": "bonus", "pass": "pass", "turned": "turned",
                 "door": "door", "resign": "leave", "timeout": "leave", "forfeit": "forfeit",
                 "three-sixes": "forfeit", "void": "forfeit"}


def lit_pixels(frame, pixel_map):
    """[[place, "#rrggbb"], ...] of a frame's lit pixels (bytes, strip order, the colours the
    app asks for), in the colours the terminal draws them."""
    from ..colours import boost        # (the terminal's colours: one look)
    lit = []
    for i, place in enumerate(pixel_map):
        rgb = frame[3 * i:3 * i + 3]
        if len(rgb) == 3 and any(rgb):
            lit.append([place, "#%02x%02x%02x" % boost(rgb)])
    return lit


def _told(msg, now):
    """What a `status` reply tells of the board beyond the record: its game and last event,
    the set-up menu (as the snapshot has it), the signal, when a deadline ends (clock time)."""
    menu = msg.get("menu")
    pages = snapshot.MENU_PAGES
    if not (isinstance(menu, dict) and isinstance(menu.get("page"), int) and 1 <= menu["page"] <= len(pages)):
        menu = None
    else:
        menu = {"page": menu["page"], "name": pages[menu["page"] - 1], "item": menu.get("item"),
                "value": menu.get("value")}
    signal = msg.get("signal") if isinstance(msg.get("signal"), str) else None
    left = msg.get("deadline_ms")
    ends_at = now + left / 1000.0 if isinstance(left, int) and not isinstance(left, bool) and left >= 0 else None
    return {"game": msg.get("game"), "seq": msg.get("seq"), "menu": menu, "signal": signal, "ends_at": ends_at}


def _same_told(a, b):
    """Whether two statuses tell the page the same (a deadline's end within a quarter of a
    second: the page is not sent a new state for each status while a clock runs)."""
    if a is None or b is None or (a["ends_at"] is None) != (b["ends_at"] is None):
        return a is b
    return dict(a, ends_at=0) == dict(b, ends_at=0) and (
        a["ends_at"] is None or abs(a["ends_at"] - b["ends_at"]) < 0.25)


def _place_words(move_text, end):
    """Where a move starts (end=0) or goes (end=1), in words, from its record text
    (`R1 y-0`, `R1 3-9xG2`, `R1 47-h2`, `R1 h4-c`: docs/record-format.md)."""
    where = move_text.split(" ")[1].split("x")[0].split("-")[end]
    if where == "y":
        return "yard"
    if where == "c":
        return "centre"
    if where.startswith("h"):
        return "home column " + where[1:]
    return "square " + where


def _captured(move_text):
    """The tokens a move captures, from its record text."""
    return move_text.split(" ")[1].split("x")[1:]
