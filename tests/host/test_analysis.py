"""`ludo-host analyse`: luck, errors and marks of recorded games; bad records get one line."""
import json

import ludo
from ludo.replay import game_of
from ludo import winchance
from ludo_host import cli
from ludo_host.analysis.engine import analyse_record, move_mark, roll_mark


def _hand_record(position, actions):
    """The record of a game set up at `position` with hand-entered dice, `actions` played."""
    g = ludo.Game.from_position(position, dice="hand")
    for a in actions:
        if a.startswith("roll "):
            g.roll(int(a[5:]))
        else:
            g.push(a)
    return ludo.Record.parse(str(g.record()))


def _play_out(g, after=None):
    """Medium players play g to its end; `after(g)` after each action."""
    who = {s: ludo.ai.Medium(seed=s) for s in g.seats}
    while g.outcome() is None:
        if g.needs_roll():
            g.roll()
        else:
            g.push(who[g.turn].choose(g))
        if after is not None:
            after(g)
    return g


def _played_record(seed=3, preset="classic", players=4):
    return str(_play_out(ludo.Game(preset, players=players, seed=seed)).record())


# Red's tokens are all in the yard, Green's block stands on Red's start, and Red has
# thrown two sixes: whatever the die shows, Red's turn ends with nothing moved (a third
# six is forfeited), so no roll can be lucky or unlucky.
FORCED = "classic RGYB R=y,y,y,y/G=0,0,y,y/Y=y,y,y,y/B=y,y,y,y R roll - 2 10"


def test_a_roll_that_cannot_matter_has_no_luck():
    for value in (3, 6):
        result = analyse_record(_hand_record(FORCED, ["roll %d" % value]))
        roll = result["actions"][0]
        assert roll["action"] == "roll %d hand" % value and roll["seat"] == "R"
        assert roll["luck"] == 0.0 and roll["mark"] is None
        assert result["seats"]["R"]["luck"] == 0.0


def test_a_single_legal_move_is_no_decision():
    """One token out, a 3: one legal move, so no error and no decision counted."""
    result = analyse_record(_hand_record("classic RY R=5,y,y,y/Y=30,y,y,y R roll - 0 10", ["roll 3", "R1 5-8"]))
    move = result["actions"][1]
    assert move["error"] == 0.0 and move["choice"] is False and move["mark"] is None
    assert result["seats"]["R"]["decisions"] == 0


# Yellow has three tokens home and the last one on square 19, a few rolls from home; Red
# (two home, one on its start square 13, one in the yard) rolls a 6 and could take it,
# sending it back to the yard; Red brings a token out of the yard instead.
BLUNDER = "classic RY R=c,c,13,y/Y=c,c,c,19 R roll - 0 200"


def test_a_known_blunder_is_marked():
    rec = _hand_record(BLUNDER, ["roll 6", "R4 y-0"])
    result = analyse_record(rec)
    move = result["actions"][1]
    assert move["choice"] is True
    assert move["mark"] == "blunder", move
    assert move["best"] == "R3 13-19xY4"
    assert move["error"] >= 10.0
    assert result["seats"]["R"]["marks"]["blunder"] == 1
    assert result["actions"][0]["luck"] > 0      # (the 6 that allowed the capture)


def test_marks_and_their_thresholds():
    assert roll_mark(12.0) == "very lucky" and roll_mark(5.0) == "lucky" and roll_mark(4.9) is None
    assert roll_mark(-5.0) == "unlucky" and roll_mark(-10.0) == "very unlucky"
    assert move_mark(1.9) is None and move_mark(2.0) == "inaccuracy"
    assert move_mark(5.0) == "mistake" and move_mark(10.0) == "blunder"


def test_a_whole_game_adds_up():
    """Chances after every action sum to 100 (4 seats, no teams); the end is exact; the
    luck-free results of the seats sum to 100 (every roll's luck sums to 0 over the seats)."""
    result = analyse_record(ludo.Record.parse(_played_record()))
    assert result["finished"]
    for a in result["actions"]:
        assert abs(sum(a["chances"].values()) - 100.0) < 1e-9
    last = result["actions"][-1]["chances"]
    assert sorted(last.values()) == [0.0, 0.0, 0.0, 100.0]
    assert abs(sum(p["luck_adjusted"] for p in result["seats"].values()) - 100.0) < 0.5
    winner = result["winners"]
    assert result["seats"][winner]["result"] == 100.0
    assert sum(p["rolls"] for p in result["seats"].values()) == sum(1 for a in result["actions"] if "luck" in a)


