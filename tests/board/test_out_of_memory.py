"""A computer player that finds no memory (a MemoryError while its code loads or while
it chooses) does not stop the board (whose watchdog would reset it into the same
position and the same error again and again): its seats go to the next smaller kind,
saved and sent to the PC as a hand-over, with one console line and the error signal;
a coach's hint that finds no memory is refused.  (ludoboard/out_of_memory.py)"""
import pytest

import golden
from harness import Board, new_game_cmd, stand_in_players
from ludoboard import names
from ludoboard.out_of_memory import smaller


def _no_memory():
    bytearray(1 << 62)          # more than any machine has: the allocator's own MemoryError


class NoRoom:
    def choose(self, game):
        _no_memory()


@pytest.fixture
def computers():
    """Stand-in players: Easy and Medium take the first legal move; the kinds in
    `computers.failing` find no memory."""
    class AI:
        failing = set()

    def player(kind):
        def make():
            return NoRoom() if kind in AI.failing else golden.FirstMoveAI()
        return make
    for kind in ("Easy", "Medium", "Hard", "Expert"):
        setattr(AI, kind, player(kind.lower()))
    with stand_in_players(AI):
        yield AI


def _play_until(b, done, limit=3000):
    """The people at the table: roll for their seats, take the lit move (the first legal
    one for their own seats), move the computer's tokens and confirm, until done()."""
    for _ in range(limit):
        if done() or b.game.is_over():
            return True
        if b.app.fixing():
            b.press("confirm")
        elif not b.app.is_computer() and b.game.needs_roll():
            b.press("roll")
        elif b.app.legal and b.app.selected >= 0:
            b.press("confirm")
        elif b.app.legal and not b.app.is_computer():
            b.press("select")
        else:
            b.wait(200)
    return False


def test_a_hard_seat_with_no_memory_is_played_by_medium_and_the_game_goes_on(computers, capsys):
    computers.failing = {"hard"}
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2, kinds={"Y": "hard"}))
    b.lines()
    assert _play_until(b, lambda: b.game.kinds["Y"] != "hard")
    g = b.game
    assert g.kinds["Y"] == "medium" and not g.is_over()
    out = capsys.readouterr().out
    assert out.count("board: no memory") == 1
    assert "board: no memory for hard's code or its choice: seat Y played by medium now" in out
    assert b.app.banner == names.SIG_ERROR
    assert "kind Y medium" in str(g.record(transcript=True))
    assert any(line.get("line") == "kind Y medium" for line in b.lines()), "the PC is told"
    at = len(g.transcript)
    assert _play_until(b, lambda: len(g.transcript) > at + 40), "Medium plays the seat: the game goes on"
    assert g.kinds["Y"] == "medium"
    assert Board(nvm=b.nvm).game.kinds["Y"] == "medium", "the hand-over is saved"


def test_kinds_step_down_to_people_when_no_player_finds_memory(computers, capsys):
    computers.failing = {"expert", "hard", "medium", "easy"}
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2, kinds={"R": "expert", "Y": "expert"}))
    g = b.game
    assert _play_until(b, lambda: g.kinds == {"R": "human", "Y": "human"})
    out = capsys.readouterr().out.split("\n")
    said = [line for line in out if line.startswith("board: no memory")]
    assert said == ["board: no memory for %s's code or its choice: seat R and Y played by %s now" % (k, to)
                    for k, to in (("expert", "hard"), ("hard", "medium"), ("medium", "easy"),
                                  ("easy", "people"))]
    assert not g.is_over() and not b.app.is_computer()
    at = len(g.transcript)
    b.wait(5000)
    assert len(g.transcript) == at, "nobody plays for the people now"


def test_a_coach_hint_with_no_memory_is_refused_and_changes_nothing(computers, capsys):
    computers.failing = {"expert", "hard"}
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2))
    while len(b.app.legal) < 2:
        b.press("roll") if b.game.needs_roll() else b.press("confirm")
    before = list(b.game.transcript)
    b.press("select", long=True)
    b.wait(500)
    assert bytes(b.game.transcript) == bytes(before) and b.game.kinds == {"R": "human", "Y": "human"}
    assert not b.app.hint
    assert "board: no memory for the coach's hint; no hint" in capsys.readouterr().out


def test_smaller_kinds():
    assert [smaller(k) for k in ("expert", "hard", "medium", "easy", "human")] == \
        ["hard", "medium", "easy", "human", "human"]
