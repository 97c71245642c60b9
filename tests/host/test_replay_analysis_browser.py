"""The HTML replay's analysis in headless Chromium: the win-chance graph (a click goes to that
step, the current step marked), the marks beside the moves, the luck/skill table."""
import ludo
import pytest

from cdp import Browser
from conftest import need_chromium
from ludo_host import cli
from ludo_host.analysis.engine import analyse_record
from ludo_host.analysis.page import page_analysis
from ludo_host.replay.page import render_page
from ludo_host.replay.steps import Replay


@pytest.fixture(scope="module")
def browser():
    need_chromium()
    with Browser(width=1180, height=900) as b:
        yield b


@pytest.fixture(scope="module")
def page(tmp_path_factory, browser, finished_game_text):
    rec = ludo.Record.parse(finished_game_text)
    analysis = page_analysis(analyse_record(rec))
    replay = Replay(ludo.Record.parse(finished_game_text))
    path = tmp_path_factory.mktemp("html") / "replay.html"
    path.write_text(render_page(replay, "test", analysis), encoding="utf-8")
    browser.open(path.as_uri())
    return replay, analysis


def _click_graph(browser, fraction):
    box = browser.eval("(function () { var r = document.getElementById('wc-graph').getBoundingClientRect();"
                       " return [r.left, r.top, r.width, r.height]; })()")
    x = box[0] + box[2] * fraction
    y = box[1] + box[3] / 2
    for kind in ("mousePressed", "mouseReleased"):
        browser.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
    return box


def test_a_click_on_the_graph_goes_to_that_step(browser, page):
    replay, analysis = page
    last = len(replay.steps) - 1
    assert len(analysis["chances"]) == last + 1        # one point per step, the start too
    assert browser.eval("document.getElementById('analysis').hidden") is False
    for fraction in (0.25, 0.5, 0.9):
        _click_graph(browser, fraction)
        step = int(browser.eval("document.body.dataset.step"))
        assert abs(step - fraction * last) <= 1.5, (fraction, step)
        # the board shows that step, and the graph's cursor stands on it
        assert browser.eval("document.getElementById('counter').textContent") == "Step %d of %d" % (step, last)
        x = float(browser.eval("document.querySelector('#wc-graph .wc-cursor').getAttribute('x1')"))
        assert abs(x - step * 440.0 / last) < 0.01
        shown = browser.eval("document.getElementById('wc-now').textContent")
        first = analysis["players"][0]
        assert ("%.1f%%" % (analysis["chances"][step][0] / 10.0)) in shown and shown.startswith("Win chance:")
        assert {"R": "red", "Y": "yellow"}[first] in shown


def test_keys_move_the_cursor_and_the_lines_are_the_chances(browser, page):
    replay, analysis = page
    browser.eval("ludoReplay.go(0)")
    browser.key("ArrowRight")
    browser.key("ArrowRight")
    x = float(browser.eval("document.querySelector('#wc-graph .wc-cursor').getAttribute('x1')"))
    assert abs(x - 2 * 440.0 / (len(replay.steps) - 1)) < 0.01
    lines = browser.eval("Array.from(document.querySelectorAll('#wc-graph .wc-line'))"
                         ".map(function (e) { return [e.dataset.seat, e.getAttribute('points').split(' ').length]; })")
    assert [s for s, _ in lines] == list(analysis["players"])
    assert all(n == len(replay.steps) for _, n in lines)


def test_marks_beside_the_moves_and_the_table(browser, page):
    _, analysis = page
    marked = [i for i, m in enumerate(analysis["marks"]) if m]
    assert marked, "a game of random moves has marked rolls and moves"
    got = browser.eval("Array.from(document.querySelectorAll('#moves li')).map(function (li, i) {"
                       " var m = li.querySelector('.mark'); return m ? [i, m.title] : null; })"
                       ".filter(function (x) { return x; })")
    assert [i for i, _ in got] == marked
    for i, title in got:
        assert title == analysis["notes"][i] and analysis["marks"][i] in title
    rows = browser.eval("document.querySelectorAll('#luck-table tr').length")
    assert rows == 1 + len(analysis["players"])


def test_replay_html_has_the_analysis_unless_asked_not_to(tmp_path, record_file, capsys):
    out = tmp_path / "page.html"
    assert cli.main(["replay", str(record_file), "--html", str(out)]) == 0
    assert '"analysis":{' in out.read_text()
    assert cli.main(["replay", str(record_file), "--html", str(out), "--no-analysis"]) == 0
    assert '"analysis":{' not in out.read_text()
    cut = tmp_path / "cut.ludo"
    cut.write_text(record_file.read_text()[:-30])       # cut short: replayed, not analysed
    assert cli.main(["replay", str(cut), "--html", str(out)]) == 0
    assert "the page has no analysis" in capsys.readouterr().err
    assert '"analysis":{' not in out.read_text()


def test_a_team_game_says_its_chances_are_the_teams(tmp_path, browser):
    """With teams both partners show their team's chance (they add up to 200 %): the line
    under the graph says so; without teams it does not."""
    g = ludo.Game("club", players=4, seed=11, options={"teams": True})
    who = {s: ludo.ai.Medium(seed=s) for s in g.seats}
    while g.outcome() is None and len(g) < 120:
        if g.needs_roll():
            g.roll()
        else:
            g.push(who[g.turn].choose(g))
    rec = ludo.Record.parse(str(g.record()))
    path = tmp_path / "teams.html"
    path.write_text(render_page(Replay(rec), "teams", page_analysis(analyse_record(rec))), encoding="utf-8")
    browser.open(path.as_uri())
    assert browser.eval("document.getElementById('wc-now').textContent").startswith(
        "Win chance (each team's; partners alike): ")
