"""The PC's commands (docs/serial-protocol.md), a base class of App.

Each returns a reply line, or a generator of lines that the link streams;
bad arguments were refused by hostlink before; the rules' own refusals
(ValueError) become one error line and change nothing.
"""
import ludo

from . import buttons as btn
from . import session
from .hostlink import CommandError

STATE_NAMES = ("menu", "playing", "playing", "playing", "over", "menu")


class HostCommands:
    def still(self, g):
        return lambda: self.game is g

    def seq(self):
        g = self.game
        return session.last_seq(g, g.is_over()) if g is not None else None

    def cmd_status(self, args):
        g = self.game
        state = STATE_NAMES[self.mode]
        return ludo.dumps({"game": g.game_id if g else None, "position": g.position() if g else None,
                           "re": "status", "seq": self.seq(), "state": state,
                           "turn": session.SEATS[g.turn] if g else None})

    def cmd_record(self, args):
        g = self.game
        if g is None:
            raise CommandError("no game yet")
        return session.record_lines(g, g.is_over(), self.still(g))

    def cmd_resend(self, args):
        g = self.game
        if g is None or args["game"] != g.game_id:
            raise CommandError("no game %s on the board (the current one is %s)"
                               % (args["game"], g.game_id if g else "none"))
        first = args["from"]
        last = self.seq()
        if first > last:
            raise CommandError("resend from %d: the last event is %d" % (first, last))
        return session.event_lines(g, first, last, g.is_over(), self.still(g))

    def cmd_new(self, args):
        kinds = args.get("kinds", {})
        self.start_game(args.get("preset", "classic"), args.get("players"), args.get("options", {}),
                        kinds, args.get("dice", "device") == "hand", args.get("seed"))
        return '{"cmd":"new","re":"ok"}'

    def cmd_press(self, args):
        self.on_press(btn.NAMES.index(args["button"]), bool(args.get("long", False)))
        return '{"cmd":"press","re":"ok"}'

    def cmd_time(self, args):
        self.clock.set(args["now"], self.hw.ticks_ms())
        return '{"cmd":"time","re":"ok"}'
