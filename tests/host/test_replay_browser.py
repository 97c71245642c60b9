"""The HTML replay in headless Chromium (Debian's `chromium`), driven over the DevTools
protocol: keys, slider and #step=N change the board as the rules core says."""
import ludo
import pytest

from cdp import Browser
from conftest import need_chromium
from ludo_host.replay.page import render_page
from ludo_host.replay.steps import Replay


@pytest.fixture(scope="module")
def browser():
    need_chromium()
    with Browser(width=1180, height=760) as b:
        yield b


@pytest.fixture(scope="module")
def page(tmp_path_factory, browser, finished_game_text):
    replay = Replay(ludo.Record.parse(finished_game_text))
    path = tmp_path_factory.mktemp("html") / "replay.html"
    path.write_text(render_page(replay, "test"), encoding="utf-8")
    browser.open(path.as_uri())
    return replay, path


def shown(browser):
    """(step, {token: place}) as the page shows them."""
    step = int(browser.eval("document.body.dataset.step"))
    tokens = browser.eval("Array.from(document.querySelectorAll('#tokens .token'))"
                          ".map(function (e) { return [e.dataset.token, e.dataset.place]; })")
    return step, dict(tokens)


def expected(replay, n):
    return {t: p for t, p in replay.steps[n]["places"].items() if p is not None}


def test_keys_step_through_the_game(browser, page):
    replay, _ = page
    browser.eval("ludoReplay.go(0)")
    assert shown(browser) == (0, expected(replay, 0))
    for n in range(1, 13):
        browser.key("ArrowRight")
        assert shown(browser) == (n, expected(replay, n))
    browser.key("ArrowLeft")
    browser.key("p")
    assert shown(browser) == (10, expected(replay, 10))
    browser.key("End")
    last = len(replay.steps) - 1
    assert shown(browser) == (last, expected(replay, last))
    assert browser.eval("document.getElementById('result').textContent") == replay.steps[-1]["result_words"]
    assert replay.steps[-1]["result_words"].endswith(" won")
    browser.key("ArrowRight")                 # past the end: stays
    assert shown(browser)[0] == last


def test_a_move_moves_its_token_and_a_capture_sends_one_home(browser, page):
    replay, _ = page
    n = next(k for k, st in enumerate(replay.steps) if st["captures"])
    browser.eval("ludoReplay.go(%d)" % (n - 1))
    before = shown(browser)[1]
    browser.key("ArrowRight")
    step, after = shown(browser)
    assert step == n and after == expected(replay, n)
    mover, start, end = replay.steps[n]["moved"]
    assert before[mover] == start and after[mover] == end
    victim = replay.steps[n]["captures"][0]
    assert after[victim].startswith("y") and not before[victim].startswith("y")
    assert browser.eval("document.querySelector('.moves li.current').classList.contains('capture')")
    assert browser.eval("document.querySelector('#tokens .token.moved').dataset.token") == mover


def test_slider_and_url_fragment(browser, page):
    replay, path = page
    browser.eval("var s = document.getElementById('slider'); s.value = 40;"
                 "s.dispatchEvent(new Event('input'))")
    assert shown(browser) == (40, expected(replay, 40))
    browser.eval("location.hash = '#step=77'")
    browser.eval("new Promise(function (r) { setTimeout(r, 50); })")
    assert shown(browser) == (77, expected(replay, 77))
    browser.open(path.as_uri() + "#step=33")          # a link straight to a move
    assert shown(browser) == (33, expected(replay, 33))
    die = browser.eval("document.getElementById('die').getAttribute('data-value')")
    assert die == str(replay.last_roll(33))


def test_screenshot(browser, page, tmp_path):
    browser.eval("ludoReplay.go(150)")
    out = tmp_path / "shot.png"
    browser.screenshot(str(out))
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000


