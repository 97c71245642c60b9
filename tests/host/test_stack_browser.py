"""A stack of three tokens on one square, on the HTML replay and on the live page, at phone
width in Playwright driving Debian's Chromium: each token a disc of its own inside the
square (so inside the board, even on its edge), each label inside its disc and on no other
label; the pictures are saved beside the test's files (look at them)."""
import collections
import json
import random
import types

import ludo
import pytest

from ludo_host import layout
from ludo_host.replay.page import CELL, SIZE, render_page
from ludo_host.replay.steps import Replay
from ludo_host.web import WebService


def stack_of_three_on_the_edge():
    """(record text, step, place): a game whose step `step` has three tokens on one track
    square at the board's edge (players who like to join their tokens, seeds tried in turn)."""
    def on_edge(place):
        cell = layout.cell(place)
        return place[0] == "t" and cell and (cell[0] in (0, 14) or cell[1] in (0, 14))

    for seed in range(200):
        g = ludo.Game("classic", players=2, seed=seed)
        rnd = random.Random(seed)
        for _ in range(400):
            if g.outcome():
                break
            if g.needs_roll():
                g.roll()
            else:
                moves = list(g.legal_moves)
                taken = {g.place(t) for s in g.seats for t in range(4 * s, 4 * s + 4)}
                joining = [m for m in moves if not m.is_pass and m.end_place in taken]
                g.push(rnd.choice(joining or moves))
            count = collections.Counter(g.place(t) for s in g.seats for t in range(4 * s, 4 * s + 4))
            stacks = [p for p, n in count.items() if p and n == 3 and on_edge(p)]
            if stacks:
                return str(g.record(transcript=True)), len(g.transcript), stacks[0]
    raise AssertionError("no game with a stack of three on the board's edge")


GEOMETRY = """place => {
  var stack = document.querySelector('#tokens .stack[data-place="' + place + '"]');
  if (!stack) { return null; }
  var discs = Array.from(stack.querySelectorAll('.token')).map(function (tok) {
    var c = tok.querySelector('circle'), t = tok.querySelector('text');
    var cb = c.getBBox(), tb = t.getBBox(), half = parseFloat(getComputedStyle(c).strokeWidth) / 2;
    return { token: tok.dataset.token, label: t.textContent,
             disc: [cb.x - half, cb.y - half, cb.x + cb.width + half, cb.y + cb.height + half],
             text: [tb.x, tb.y, tb.x + tb.width, tb.y + tb.height],
             px: t.getBoundingClientRect().height };
  });
  return { count: stack.dataset.count, title: stack.querySelector('title').textContent, discs: discs };
}"""


def check_stack(page, place, tokens):
    got = page.evaluate(GEOMETRY, place)
    assert got is not None, "no stack drawn at %s" % place
    assert got["count"] == "3" and sorted(d["token"] for d in got["discs"]) == sorted(tokens)
    assert got["title"] == "3 tokens here: " + ", ".join(sorted(tokens))
    row, col = layout.cell(place)
    square = [col * CELL, row * CELL, (col + 1) * CELL, (row + 1) * CELL]
    for d in got["discs"]:
        x0, y0, x1, y1 = d["disc"]
        assert 0 <= x0 and 0 <= y0 and x1 <= SIZE and y1 <= SIZE, d            # inside the board
        assert square[0] <= x0 and square[1] <= y0 and x1 <= square[2] and y1 <= square[3], (d, square)
        tx0, ty0, tx1, ty1 = d["text"]
        assert x0 <= tx0 and tx1 <= x1 and y0 <= ty0 + 1 and ty1 - 1 <= y1, d   # the label in its disc
        assert d["label"] == d["token"][1]
        assert d["px"] >= 9, d                                                   # readable on a phone
    for a in got["discs"]:
        for b in got["discs"]:
            if a is not b:
                ax0, ay0, ax1, ay1 = a["text"]
                bx0, by0, bx1, by1 = b["text"]
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a, b)


def test_a_stack_of_three_is_legible_on_the_replay_and_the_live_page(chromium, tmp_path):
    text, step, place = stack_of_three_on_the_edge()
    rec = ludo.Record.parse(text)
    replay = Replay(rec)
    tokens = [t for t, p in replay.steps[step]["places"].items() if p == place]
    assert len(tokens) == 3
    path = tmp_path / "stack.html"
    path.write_text(render_page(replay, "stack"), encoding="utf-8")
    phone = {"viewport": {"width": 390, "height": 700}, "has_touch": True, "is_mobile": True}
    context = chromium.new_context(**phone)
    page = context.new_page()
    page.goto(path.as_uri() + "#step=%d" % step)
    assert page.evaluate("ludoReplay.step()") == step
    check_stack(page, place, tokens)
    page.screenshot(path=str(tmp_path / "replay-stack-of-three.png"))
    # The live page draws it the same way (the replay's drawing).
    svc = WebService(str(tmp_path / "games"), "/dev/no-ludo-board-here",
                     status_stream=open(tmp_path / "status.txt", "w"))
    svc.start()
    try:
        lines = [line for line in text.split("\n") if line]
        game_id = json.loads(lines[0])["game"]
        svc.live.game_changed(types.SimpleNamespace(path="g.ludo", game_id=game_id, lines=lines[:step + 1]), game_id)
        live = context.new_page()
        live.goto(svc.url)
        live.wait_for_selector('#tokens .stack[data-count="3"]')
        check_stack(live, place, tokens)
        live.screenshot(path=str(tmp_path / "live-stack-of-three.png"))
    finally:
        svc.stop()
        context.close()
