"""The seat links on the web server: the room (room.py) wired to the board and the pages.

- `BoardLink` is the board the room talks to: the serial protocol's `seat` and `act`
  commands (docs/serial-protocol.md), sent through the logger, which owns the port
  (`Logger.request`: it keeps logging while a command waits for its answer).
- `Seating` holds the room of the game being played, if any: it makes it (the table's
  "Play a friend (send a link)"), carries out what the table's page and the seat pages
  ask, applies the clock (`tick`), and says what each of those pages shows (`host_view`,
  `seat_view`).  Its methods that may talk to the board block (the board's answer) and
  are called one at a time in one worker thread (server.py), never in the server's loop.
"""
import math
import threading
import time

import segno

from .room import AWAY_S, COMPUTER_SEAT, OPEN, REMOTE, Room

SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
MAX_MOVE_TEXT = 20            # the longest move text is "R1 47-h2xG2xY3" and the like
MAX_NAME = 24                 # a person's name (ludo.record.MAX_NAME: what a record keeps)
MAX_NAME_TEXT = 100           # what a page may send (spaces are collapsed, then it is cut)


class BoardLink:
    """The board, as the room needs it (room.py): `set_kind` and `act`, over the serial link."""

    def __init__(self, logger, timeout=5.0):
        self.logger = logger
        self.timeout = timeout

    def set_kind(self, seat, kind):
        """Hand `seat` to `kind` (remote, human, easy, medium, hard, expert): None or the error."""
        return self._ask({"cmd": "seat", "seat": seat, "kind": kind})

    def act(self, seat, action, value=None):
        """One action for `seat` (roll, pass, resign, a move's text): None or the error."""
        command = {"cmd": "act", "seat": seat, "action": action}
        if value is not None:
            command["value"] = value
        return self._ask(command)

    def _ask(self, command):
        answer = self.logger.request(command, self.timeout)
        if "error" in answer:
            text = str(answer["error"]).splitlines() or ["the board refused it"]
            return text[0][:300]
        return None


