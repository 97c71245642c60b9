"""Records a hostile or confused board leaves (issue 25): the logger and a board that says
a game is both over and playing; `verify` and `stats` on abandoned records whose seed was
never revealed."""
import json
import re
import threading
import time

from conftest import wait_until
from fakeboard import FakeBoard
from ludo.record import footer_of
from ludo_host._status import StatusLine
from ludo_host.logger import Logger


def test_a_board_that_says_an_ended_game_is_still_playing_keeps_one_file_and_one_line(tmp_path):
    board = FakeBoard(tmp_path / "board-port", seed=3)
    board.plug()
    games = tmp_path / "games"
    games.mkdir()
    said = tmp_path / "status.txt"
    logger = Logger(str(games), port=board.link, status_every_s=0.5, set_time=False,
                    status=StatusLine(open(said, "w", buffering=1)))
    t = threading.Thread(target=logger.run, daemon=True)
    t.start()
    try:
        assert wait_until(lambda: logger.answered, 15)
        game_id = board.new_game("classic", players=2)
        for _ in range(6):
            board.play_turn()
        with board.lock:
            board._end(footer_of(board.game), abandoned=True)
        path = games / ("%s.ludo" % game_id)
        assert wait_until(lambda: path.exists() and path.read_text().split("\n")[-2].startswith("{"), 10)
        kept = path.read_text()
        board.state = lambda: "playing"           # ... and yet: over by its record, playing by its status
        asked = len([m for m in board.received if m.get("cmd") == "status"])
        assert wait_until(lambda: len([m for m in board.received if m.get("cmd") == "status"]) >= asked + 8, 15)
        assert sorted(p.name for p in games.glob("*.ludo")) == [path.name]
        assert path.read_text() == kept
        lines = [x for x in said.read_text().split("\n") if "still playing" in x]
        assert lines == ["ludo-host log: board: game %s ended at line %d, yet its status says it is still "
                         "playing there: %s kept as it is" % (game_id, len(board.lines), path)]
    finally:
        logger.stop()
        t.join(10)
        board.close()