def test_cli_analyses_the_good_and_says_one_line_per_bad_record(tmp_path, capsys):
    good = tmp_path / "a-good.ludo"
    good.write_text(_played_record(seed=5, players=2))
    text = _played_record(seed=6, players=2)
    (tmp_path / "b-truncated.ludo").write_text(text[:len(text) // 2])
    (tmp_path / "c-binary.ludo").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "d-preset.ludo").write_text(text.replace('"preset":"classic"', '"preset":"chess"'))
    lines = text.split("\n")
    lines[5] = "R1 0-6xB1"          # a move that does not fit
    (tmp_path / "e-illegal.ludo").write_text("\n".join(lines))
    status = cli.main(["analyse", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 1
    bad = [line for line in err.splitlines() if line.startswith("ludo-host analyse: cannot analyse")]
    assert len(bad) == 4, err
    for name in ("b-truncated", "c-binary", "d-preset", "e-illegal"):
        assert sum(name in line for line in bad) == 1
    assert "analysing: 5/5" in err        # the progress (not a terminal: a line a quarter)
    assert "a-good.ludo" in out and "luck" in out and "win chance over the game" in out


def test_cli_json(tmp_path, capsys):
    path = tmp_path / "g.ludo"
    path.write_text(_played_record(seed=7))
    assert cli.main(["analyse", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 1 and data["games"][0]["file"] == str(path)
    assert data["totals"]["games"] == 1
    seats = data["games"][0]["seats"]
    assert set(seats) == set("RGYB")
    for p in seats.values():
        assert {"luck", "decisions", "error_per_decision", "result", "luck_adjusted", "marks"} <= set(p)


def test_winchance_of_analysis_matches_the_core():
    """The chances the analysis reports are the core's (percent of its parts)."""
    rec = ludo.Record.parse(_played_record(seed=8, players=3))
    result = analyse_record(rec)
    g = game_of(rec, upto=0)
    for i in range(0, len(rec.actions), 37):
        g = game_of(rec, upto=i + 1)
        c = winchance.chances(g)
        assert result["actions"][i]["chances"] == {"RGYB"[s]: c[s] / 100.0 for s in g.seats}


def test_totals_per_seat_and_player(tmp_path, capsys):
    """Over a folder: the figures per seat colour and per player (the name on the record, else
    the kind), with wins counted over finished games."""
    from ludo_host.analysis.totals import totals
    texts = [_played_record(seed=11, players=2), _played_record(seed=12, players=2)]
    texts[0] = texts[0].replace('"players":"RY"', '"names":{"R":"Anna"},"players":"RY"', 1)
    for i, t in enumerate(texts):
        (tmp_path / ("g%d.ludo" % i)).write_text(t)
    assert cli.main(["analyse", "--json", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    t = data["totals"]
    assert t["games"] == 2
    assert set(t["seats"]) == {"R", "Y"} and t["seats"]["R"]["games"] == 2
    assert t["players"]["Anna"]["games"] == 1 and t["players"]["human"]["games"] == 3
    assert sum(f["wins"] for f in t["seats"].values()) == 2
    games = data["games"]
    assert t["seats"]["R"]["decisions"] == sum(g["seats"]["R"]["decisions"] for g in games)
    assert totals(games) == t
    assert cli.main(["analyse", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "across 2 games:" in out and "player Anna" in out


def test_png_of_one_game(tmp_path, capsys):
    path = tmp_path / "g.ludo"
    path.write_text(_played_record(seed=9, players=2))
    out = tmp_path / "g.png"
    assert cli.main(["analyse", str(path), "--png", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert cli.main(["analyse", str(path), str(path), "--png", str(out)]) == 2
    assert cli.main(["analyse", str(path), "--png", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--png draws one game" in err and "is the record itself" in err
    assert path.read_text().startswith("{")       # (not written over)


def test_stats_skill_adds_luck_and_skill_per_seat_and_player(tmp_path, capsys):
    folder = tmp_path / "games"
    folder.mkdir()
    for i in range(2):
        (folder / ("g%d.ludo" % i)).write_text(_played_record(seed=20 + i, players=2))
    (folder / "bad.ludo").write_bytes(b"\x00\x01")
    assert cli.main(["stats", str(folder), "--json", "--skill"]) == 0
    captured = capsys.readouterr()
    skill = json.loads(captured.out)["skill"]
    assert skill["games"] == 2 and set(skill["seats"]) == {"R", "Y"}
    assert skill["players"]["human"]["games"] == 4
    assert "cannot analyse" in captured.err and "bad.ludo" in captured.err
    out = tmp_path / "s.png"
    assert cli.main(["stats", str(folder), "--skill", "--png", str(out)]) == 0
    text = capsys.readouterr().out
    assert "across 2 games:" in text and "seat red" in text
    assert (tmp_path / "s-skill.png").read_bytes()[:4] == b"\x89PNG"
    assert cli.main(["stats", str(folder), "--json"]) == 0
    assert "skill" not in json.loads(capsys.readouterr().out)     # only when asked: it takes time


def test_the_summary_fits_an_80_column_terminal():
    """Every line of the summary but the first (the file's name) fits 80 columns."""
    from ludo_host.analysis.report import report
    result = analyse_record(ludo.Record.parse(_played_record(seed=31)))
    result["file"] = "g.ludo"
    lines = report(result, every=True).split("\n")
    assert len(lines) > len(result["actions"])
    too_long = [line for line in lines[1:] if len(line) > 80]
    assert not too_long, too_long[:3]


def _named(result, names):
    result = dict(result)
    result["names"] = names
    result["file"] = "g.ludo"
    return result


def test_long_and_wide_names_keep_the_seat_table_aligned_in_80_columns():
    """Names of up to 24 characters (and wide ones) are neither cut mid-way with a dangling
    "[" nor shift the columns: every row's figures start in the same terminal column."""
    from ludo_host.analysis.report import report
    from ludo_host.words import columns
    result = analyse_record(ludo.Record.parse(_played_record(seed=31)))
    for s in "GYB":
        result["seats"][s]["kind"] = "medium"
    names = {"R": "Grandma Rosemary", "G": "Christopher Junior Smith", "Y": "Ana María", "B": "李小龙"}
    lines = report(_named(result, names)).split("\n")
    head = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    rows = lines[head + 1:head + 5]
    result_column = columns(lines[head][:lines[head].index("result") + len("result")])
    for row in rows:
        # the result figure ends where its heading does
        first = row.split("  ")[0]
        assert not first.endswith("["), row
        assert columns(row[:row.index(first) + len(first)]) <= result_column
    marks_column = columns(lines[head][:lines[head].index("marks")])
    for row in rows:
        # the row's first `marks_column` terminal columns end with its luck-free figure
        k = 0
        while columns(row[:k]) < marks_column:
            k += 1
        assert columns(row[:k]) == marks_column and row[k - 3].isdigit() and row[k - 2:k] == "  ", row
    assert "Grandma Rosemary" in rows[0] and "Ana María" in rows[2] and "李小龙" in rows[3]
    assert all(columns(line) <= 80 for line in lines[1:]), [l for l in lines[1:] if columns(l) > 80]


def test_the_totals_fit_80_columns_and_say_1_game():
    """The table over many games fits an 80-column terminal too (names of up to 24
    characters included), and one game is "1 game"."""
    from ludo_host.analysis.totals import totals, totals_text
    from ludo_host.words import columns
    result = analyse_record(ludo.Record.parse(_played_record(seed=31)))
    names = {"R": "Grandma Rosemary", "G": "Christopher Junior Smith", "Y": "Ana María", "B": "李小龙"}
    text = totals_text(totals([_named(result, names)]))
    lines = text.split("\n")
    assert lines[0] == "across 1 game:"
    assert all(columns(line) <= 80 for line in lines), [l for l in lines if columns(l) > 80]
    widths = {columns(line.rstrip()) for line in lines[1:] if line.startswith(("seat", "player"))}
    assert len(widths) == 1, lines        # the figures' columns line up, wide names too
    assert "player 李小龙" in text


def test_a_marked_move_whose_better_move_captures_keeps_its_chances_apart():
    """"best Y1 12-17xG3" is as long as a note gets: the chances after it stay a column."""
    from ludo_host.analysis.report import action_line
    a = {"line": 164, "seat": "Y", "action": "Y2 32-37", "error": 4.7, "choice": True,
         "mark": "inaccuracy", "best": "Y1 12-17xG3", "chances": {"R": 18, "G": 33, "Y": 22, "B": 27}}
    b = {"line": 198, "seat": "R", "action": "roll 6", "luck": 6.1, "mark": "lucky",
         "chances": {"R": 28, "G": 31, "Y": 21, "B": 21}}
    one, two = action_line(a, "RGYB"), action_line(b, "RGYB")
    assert "xG3 R18" not in one
    assert one.index("R18") == two.index("R28")


def test_the_html_replay_says_what_the_analysis_figures_mean(tmp_path, capsys):
    """On a phone there is no hovering for the table's titles: the page says in words what
    its graph, the table's columns and the marks mean, as the terminal summary does."""
    import re
    path = tmp_path / "g.ludo"
    path.write_text(_played_record(seed=9, players=2))
    out = tmp_path / "g.html"
    assert cli.main(["replay", str(path), "--html", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    box = re.search(r'<div id="analysis".*?</div>', html, re.S).group(0)
    legend = re.sub(r"<[^>]+>", "", box)
    for words in ("0 to 100 %", "luck:", "dec.:", "error:", "luck-free:", "?? blunder", "very lucky"):
        assert words in legend, words


def test_a_small_chance_is_the_lowest_bar_not_a_gap():
    """A seat at 3 % shows the lowest bar in the summary's line of bars; only no chance at
    all is blank (a blank in the middle of a line read as a gap in the game)."""
    from ludo_host.analysis.report import graph
    result = {"actions": [{"chances": {"R": v, "Y": 100 - v}} for v in (25, 3, 1, 0.2, 0, 60)]}
    assert graph(result, "R") == "\u2582\u2581\u2581  \u2585"


def _handed_over_record(at=160):
    """A 2-player game of Medium players, Red named Anna and Yellow Ben, Red's seat handed
    to the computer (Medium) after `at` actions, as the pause menu or a seat link does."""
    def hand_over(g):
        if len(g) == at and g.kinds["R"] == "human":
            g.set_kind("R", "medium", record=True)
    g = _play_out(ludo.Game("classic", players=2, seed=5), hand_over)
    return ludo.Record.parse(str(g.record(transcript=True, names={"R": "Anna", "Y": "Ben"})))


def test_a_seat_handed_over_gives_each_chooser_its_own_choices():
    """Anna's seat handed to Medium mid-game: her row counts her choices only, Medium's
    after the hand-over are Medium's; the game and its result stay hers."""
    from ludo_host.analysis.report import report
    from ludo_host.analysis.totals import totals
    result = analyse_record(_handed_over_record())
    red = result["seats"]["R"]
    assert red["start_kind"] == "human" and red["kind"] == "medium"
    mine, medium = red["by"]["human"]["decisions"], red["by"]["medium"]["decisions"]
    assert mine > 0 and medium > 0 and mine + medium == red["decisions"]
    step = next(a["step"] for a in result["actions"] if a["action"] == "kind R medium")
    assert mine == sum(1 for a in result["actions"] if a["seat"] == "R" and a.get("choice") and a["step"] < step)
    t = totals([result])["players"]
    assert t["Anna"]["games"] == 1 and t["Anna"]["decisions"] == mine
    assert t["medium"]["games"] == 0 and t["medium"]["decisions"] == medium
    assert abs(t["Anna"]["error"] + t["medium"]["error"] - red["error"]) < 0.05
    assert t["Ben"]["decisions"] == result["seats"]["Y"]["decisions"]
    assert "red (Anna) [then medium]" in report(result)


def test_the_marked_moves_are_numbered_as_the_replays_number_them():
    """`replay --to N` and the HTML replay's step N show the position after the N-th action:
    the summary's list gives that number, not the record file's line."""
    from ludo_host.analysis.report import report
    result = analyse_record(_handed_over_record())
    for i, a in enumerate(result["actions"]):
        assert a["step"] == i + 1 and a["line"] == i + 2
    marked = [a for a in result["actions"] if a.get("mark")]
    text = report(result)
    assert "move number, as `replay --to N`" in text
    rows = [line for line in text.split("\n") if line.startswith("  ") and line.strip()[:1].isdigit()]
    assert [int(r.split()[0]) for r in rows] == [a["step"] for a in marked]


def test_the_html_table_says_a_seat_was_handed_over():
    from ludo_host.analysis.page import page_analysis
    table = page_analysis(analyse_record(_handed_over_record()))["table"]
    assert [row["player"] for row in table] == ["Anna, then medium", "Ben"]


def test_a_game_not_over_says_why_its_results_are_dashes():
    from ludo_host.analysis.report import report
    text = str(ludo.Record.parse(_played_record(seed=31)))
    rec = ludo.Record.parse("\n".join(text.split("\n")[:60]) + "\n")     # the first actions, no footer
    result = analyse_record(rec)
    assert not result["finished"]
    assert "-: no result (nor luck-free figure) while the game is not over." in report(result)
    assert "not over" not in report(analyse_record(ludo.Record.parse(_played_record(seed=31))))


def test_an_empty_folder_is_named(tmp_path, capsys):
    assert cli.main(["analyse", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == "ludo-host analyse: no record files (*.ludo, *.txt, *.record) in %s" % tmp_path


def test_a_roll_where_a_move_is_due_is_said_as_the_rules_say_it(tmp_path, capsys):
    """A roll edited by hand so that the next roll comes while a move is due: the line says
    so, as verify and replay do, at FILE:LINE (docs/host.md), not "no token 'roll'"."""
    lines = _played_record(seed=5, players=2).split("\n")
    i = next(n for n in range(1, len(lines)) if lines[n].startswith("roll ") and lines[n + 1].startswith("roll "))
    lines[i] = "roll 6"             # a six: a move is due where the record rolls again
    path = tmp_path / "edited.ludo"
    path.write_text("\n".join(lines))
    assert cli.main(["analyse", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("ludo-host analyse: cannot analyse %s:%d: " % (path, i + 2)), err
    assert "a move is due, not a roll" in err[0] and "no token" not in err[0], err
