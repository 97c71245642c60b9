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
from ludo_host.logger.status import StatusLine
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
        assert wait_until(lambda: path.exists() and path.read_text() == "\n".join(board.lines) + "\n", 10)
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


ABANDONED = '{"result":"*","seed":null,"termination":"abandoned"}'


def chosen_rolls_record(n, value=1, hand=False):
    """An abandoned game whose first `n` rolls were all `value`, chosen (not thrown), as a
    tamperer would write them: its footer reveals no seed.  `hand`: the rolls (and the
    header's dice) relabelled as entered by hand."""
    import ludo
    from ludo.record import push_line
    g = ludo.Game("classic", players=2, seed=7, start="2026-11-29T14:00:00Z")
    rolls = 0
    while rolls < n:
        if g.needs_roll():
            push_line(g, "roll %d" % value)
            rolls += 1
        else:
            g.push(next(iter(g.legal_moves)))
    lines = str(g.record(transcript=True)).split("\n")[:-1]
    lines = [x for x in lines if not x.startswith("{") or x is lines[0]] + [ABANDONED]
    if hand:
        head = json.loads(lines[0])
        head["dice"] = "hand"
        lines[0] = json.dumps(head, sort_keys=True, separators=(",", ":"))
        lines = [x + " hand" if re.fullmatch(r"roll \d", x) else x for x in lines]
    return "\n".join(lines) + "\n"


def test_verify_says_plainly_that_nothing_about_a_seedless_abandoned_record_s_dice_is_proven(cli, tmp_path):
    plain, relabelled = tmp_path / "plain.ludo", tmp_path / "hand.ludo"
    plain.write_text(chosen_rolls_record(12))
    relabelled.write_text(chosen_rolls_record(12, hand=True))
    for path, hand in ((plain, ""), (relabelled, " (12 marked hand)")):
        out = cli("verify", path)
        assert out.returncode == 0, out.stdout + out.stderr          # nothing in it is refused...
        assert out.stdout.splitlines()[1:] == [                       # ... and nothing is proven
            "%s: warning: nothing about this game's dice is proven: the footer reveals no seed, so its "
            "12 rolls%s, and the players, kinds and options it began with, could have been changed unseen"
            % (path, hand)], out.stdout


def test_stats_leaves_rolls_no_seed_proves_out_of_the_fairness_test_and_says_how_many(cli, tmp_path):
    import games
    from ludo_host.stats import collect, record_paths
    folder = tmp_path / "games"
    folder.mkdir()
    for seed in range(3):
        (folder / ("fair%d.ludo" % seed)).write_text(games.record_text(seed, players=2))
    before = json.loads(json.dumps(collect(record_paths(str(folder)))))
    (folder / "chosen.ludo").write_text(chosen_rolls_record(32, value=1))
    out = cli("stats", "--json", folder)
    assert out.returncode == 0, out.stderr
    after = json.loads(out.stdout)
    assert after["games"] == before["games"] + 1
    assert after["rolls"] == before["rolls"] and after["chi_square"] == before["chi_square"]
    assert (after["unproven_rolls"], after["unproven_games"]) == (32, 1)
    from ludo_host.stats import report
    text = report(after)
    assert "left out of the fairness test: 32 rolls of 1 game whose footer reveals no seed (abandoned or " \
           "unfinished): nothing proves them" in text
    assert before["chi_square"]["verdict"] in text