def qr_path(text):
    """The QR code of `text` as one SVG path: ({"size": modules with the quiet zone,
    "d": path data}); the page draws it with attributes only (no markup from here)."""
    qr = segno.make(text, error="m", micro=False)
    border = 4
    parts = []
    for y, row in enumerate(qr.matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append("M%d %dh%dv1h-%dz" % (start + border, y + border, x - start, x - start))
            else:
                x += 1
    return {"size": len(qr.matrix) + 2 * border, "d": "".join(parts)}


class Seating:
    """The room of the game on the board (None until the table makes one)."""

    def __init__(self, live, board, clock=time.monotonic, names=None):
        self.live = live
        self.board = board
        self.clock = clock
        # {seat letter: a person's name}: the logger's own dict when given (it writes them in
        # the records' header and footer), so a name typed here reaches the record.
        self.names = names if names is not None else {}
        self.local_only = False       # the links name 127.0.0.1: no phone can open them
        self.room = None
        self.game_key = None          # the game the room is for
        self.hosts = 0                # the table's pages open (they count as someone in the room)
        self.statuses_seen = 0        # the board's statuses whose remote flags were checked
        self.lock = threading.Lock()  # (the views are read in the server's loop)
        self._qr = {}

    # -- the table ---------------------------------------------------------------------
    def make_room(self, linked):
        """"Play a friend (send a link)": a room whose seats `linked` (letters) get links;
        the game's other human seats are played at the table.  None or why not."""
        key, kinds = self.live.seats()
        if kinds is None:
            return "no game is being played: start one on the board first"
        if self.room is not None and self.game_key == key:
            return "the room is made already: its links are on this page"
        if not isinstance(linked, str) or not linked or len(linked) > 4 or len(set(linked)) != len(linked):
            return "choose the seats to send a link for"
        for s in linked:
            if s not in kinds:
                return "seat %s is not in this game" % s[:1]
            if kinds[s] != "human":
                return "%s is played by the computer: only a person's seat gets a link" % SEAT_NAMES[s]
        room = Room(list(kinds), linked, self.board, self.live.turn, self.live.can_resign, clock=self.clock)
        for s, kind in kinds.items():
            if kind != "human":
                room.seats[s].state = COMPUTER_SEAT
        for _ in range(self.hosts):
            room.watch()
        with self.lock:
            self.room, self.game_key = room, key
        return None

    def reopen(self, letter):
        """The table reopens a seat: a new link for it (room.py's `reopen`)."""
        if self.room is None:
            return "make the room first: Play a friend (send a link)"
        key, kinds = self.live.seats()
        if kinds is None:
            return "no game is being played: start one on the board first"
        seat = self.room.reopen(letter)
        if isinstance(seat, str):
            return seat
        self.names.pop(seat.letter, None)         # (a new link: whoever joins names themselves)
        return None

    def close_room(self):
        """The table closes the room: every link stops working (403), and the seats played by
        link go back to the table (their flag off).  None or why not."""
        room = self.room
        if room is None:
            return "there is no room to close"
        for seat in room.seats.values():
            if seat.state == REMOTE and not seat.covered:
                self.board.set_kind(seat.letter, "human")     # (refused once the game is over: no matter)
        with self.lock:
            self.room = self.game_key = None
        return None

    def set_name(self, letter, name):
        """A seat's player's name (typed on the table's page, or by the friend on Join); an
        empty name takes it away.  None or why not."""
        from ludo.record import clean_name
        key, kinds = self.live.seats()
        seats = kinds or (self.room.seats if self.room is not None else {})
        if letter not in seats:
            return "seat %s is not in this game" % str(letter)[:1]
        name = clean_name(name)
        if name:
            self.names[letter] = name
        else:
            self.names.pop(letter, None)
        return None

    def fill(self):
        """"Fill empty seats with the computer"."""
        if self.room is None:
            return "make the room first: Play a friend (send a link)"
        if not any(s.state == OPEN for s in self.room.seats.values()):
            return "no seat is waiting for a player"
        return self.room.fill()

    def host_opened(self):
        self.hosts += 1
        if self.room is not None:
            self.room.watch()

    def host_closed(self):
        self.hosts = max(0, self.hosts - 1)
        if self.room is not None:
            self.room.closed()

    # -- a seat link -------------------------------------------------------------------
    def seat_of(self, token):
        """The room's Seat that `token` opens, or None."""
        room = self.room
        return room.seat_of(token) if room is not None else None

    def act(self, seat, msg):
        """A seat page's message (already checked for shape): join (with the player's name,
        if given), roll, move, pass, resign, leave.  None or the error, in one line."""
        room, kind = self.room, msg["type"]
        if room is None or seat not in room.seats.values():
            return "this link's room has closed (or the table gave the seat a new link)"
        if kind == "join":
            covered = seat.covered or (seat.state == COMPUTER_SEAT and seat.left)
            problem = room.join(seat)
            if problem is None and covered:
                # back from away, or Join again after Leave: the steps the computer played
                # for it, which its page sums up
                seat.away_steps = [seat.covered_from, len(self.live.steps)]
            if problem is None and msg.get("name"):
                self.set_name(seat.letter, msg["name"])
            return problem
        if kind == "leave":
            problem = room.leave(seat)
            if problem is None:
                seat.covered_from = len(self.live.steps)
            return problem
        if kind == "move":
            return room.act(seat, msg["move"])
        if kind == "roll" and msg.get("value") is not None:
            return room.act(seat, "roll", value=msg["value"])
        return room.act(seat, kind)

    def seat_closed(self, seat):
        if self.room is not None and seat in self.room.seats.values():
            self.room.closed(seat)

    # -- the clock -----------------------------------------------------------------------
    def tick(self):
        """Apply the clock to the room (room.py); takes it into the board's next game when
        that game has the same seats, and ends it when it is over or the next game has other
        seats.  True when something changed."""
        room = self.room
        if room is None:
            return False
        key, kinds = self.live.seats()
        covered = [s.covered for s in room.seats.values()]
        alive = room.tick()
        if alive and key != self.game_key and key is not None:
            # Another game on the board: the room goes on with the same seats (the next game
            # of the same players), and ends otherwise.
            if kinds is None:
                return False          # (its header not taken yet, or not a game in play)
            alive = sorted(kinds) == sorted(room.seats)
            if alive:
                with self.lock:
                    self.game_key = key
                self.statuses_seen = self.live.remote[0]
                room.next_game(kinds)
                return True
        for seat, was in zip(room.seats.values(), covered):
            if seat.covered and not was:
                seat.covered_from = len(self.live.steps)
        if alive:
            self._flag_again(kinds)
            return covered != [s.covered for s in room.seats.values()]
        with self.lock:
            self.room = self.game_key = None
        return True

    def _flag_again(self, kinds):
        """The board forgets which seats are remote when it resets (the flag is not saved) and
        when the table hands a seat to the computer and back: a seat a link plays is flagged
        again when the board's status no longer has it."""
        seen, flagged = self.live.remote
        if seen == self.statuses_seen or flagged is None or kinds is None:
            return
        self.statuses_seen = seen
        for seat in self.room.seats.values():
            if seat.state == REMOTE and not seat.covered and kinds.get(seat.letter) == "human" \
                    and seat.letter not in flagged:
                self.board.set_kind(seat.letter, "remote")

    # -- what the pages show ---------------------------------------------------------------
    def host_view(self, base_url):
        """What the table's page shows of the seat links."""
        key, kinds = self.live.seats()
        room = self.room if self.game_key == key else None
        seats = []
        if kinds is None and room is not None:      # (game over: the room waits for the next game)
            kinds = {s: None for s in room.seats}
        for s, kind in (kinds or {}).items():
            seat = room.seats.get(s) if room is not None else None
            view = {"seat": s, "name": SEAT_NAMES[s], "kind": kind, "player": self.names.get(s),
                    "state": seat.state if seat is not None else None}
            if seat is not None:
                view["players"] = seat.connections
                view["covered"] = seat.covered
                view["left"] = seat.left
                if seat.state == REMOTE and not seat.covered and seat.away_since is not None:
                    # away: the page counts down to when the computer takes its turns
                    view["away_left"] = max(0, math.ceil(seat.away_since + AWAY_S - self.clock()))
                if seat.state == OPEN:
                    link = "%s/seat?t=%s" % (base_url, seat.token)
                    if link not in self._qr:
                        self._qr[link] = qr_path(link)
                    view["link"], view["qr"] = link, self._qr[link]
            seats.append(view)
        playing = self.live.seats()[1] is not None
        return {"type": "room", "playing": playing, "room": room is not None, "seats": seats,
                "over": not playing and key is not None, "local_only": self.local_only}

    def seat_view(self, seat):
        """What a seat page shows: its seat, who plays it, and its choices on its turn."""
        room = self.room
        if room is None or seat not in room.seats.values():
            return {"type": "seat", "seat": seat.letter, "name": SEAT_NAMES[seat.letter], "state": "closed"}
        key, kinds = self.live.seats()
        if key != self.game_key:
            kinds = None              # (the next game, before the room has taken it up)
        # (a seat the table handed to the computer with the pause menu is not the link's now)
        mine = seat.state == REMOTE and not seat.covered and (kinds or {}).get(seat.letter) == "human"
        view = {"type": "seat", "seat": seat.letter, "name": SEAT_NAMES[seat.letter], "state": seat.state,
                "covered": seat.covered, "turn": self.live.turn(), "over": kinds is None,
                "choices": self.live.choices(seat.letter) if mine else None,
                "resign": mine and len(room.seats) < 3 and self.live.can_resign(seat.letter),
                "leave": mine and len(room.seats) >= 3,
                "join": seat.state == OPEN or (seat.state == COMPUTER_SEAT and seat.left),
                "left": seat.left, "player": self.names.get(seat.letter),
                "names": {s: self.names[s] for s in room.seats if s in self.names},
                "away": seat.away_steps}
        if seat.state == COMPUTER_SEAT:
            view["choices"] = None
        return view


def check_message(kind, msg):
    """The shape of a seat page's or the table's message: None or the error."""
    if kind == "move":
        move = msg.get("move")
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_TEXT:
            return 'move: send {"type":"move","move":"R1 0-6"} (a move of the list)'
    if kind == "roll" and "value" in msg:
        value = msg["value"]
        if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6):
            return "roll: a die's value is 1 to 6"
    if kind in ("reopen", "name"):
        seat = msg.get("seat")
        if not isinstance(seat, str) or seat not in SEAT_NAMES:
            return '%s: send {"type":"%s","seat":"G"%s}' % (kind, kind, ',"name":"Anna"' if kind == "name" else "")
    if kind in ("name", "join") and "name" in msg:
        name = msg["name"]
        if not isinstance(name, str) or len(name) > MAX_NAME_TEXT:
            return "%s: a name is text of at most %d characters" % (kind, MAX_NAME)
    if kind == "room":
        seats = msg.get("seats")
        if not isinstance(seats, str) or not 0 < len(seats) <= 4:
            return 'room: send {"type":"room","seats":"RY"} (the seats that get a link)'
    return None
