"""A seat played from afar over the real data port: the virtual board running the firmware,
pyserial on its pseudo-terminal, as `ludo-host web` drives a board (docs/serial-protocol.md,
`seat` and `act`)."""
import json
import re
import time

import serial

from ludo_host.virtual import VirtualBoard


class Pc:
    """The PC's end of the board's data port: one command, the lines up to its reply."""

    def __init__(self, vb):
        self.vb = vb
        self.port = serial.Serial(vb.data_port_path, timeout=0.05)

    def ask(self, cmd):
        self.port.write((json.dumps(cmd) + "\n").encode())
        self.port.flush()
        out = []
        deadline = time.time() + 20
        while time.time() < deadline:
            self.vb.wait(20)
            line = self.port.readline()
            if not line:
                continue
            x = json.loads(line)
            out.append(x)
            if "error" in x or x.get("cmd") == cmd["cmd"] or x.get("re") in ("status", "record-end"):
                return out      # (the reply comes after the events it caused)
        raise AssertionError("no reply to %r: %r" % (cmd, out))


def test_a_seat_played_from_afar_over_the_pty_is_in_the_boards_record():
    with VirtualBoard(data_port="pty") as vb:
        pc = Pc(vb)
        try:
            pc.ask({"cmd": "new", "preset": "classic", "players": 2, "seed": 8})
            assert pc.ask({"cmd": "seat", "seat": "Y", "kind": "remote"}) == [{"cmd": "seat", "re": "ok"}]
            assert pc.ask({"cmd": "status"})[-1]["remote"] == "Y"
            played = []
            for _ in range(200):
                st = pc.ask({"cmd": "status"})[-1]
                seat = st["turn"]
                out = pc.ask({"cmd": "act", "seat": seat, "action": "roll"})
                if out[-1].get("error", "").startswith("the tokens must be put right"):
                    vb.press("confirm")         # someone at the table moved the lit token
                    continue
                if "error" in out[-1]:          # a move is due: the error names the legal ones
                    found = re.search(r"\(legal: (.*)\)$", out[-1]["error"])
                    assert found, out
                    legal = found.group(1).split(", ")
                    out = pc.ask({"cmd": "act", "seat": seat, "action": legal[-1]})
                assert out[-1] == {"cmd": "act", "re": "ok"}, out
                played += [x["line"] for x in out if x.get("ev") == "action"]
                if any(line.startswith("Y") for line in played):
                    break
            assert any(line.startswith("Y") for line in played)         # Yellow moved from afar
            out = pc.ask({"cmd": "record"})
            record = [x["text"] for x in out if x.get("re") == "record"][1:]
            assert record == played
            assert str(vb.app.game.record(transcript=True)).split("\n")[1:-1] == played
        finally:
            pc.port.close()