def test_safe_squares_are_marked_as_the_rules_say(browser, tmp_path):
    """classic: the four entry squares and the four stars; strict: the entry squares only;
    club (ordinary mode): none, and the page says so."""
    from games import record_text
    for preset, safe in (("classic", [0, 8, 13, 21, 26, 34, 39, 47]), ("strict", [0, 13, 26, 39]),
                         ("club", [])):
        replay = Replay(ludo.Record.parse(record_text(seed=3, preset=preset, max_actions=30)))
        path = tmp_path / ("%s.html" % preset)
        path.write_text(render_page(replay, preset), encoding="utf-8")
        browser.open(path.as_uri())
        marked = browser.eval("Array.from(document.querySelectorAll('#paint polygon.safe'))"
                              ".map(function (e) { return +e.dataset.square; })")
        assert sorted(marked) == safe, preset
        legend = browser.eval("document.getElementById('legend').textContent")
        if safe:
            assert legend.startswith(" safe square: no capture there."), legend
            # each star sits on its square's cell (the centre of the track cell)
            box = browser.eval("(function () { var b = document.querySelector('#paint polygon.safe[data-square=\"%d\"]')"
                               ".getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; })()" % safe[-1])
            from ludo_host import layout
            row, col = layout.TRACK_CELLS[safe[-1]]
            assert abs(box[0] - (col * 40 + 20)) < 3 and abs(box[1] - (row * 40 + 20)) < 3
        else:
            assert legend.startswith("No safe squares in this game"), legend


def test_a_move_taken_back_is_shown_struck_out(browser, page):
    replay, path = page
    browser.open(path.as_uri())
    undone = browser.eval("Array.from(document.querySelectorAll('#moves li.undone'))"
                          ".map(function (e) { return [+e.dataset.step, +e.dataset.undoneBy, "
                          "getComputedStyle(e).textDecorationLine]; })")
    steps = replay.steps
    assert undone, "the game has take-backs (undo_every=23), none shown"
    for step, by, decoration in undone:
        assert decoration == "line-through"
        assert steps[by]["line"] == "undo" and by > step
    # Every undo takes back one step, and the list says which.
    undos = [n for n, st in enumerate(steps) if st["line"] == "undo"]
    assert sorted(by for _, by, _ in undone) == undos
    for step, by, _ in undone:
        text = browser.eval("document.querySelector('#moves li[data-step=\"%d\"]').textContent" % by)
        assert text.endswith("(takes back step %d)" % step), text
    # A step taken back says so when shown; a step that stands is not struck out.
    step, by, _ = undone[0]
    browser.eval("ludoReplay.go(%d)" % step)
    assert browser.eval("document.getElementById('action').textContent").endswith("taken back at step %d" % by)
    kept = next(n for n in range(1, len(steps)) if n not in replay.undone and steps[n]["line"] != "undo")
    assert browser.eval("document.querySelector('#moves li[data-step=\"%d\"]').classList.contains('undone')"
                        % kept) is False


def test_the_replay_says_what_the_game_was_and_when_in_this_devices_time(browser, tmp_path, monkeypatch,
                                                                        finished_game_text):
    """The HTML replay's header: when the game began in the viewer's own time (not the
    record's UTC text), and the game's set-up in words: who played each seat, the dice, the
    house rules that differ from the preset (ludo_host.setup_words, as everywhere)."""
    from ludo_host.setup_words import summary_lines
    replay = Replay(ludo.Record.parse(finished_game_text))
    path = tmp_path / "replay.html"
    path.write_text(render_page(replay, "test"), encoding="utf-8")
    monkeypatch.setenv("TZ", "Europe/Berlin")            # the viewer's device, a browser of its own
    with Browser(width=900, height=700) as berlin:
        berlin.open(path.as_uri())
        meta = berlin.eval("document.getElementById('meta').textContent")
        summary = berlin.eval("document.getElementById('summary').textContent")
    start = replay.header["start"]                        # e.g. 2026-11-29T14:00:00Z
    assert start and start not in meta and "T" + start[11:16] not in meta
    hour = (int(start[11:13]) + 1) % 24                   # Berlin in winter: UTC+1
    shown = ("%02d:%s" % (hour, start[14:16]), "%02d:%s %s" % ((hour - 1) % 12 + 1, start[14:16], "PM" if hour >= 12 else "AM"))
    assert "began" in meta and any(x in meta for x in shown), meta        # (24 h or 12 h: the locale's)
    assert summary == ". ".join(summary_lines(replay.header)) and summary.startswith("Classic, 2 players: ")
    assert "The board's own dice" in summary
