"""`ludo-host stats`: counts over a folder, the chi-square figure, the PNG, the progress bar."""
import json
import math
import os
import subprocess

import pytest

import games
from conftest import cli_command, cli_env
from ludo_host import stats
from ludo_host.stats import chi2_sf_5, chi_square, collect, effective_actions, report

HEADER = ('{"commitment":null,"format":"ludo-record/1","game":"%s","kinds":%s,"options":{},'
          '"players":"%s","preset":"%s","start":null}')


def record(gid, lines, footer=None, players="RY", kinds='{"R":"human","Y":"human"}', preset="classic"):
    text = HEADER % (gid, kinds, players, preset) + "\n" + "\n".join(lines) + "\n"
    if footer:
        text += footer + "\n"
    return text


def _pdf5(x):
    return x ** 1.5 * math.exp(-x / 2) / (2 ** 2.5 * math.gamma(2.5))


@pytest.mark.parametrize("x", [0.1, 0.5, 1.0, 2.5, 4.35, 7.0, 11.07, 15.09, 25.0, 60.0])
def test_chi2_survival_matches_numeric_integration(x):
    # P(X >= x) = 1 - integral_0^x pdf (Simpson's rule, fine grid)
    n = 20000
    h = x / n
    s = _pdf5(0) + _pdf5(x) + sum((4 if k % 2 else 2) * _pdf5(k * h) for k in range(1, n))
    assert chi2_sf_5(x) == pytest.approx(1 - s * h / 3, abs=1e-7)


def test_chi2_known_critical_values():
    assert chi2_sf_5(11.0705) == pytest.approx(0.05, abs=1e-5)
    assert chi2_sf_5(15.0863) == pytest.approx(0.01, abs=1e-5)
    assert chi2_sf_5(0) == 1.0
    stat, p = chi_square([10, 10, 10, 10, 10, 10])
    assert stat == 0 and p == 1.0
    stat, p = chi_square([60, 0, 0, 0, 0, 0])
    assert stat == pytest.approx(300.0) and p < 1e-60


def test_undo_takes_back_the_last_action_not_a_kind_line():
    assert effective_actions(["roll 6", "R1 y-0", "kind Y hard", "undo", "roll 2"]) == \
        ["roll 6", "kind Y hard", "roll 2"]


@pytest.fixture
def unchecked(monkeypatch):
    """The counting on hand-made records, which the rules would not replay (a result after
    a few rolls): their check is left out here (test_records_the_rules_do_not_replay_...)."""
    monkeypatch.setattr(stats, "_does_not_replay", lambda rec: None)


def _collect(folder):
    return collect(stats.record_paths(str(folder)))


def test_counts_over_a_folder(unchecked, tmp_path):
    (tmp_path / "a.ludo").write_text(record("00000001", [
        "roll 6", "R1 y-0", "roll 3", "R1 0-3", "roll 6", "Y1 y-26", "roll 2", "Y1 26-28", "undo",
        "roll 2 hand", "kind Y hard", "roll 5", "R1 3-8xY1"],
        '{"result":"R","seed":"12345","termination":"finished"}'))
    (tmp_path / "b.ludo").write_text(record("00000002", ["roll 1", "roll 1", "kind R easy"],
                                            '{"result":"Y","seed":"67890","termination":"resigned"}',
                                            kinds='{"R":"human","Y":"medium"}', preset="family"))
    (tmp_path / "c.ludo").write_text(record("00000003", ["roll 4"]))       # unfinished
    (tmp_path / "d.ludo").write_text(record("00000004", ["roll 4", "roll 2"],  # abandoned
                                            '{"result":"*","seed":null,"termination":"abandoned"}'))
    (tmp_path / "junk.ludo").write_bytes(b"\x00\x01 not a record")
    (tmp_path / "notes.md").write_text("not looked at")
    t = json.loads(json.dumps(_collect(tmp_path)))
    assert t["files"] == 5 and t["games"] == 4 and len(t["unreadable"]) == 1
    assert t["presets"] == {"classic": 3, "family": 1}
    assert t["terminations"] == {"abandoned": 1, "finished": 1, "resigned": 1, "unfinished": 1}
    assert t["seat_wins"] == {"R": 1, "G": 0, "Y": 1, "B": 0}
    # win rates are over the games with a winner: a and b, not the unfinished c
    assert t["games_with_winner"] == 2
    assert t["seat_games"] == {"R": 2, "G": 0, "Y": 2, "B": 0}
    # game a: R human won, Y handed to hard; b: R handed to easy, Y medium won
    assert t["kind_games"] == {"human": 1, "easy": 1, "medium": 1, "hard": 1, "expert": 0}
    assert t["kind_wins"] == {"human": 1, "easy": 0, "medium": 1, "hard": 0, "expert": 0}
    # "roll 2" stays: the undo took the move after it; c's and d's rolls no seed proves
    assert t["rolls"] == [2, 1, 1, 0, 1, 2]
    assert (t["unproven_rolls"], t["unproven_games"]) == (3, 2)
    assert t["hand_rolls"] == [0, 1, 0, 0, 0, 0]
    assert t["captures"] == [1, 0, 0, 0]
    assert t["lengths"] == [11, 3]      # actions that stand after take-backs; games with a winner
    assert len(t["unreadable"]) == 1 and "junk.ludo:1:" in t["unreadable"][0]


