"""A fake board for the host tests: plays real games with the rules core and
speaks the serial protocol (docs/serial-protocol.md, SPEC §2) on a pseudo-terminal.

It stands in for the board where the real firmware is not needed: the test
presses its buttons directly (like a player), "pulls the cable" (the pty is
closed; events of that time are lost on the wire, as with an unplugged USB
cable) and "plugs it in" again (a new pty; the stable path `link` points to
it, like a device node that comes back), resets (the game is rebuilt from
what the board saved: settings, seed and the record's actions) and can drop
or garble lines on the wire.

Its own record is the core's: `record_text()` is `str(game.record(transcript=True))`.
"""
import json
import os
import pty
import random
import select
import threading
import tty

import ludo
from ludo.record import dumps, footer_of, push_line

BUTTONS = ("roll", "select", "confirm", "back")


class FakeBoard:
    def __init__(self, link, seed=1, clock="2026-11-29T14:00:00Z"):
        self.link = str(link)
        self.rng = random.Random(seed)
        self.clock = clock
        self.lock = threading.RLock()
        self.game = None
        self.settings = None          # what the board saves to NVM to resume after a reset
        self.lines = []               # record lines sent as events (index = seq)
        self.events = []              # the event object of each seq
        self.abandoned = None         # footer text when the game was abandoned
        self.selected = 0
        self.drop = set()             # seqs whose next send is lost on the wire
        self.master = None
        self.reader = None
        self.received = []            # commands the board got (parsed), for tests
        self.sent = 0                 # event lines written
        self.remote = set()           # seats played from a seat link (docs/serial-protocol.md; not saved)
        self.computers = None         # seconds a computer seat takes to act (None: they never do)

    # ---- the cable -------------------------------------------------------
    @property
    def plugged(self):
        return self.master is not None

    def plug(self):
        with self.lock:
            assert self.master is None
            master, slave = pty.openpty()
            tty.setraw(slave)
            path = os.ttyname(slave)
            os.close(slave)         # so that "a PC holds the port" (DTR) shows as no POLLHUP
            os.set_blocking(master, False)
            self.master = master
            self._poll = select.poll()
            self._poll.register(master, select.POLLIN | select.POLLHUP)
            tmp = self.link + ".new"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(path, tmp)
            os.replace(tmp, self.link)
            stop = threading.Event()
            self._stop_reader = stop
            self.reader = threading.Thread(target=self._read_loop, args=(master, stop), daemon=True)
            self.reader.start()

    def unplug(self):
        with self.lock:
            if self.master is None:
                return
            self._stop_reader.set()
            if os.path.lexists(self.link):
                os.unlink(self.link)
            master = self.master
            self.master = None
        self.reader.join(2)
        os.close(master)

    def close(self):
        self.unplug()

    def reset(self):
        """Hard reset: the link drops, the game is rebuilt from the saved state, the link returns."""
        self.unplug()
        with self.lock:
            self.selected = 0
            self.remote = set()       # (the flags are not saved)
            if self.settings is not None and self.abandoned is None:
                self.game = self._start_game(self.settings)
                for line in self.lines[1:]:
                    if line.startswith("{"):
                        break
                    push_line(self.game, line)
                assert str(self.game.record(transcript=True)).split("\n")[:len(self.lines)] == self.lines
        self.plug()

    # ---- the wire --------------------------------------------------------
    def host_connected(self):
        """Like usb_cdc.data.connected (the PC's DTR): a program holds the port open."""
        if self.master is None:
            return False
        return not any(mask & select.POLLHUP for _fd, mask in self._poll.poll(0))

    def _write(self, obj):
        """Send a line; like the board, lines are lost while no PC holds the port."""
        data = (dumps(obj) + "\n").encode()
        with self.lock:
            view = memoryview(data)
            while view:
                if not self.host_connected():
                    return False
                try:
                    n = os.write(self.master, view)
                    view = view[n:]
                except BlockingIOError:
                    select.select([], [self.master], [], 0.05)
                except OSError:
                    return False
            return True

    def inject(self, data):
        """Raw bytes onto the wire (garbage, half lines)."""
        with self.lock:
            if self.host_connected():
                os.write(self.master, data)

    def _read_loop(self, master, stop):
        buf = b""
        while not stop.is_set():
            try:
                ready = select.select([master], [], [], 0.05)[0]
            except (OSError, ValueError):
                return
            if not ready:
                continue
            try:
                data = os.read(master, 4096)
            except BlockingIOError:
                continue
            except OSError:
                stop.wait(0.02)   # EIO while no PC holds the port open
                continue
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self._command(line)

    # ---- game events -----------------------------------------------------
    def _emit(self, obj):
        with self.lock:
            self.lines.append(None)
            seq = len(self.lines) - 1
            obj["seq"] = seq
            obj["game"] = self.game.game_id
            self.events.append(obj)
            self._send_event(seq)

    def _send_event(self, seq):
        if seq in self.drop:
            self.drop.discard(seq)
            return
        if self._write(self.events[seq]):
            self.sent += 1

    def _start_game(self, settings):
        g = ludo.Game(settings["preset"], players=settings["players"], seed=settings["seed"],
                      options=settings["options"], start=settings["start"], dice=settings.get("dice", "device"))
        for seat in sorted(settings["kinds"]):
            g.set_kind(seat, settings["kinds"][seat])
        return g

    def new_game(self, preset="classic", players=2, options=None, kinds=None, dice="device"):
        with self.lock:
            if self.game is not None and self.abandoned is None and not self.game.is_over():
                self._end(footer_of(self.game), abandoned=True)
            self.settings = {"preset": preset, "players": players, "options": options or {},
                             "kinds": kinds or {}, "seed": self.rng.getrandbits(48), "start": self.clock,
                             "dice": dice}
            self.game = self._start_game(self.settings)
            self.lines, self.events, self.abandoned, self.selected = [], [], None, 0
            header = self.game.record(transcript=True).header
            self._emit({"ev": "start", "header": header})
            self.lines[0] = dumps(header)
            if self.computers is not None:
                self._computer_turns()
            return self.game.game_id

    def _end(self, footer, abandoned=False):
        text = dumps(footer)
        self._emit({"ev": "end", "footer": footer})
        self.lines[-1] = text
        if abandoned:
            self.abandoned = text

    def _action(self, do):
        """Apply one action with `do()`, emit it as the record's next line(s)."""
        g = self.game
        before = len(g.transcript)
        do()
        lines = list(g.record(transcript=True).lines())
        for text in lines[len(self.lines):]:
            if text.startswith("{"):
                break
            self._emit({"ev": "action", "line": text, "turn": ludo.SEAT_LETTERS[g.turn],
                        "events": list(g.last_events)})
            self.lines[-1] = text
        assert len(g.transcript) > before
        if g.is_over():
            self._end(footer_of(g))
        elif self.computers is not None:
            self._computer_turns()

    def _computer_turns(self):
        """A computer seat on turn (`computers`: seconds it takes for an action) acts soon:
        it rolls, or plays the first legal move (each action asks for the next one)."""
        g = self.game
        if g.is_over() or g.kinds.get(ludo.SEAT_LETTERS[g.turn], "human") == "human":
            return
        timer = threading.Timer(self.computers, self._computer_action, args=(g,))
        timer.daemon = True
        timer.start()

    def _computer_action(self, game):
        with self.lock:
            g = self.game
            if g is not game or g.is_over() or self.abandoned is not None \
                    or g.kinds.get(ludo.SEAT_LETTERS[g.turn], "human") == "human":
                return
            if g.needs_roll():
                self._action(g.roll)
            else:
                move = list(g.legal_moves)[0]
                self._action(lambda: g.push(move))

    def press(self, button, long=False):
        """A button press; returns True when it did something to the game."""
        if button not in BUTTONS:
            raise ValueError(button)
        with self.lock:
            g = self.game
            if g is None or g.is_over() or self.abandoned is not None:
                return False
            if button == "roll" and g.needs_roll():
                self._action(g.roll)
                self.selected = 0
                return True
            moves = list(g.legal_moves)
            if button == "select" and moves:
                self.selected = (self.selected + 1) % len(moves)
                return False
            if button == "confirm" and moves:
                move = moves[self.selected % len(moves)]
                self._action(lambda: g.push(move))
                self.selected = 0
                return True
            if button == "back" and len(g):
                self._action(g.pop)
                return True
            return False

    def play_turn(self, choose=None):
        """Press buttons until one action happened: roll, or select+confirm a move."""
        with self.lock:
            g = self.game
            if g.needs_roll():
                return self.press("roll")
            n = len(list(g.legal_moves))
            pick = (choose or self.rng.randrange)(n) if n > 1 else 0
        for _ in range(pick):
            self.press("select")
        return self.press("confirm")

    # ---- the board's own record and state ---------------------------------
    def record_text(self):
        with self.lock:
            text = str(self.game.record(transcript=True))
            if self.abandoned is not None:
                text += self.abandoned + "\n"
            return text

    def state(self):
        if self.game is None:
            return "menu"
        return "over" if (self.game.is_over() or self.abandoned) else "playing"

    # ---- commands from the PC ----------------------------------------------
    def _reply(self, obj):
        self._write(obj)

    def _command(self, raw):
        try:
            msg = json.loads(raw.decode("utf-8"))
            if not isinstance(msg, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError):
            self._reply({"error": "malformed command", "re": None})
            return
        self.received.append(msg)
        cmd = msg.get("cmd")
        with self.lock:
            gid = self.game.game_id if self.game is not None else None
            if cmd == "status":
                self._reply({"re": "status", "game": gid, "seq": len(self.lines) - 1,
                             "state": self.state(),
                             "turn": ludo.SEAT_LETTERS[self.game.turn] if self.game is not None else None,
                             "position": self.game.position() if self.game is not None else "",
                             "remote": "".join(s for s in "RGYB" if s in self.remote)})
            elif cmd == "record":
                if self.game is None:
                    self._reply({"error": "no game", "re": "record"})
                    return
                lines = self.record_text().split("\n")[:-1]
                for i, text in enumerate(lines):
                    self._reply({"re": "record", "game": gid, "text": text, "n": i})
                self._reply({"re": "record-end", "game": gid, "lines": len(lines)})
            elif cmd == "resend":
                start = msg.get("from")
                if msg.get("game") != gid or gid is None:
                    self._reply({"error": "no such game on the board", "re": "resend"})
                elif not isinstance(start, int) or start < 0:
                    self._reply({"error": "bad from", "re": "resend"})
                else:
                    for seq in range(start, len(self.lines)):
                        self._send_event(seq)
                    self._reply({"re": "resend", "from": start, "to": len(self.lines) - 1, "game": gid})
            elif cmd == "new":
                self.new_game(msg.get("preset", "classic"), msg.get("players", 2), msg.get("options"),
                              msg.get("kinds"))
                self._reply({"re": "ok", "cmd": "new"})
            elif cmd == "press":
                if msg.get("button") not in BUTTONS:
                    self._reply({"error": "unknown button", "re": "press"})
                    return
                self.press(msg["button"], bool(msg.get("long")))
                self._reply({"re": "ok", "cmd": "press"})
            elif cmd == "time":
                self.clock = msg.get("now")
                self._reply({"re": "ok", "cmd": "time"})
            elif cmd in ("seat", "act"):
                problem = (self._seat if cmd == "seat" else self._act)(msg)
                self._reply({"error": problem, "re": cmd} if problem else {"re": "ok", "cmd": cmd})
            else:
                self._reply({"error": "unknown command", "re": cmd if isinstance(cmd, str) else None})

    # ---- seat links (the `seat` and `act` commands) ----------------------------
    def _playing(self, msg):
        g = self.game
        if g is None or g.is_over() or self.abandoned is not None:
            return None, "no game in play"
        seat = msg.get("seat")
        if not isinstance(seat, str) or seat not in [ludo.SEAT_LETTERS[s] for s in g.seats]:
            return None, "seat %r is not playing" % (seat,)
        return seat, None

    def _seat(self, msg):
        seat, problem = self._playing(msg)
        if problem:
            return problem
        kind = msg.get("kind")
        if kind not in ("remote", "human", "easy", "medium", "hard"):
            return "unknown kind %r" % (kind,)
        rules_kind = "human" if kind == "remote" else kind
        if self.game.kinds.get(seat, "human") != rules_kind:
            self._action(lambda: self.game.set_kind(seat, rules_kind, True))
        (self.remote.add if kind == "remote" else self.remote.discard)(seat)
        if self.computers is not None:
            self._computer_turns()
        return None

    def _act(self, msg):
        seat, problem = self._playing(msg)
        if problem:
            return problem
        g, action = self.game, msg.get("action")
        if not isinstance(action, str):
            return "act needs an action"
        if action == "resign":
            try:
                g.copy().resign(seat)
            except ludo.LudoError as exc:
                return str(exc).split(" (")[0]
            self._action(lambda: g.resign(seat))
            return None
        on_turn = ludo.SEAT_LETTERS[g.turn]
        if on_turn != seat:
            return "not %s's turn (it is %s's)" % (seat, on_turn)
        if action == "roll":
            if not g.needs_roll():
                return "a move is due, not a roll"
            value = msg.get("value")
            if (value is None) != (g.dice != "hand"):
                return "roll needs \"value\" 1 to 6 with dice by hand, and only then"
            self._action(lambda: g.roll(value))
            return None
        legal = list(g.legal_moves) if not g.needs_roll() else []
        try:
            move = g.parse_move(action)
        except ludo.LudoError:
            move = None
        if move is None or move not in legal:
            return "%s is not a legal move now (legal: %s)" % (action, ", ".join(str(m) for m in legal))
        self._action(lambda: g.push(move))
        return None
