"""The HTML replay in headless Chromium (Debian's `chromium`), driven over the DevTools
protocol: keys, slider and #step=N change the board as the rules core says."""
import os

import ludo
import pytest

from cdp import Browser, find_chromium
from ludo_host._replay_page import render_page
from ludo_host._steps import Replay

IN_CI = os.environ.get("CI", "") not in ("", "0", "false")


@pytest.fixture(scope="module")
def browser():
    if not find_chromium():
        if IN_CI:
            pytest.fail("chromium is not installed, but CI must run the browser tests (test.sh installs it)")
        pytest.skip("chromium is not installed (test.sh installs Debian's chromium)")
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
    assert browser.eval("document.getElementById('result').textContent") == "Result: %s" % replay.steps[-1]["result"]
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