def test_report_text_and_png(cli, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    for seed in range(6):
        kinds = {"Y": "hard" if seed % 4 == 1 else "expert"} if seed % 2 else {}
        (folder / ("g%d.ludo" % seed)).write_text(games.record_text(seed, players=2, kinds=kinds))
    png = tmp_path / "stats.png"
    out = cli("stats", folder, "--png", png)
    assert out.returncode == 0, out.stderr
    assert "games: 6 of 6 files" in out.stdout
    assert "wins by player, of 6 games with a winner: human" in out.stdout and "hard" in out.stdout
    assert "expert" in out.stdout
    assert "fairness: chi-square" in out.stdout and "5 degrees of freedom" in out.stdout
    # a game's length counts what stands (verify counts every line, take-backs too): it says so
    assert "finished game length, actions (taken back: left out): mean" in out.stdout
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    assert "reading records" not in out.stderr          # small folder: no progress bar


def test_win_rates_leave_out_unfinished_and_abandoned_games(unchecked, tmp_path):
    won = '{"result":"R","seed":null,"termination":"finished"}'
    abandoned = '{"result":"*","seed":null,"termination":"abandoned"}'
    (tmp_path / "a.ludo").write_text(record("00000001", ["roll 4"], won))
    (tmp_path / "b.ludo").write_text(record("00000002", ["roll 4"]))                 # unfinished
    (tmp_path / "c.ludo").write_text(record("00000003", ["roll 4"]))                 # unfinished
    (tmp_path / "d.ludo").write_text(record("00000004", ["roll 4"], abandoned, kinds='{"R":"human","Y":"hard"}'))
    t = _collect(tmp_path)
    text = report(t) + "\n"
    assert "endings: abandoned 1, finished 1, unfinished 2" in text
    assert "wins by seat, of 1 game with a winner: R 1/1 (100%), Y 0/1 (0%)\n" in text
    assert "wins by player, of 1 game with a winner: human 1/2 (50%)\n" in text
    assert t["games"] == 4 and t["games_with_winner"] == 1
    assert t["seat_games"] == {"R": 1, "G": 0, "Y": 1, "B": 0} and t["seat_wins"]["R"] == 1
    assert t["kind_games"] == {"human": 2, "easy": 0, "medium": 0, "hard": 0, "expert": 0}


def test_no_game_with_a_winner_gives_no_rates(cli, tmp_path):
    (tmp_path / "b.ludo").write_text(record("00000002", ["roll 4"]))
    out = cli("stats", tmp_path)
    assert out.returncode == 0, out.stderr
    assert "wins: no game with a winner" in out.stdout and "0/" not in out.stdout


def test_progress_bar_for_a_large_folder(cli, tmp_path, finished_game_text):
    for i in range(205):
        (tmp_path / ("g%03d.ludo" % i)).write_text(finished_game_text)
    out = cli("stats", tmp_path)
    assert out.returncode == 0
    assert "reading records: 205/205" in out.stderr
    assert "games: 205 of 205 files" in out.stdout


def test_empty_or_missing_folder(cli, tmp_path):
    out = cli("stats", tmp_path)
    assert out.returncode == 1 and "games: 0 of 0 files" in out.stdout
    # why there are none, in one line, as analyse says it (records named *.json are no records)
    assert out.stderr == "ludo-host stats: no record files (*.ludo, *.txt, *.record) in %s\n" % tmp_path
    out = cli("stats", tmp_path / "nope")
    assert out.returncode == 2 and "cannot read" in out.stderr and "Traceback" not in out.stderr
    game = tmp_path / "g.ludo"          # a file where the folder goes: said so, not "Not a directory"
    game.write_text(games.record_text(1, players=2))
    out = cli("stats", game)
    assert out.returncode == 2 and out.stderr == (
        "ludo-host stats: %s is not a folder: give the folder the records are in "
        "(for one game: ludo-host verify or analyse FILE)\n" % game)


def test_png_without_matplotlib_stops_before_the_work(tmp_path, finished_game_text):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.ludo").write_text(finished_game_text)
    hide = tmp_path / "no-matplotlib"            # an import of matplotlib fails, as when it is not installed
    (hide / "matplotlib").mkdir(parents=True)
    (hide / "matplotlib" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'matplotlib'\", name='matplotlib')\n")
    env = cli_env()
    env["PYTHONPATH"] = os.pathsep.join([str(hide), env["PYTHONPATH"]])
    png = tmp_path / "stats.png"
    out = subprocess.run(cli_command("stats", folder, "--png", png), env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2
    assert out.stdout == ""                             # no figures printed before the refusal
    assert out.stderr.count("\n") == 1, out.stderr
    assert "--png needs matplotlib" in out.stderr and "pip install matplotlib" in out.stderr
    assert "Traceback" not in out.stderr and not png.exists()


def test_a_file_that_cannot_be_opened_is_named_without_a_line(tmp_path):
    gone = tmp_path / "gone.ludo"                   # listed, then removed before it was read
    t = collect([str(gone), str(tmp_path)])
    assert t["unreadable"] == ["%s: cannot open: No such file or directory" % gone,
                               "%s: is a folder, not a record file" % tmp_path]


def test_records_the_rules_do_not_replay_are_skipped_with_a_line(cli, tmp_path):
    """stats counts what the rules confirm, as verify does: a record with an illegal action
    or a footer whose result the game does not give is skipped and named on stderr; a game
    still being written (no footer yet) counts."""
    good = games.record_text(1)
    lines = good.splitlines(keepends=True)
    footer = json.loads(lines[-1])
    (tmp_path / "a.ludo").write_text(good)
    (tmp_path / "b.ludo").write_text(good.replace('"players":"RY"', '"players":"RG"', 1))    # illegal
    footer["result"] = "Y" if footer["result"] != "Y" else "R"
    (tmp_path / "c.ludo").write_text("".join(lines[:-1]) + json.dumps(footer) + "\n")      # a false result
    (tmp_path / "d.ludo").write_text("".join(lines[:30]))                                     # being written
    out = cli("stats", tmp_path, "--json")
    assert out.returncode == 0, out.stderr
    t = json.loads(out.stdout)
    assert t["files"] == 4 and t["games"] == 2 and t["games_with_winner"] == 1
    assert t["terminations"] == {"finished": 1, "unfinished": 1}
    skipped = [line for line in out.stderr.splitlines() if line.startswith("ludo-host stats: skipped")]
    assert len(skipped) == 2 and "Traceback" not in out.stderr
    assert "b.ludo:" in skipped[0] and "does not replay" in skipped[0]
    assert "c.ludo:" in skipped[1] and "does not replay" in skipped[1]
    out = cli("stats", tmp_path)
    assert "games: 2 of 4 files, 2 skipped (unreadable, or the rules do not replay it)" in out.stdout


def test_the_length_plot_counts_whole_games_and_moves(tmp_path):
    """One finished game: the length histogram's axes show whole numbers, not "0.2 games"."""
    from ludo_host.stats.plot import figure
    (tmp_path / "g.ludo").write_text(games.record_text(3, players=2))
    totals = collect([str(tmp_path / "g.ludo")])
    length = figure(totals).axes[3]
    low, high = length.get_xlim()
    moves = [v for v in length.get_xticks() if low <= v <= high]
    assert moves and all(float(v).is_integer() for v in moves), moves
    assert all(float(v).is_integer() for v in length.get_yticks()), length.get_yticks()


def test_png_over_a_record_is_refused_and_any_name_gets_a_png(cli, tmp_path):
    """`--png` naming one of the records wrote the plot over that game; a name that does
    not end in .png made matplotlib raise (a traceback)."""
    folder = tmp_path / "games"
    folder.mkdir()
    game = folder / "g.ludo"
    game.write_text(games.record_text(1, players=2))
    before = game.read_bytes()
    out = cli("stats", folder, "--png", game)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == ("ludo-host stats: --png %s is one of the records: give the plot another name "
                          "(nothing written)\n" % game)
    assert game.read_bytes() == before
    out = cli("stats", folder, "--png", tmp_path)         # a folder: refused before the work
    assert out.returncode == 2 and out.stdout == "", out.stdout
    assert out.stderr.startswith("ludo-host stats: --png %s is a folder: give the plot a file name" % tmp_path)
    assert len(out.stderr.splitlines()) == 1
    plot = tmp_path / "plot.jpg"
    out = cli("stats", folder, "--png", plot)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def berlin(monkeypatch):
    """This computer's time zone: Berlin (UTC+1 in winter)."""
    import time
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_when_the_games_were_played_in_this_computers_time(unchecked, tmp_path, berlin):
    """Start times are said in local time, never as the header's raw UTC text."""
    won = '{"result":"R","seed":null,"termination":"finished"}'
    for gid, start in (("00000001", "2026-11-29T14:03:00Z"), ("00000002", "2026-12-04T21:30:00Z")):
        text = record(gid, ["roll 4"], won).replace('"start":null', '"start":"%s"' % start)
        (tmp_path / (gid + ".ludo")).write_text(text)
    (tmp_path / "c.ludo").write_text(record("00000003", ["roll 4"]))                 # no time: left out
    text = report(_collect(tmp_path))
    assert "played: from Sun 29 Nov 2026, 15:03 to Fri 4 Dec 2026, 22:30 (this computer's time)" in text
    assert "T14:03" not in text


def test_local_time_words(berlin):
    from ludo_host.words import local_time
    assert local_time("2026-07-01T10:00:00Z") == "Wed 1 Jul 2026, 12:00"          # summer: UTC+2
    assert local_time("2026-07-01T10:00:00+00:00") == "Wed 1 Jul 2026, 12:00"
    assert local_time(None) is None and local_time("yesterday") is None and local_time(5) is None


def test_wins_are_counted_per_person_by_the_names_the_records_give(unchecked, tmp_path):
    """A person counts once per game whatever seat they played; a game with a winner only."""
    head = '{"commitment":null,"format":"ludo-record/1","game":"%s","kinds":{"R":"human","Y":"human"},' \
           '"names":%s,"options":{},"players":"RY","preset":"classic","start":null}'
    won = '{"names":%s,"result":"%s","seed":null,"termination":"finished"}'
    games_given = [("00000001", '{"R":"Anna"}', '{"Y":"Ben"}', "R"),      # Anna won (Red), Ben named late
                   ("00000002", '{"R":"Ben","Y":"Anna"}', "{}", "Y"),    # Anna won again, as Yellow
                   ("00000003", '{"R":"Ben"}', "{}", "R")]               # Ben won (Yellow has no name)
    for gid, names, late, result in games_given:
        (tmp_path / (gid + ".ludo")).write_text(head % (gid, names) + "\nroll 4\n" + won % (late, result) + "\n")
    t = _collect(tmp_path)
    assert t["person_games"] == {"Anna": 2, "Ben": 3} and t["person_wins"] == {"Anna": 2, "Ben": 1}
    assert "wins by person (the names the records give seats): Anna 2/2 (100%), Ben 1/3 (33%)\n" in report(t) + "\n"
