"""The self-contained HTML replay page: one file, inline CSS, JS and SVG, no network.

Python draws the board (static SVG from layout.py) and computes every step's
position with the rules core (`steps.Replay`); the page only places tokens.
The page is driven by the slider, the buttons, the move list, the keyboard
(arrows, n/p, Home/End, space to play) and the URL fragment (`#step=12`).
Everything from the file is inserted as text (textContent), never as HTML.

Hooks for tests: `document.body.dataset.step` is the step shown, each token
is `<g class="token" data-token="R1" data-place="t12">`, each safe square's
star is `<polygon class="safe" data-square="8">`, a move taken back later is
`<li class="undone" data-undone-by="N">` in the list, `window.ludoReplay`
has `go(n)`, `step()` and the embedded `data`.
"""
import html
import json
import math

from .. import layout
from ..happened import step_words
from ..setup_words import summary_lines
from .steps import board_cells, describe
from ..words import result_words

CELL = 40
SIZE = layout.SIZE * CELL
COLOURS = {"R": "#d32f2f", "G": "#2e7d32", "Y": "#f9a825", "B": "#1565c0"}
PALE = {"R": "#f8d7d7", "G": "#d6ecd6", "Y": "#fdf0c8", "B": "#d4e3f6"}
ENTRY_SQUARE = {"R": 0, "G": 13, "Y": 26, "B": 39}


def _rect(row, col, fill, cls="cell"):
    return '<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (
        cls, col * CELL, row * CELL, CELL, CELL, fill)


def star_points(cx, cy, outer, inner=None):
    """The corners of a five-pointed star, point up, as an SVG points list."""
    inner = outer * 0.42 if inner is None else inner
    corners = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / 5 - math.pi / 2
        corners.append("%.1f,%.1f" % (cx + r * math.cos(a), cy + r * math.sin(a)))
    return " ".join(corners)


def entry_cells():
    """{(row, col): seat} of the seats' entry squares (painted in the seat's colour)."""
    return {layout.TRACK_CELLS[sq]: s for s, sq in ENTRY_SQUARE.items()}


def star_marks(safe):
    """[(square, star's points, colour)] of safe track squares: a star, dark on a white
    square, white on a coloured entry square."""
    entries = entry_cells()
    out = []
    for sq in safe:
        row, col = layout.TRACK_CELLS[sq]
        out.append((sq, star_points(col * CELL + CELL / 2, row * CELL + CELL / 2, CELL * 0.4),
                    "#fff" if (row, col) in entries else "#555"))
    return out


def board_svg(safe=()):
    """The painted board, without tokens; a star on each safe track square of `safe`."""
    parts = ['<rect x="0" y="0" width="%d" height="%d" fill="#fffdf7"/>' % (SIZE, SIZE)]
    entries = entry_cells()
    for row in range(layout.SIZE):
        for col in range(layout.SIZE):
            region = layout.region(row, col)
            if region == "track":
                fill = COLOURS[entries[(row, col)]] if (row, col) in entries else "#ffffff"
                parts.append(_rect(row, col, fill))
            elif region.startswith("home"):
                parts.append(_rect(row, col, COLOURS[region[4]]))
    for s, (r0, c0) in layout.YARD_ORIGIN.items():
        x, y = c0 * CELL, r0 * CELL
        parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x, y, 6 * CELL, 6 * CELL, COLOURS[s]))
        parts.append('<rect x="%d" y="%d" width="%d" height="%d" rx="12" fill="%s"/>' % (
            x + CELL // 2, y + CELL // 2, 5 * CELL, 5 * CELL, PALE[s]))
        for (r, c) in layout.YARD_CELLS[s]:
            parts.append('<circle cx="%d" cy="%d" r="%d" fill="#fff" stroke="%s" stroke-width="3"/>' % (
                c * CELL + CELL // 2, r * CELL + CELL // 2, CELL // 2 - 2, COLOURS[s]))
    # The centre: four triangles meeting in the middle, each pointing at its colour's column.
    x0, y0, x1, y1 = 6 * CELL, 6 * CELL, 9 * CELL, 9 * CELL
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    corners = {"R": ((x0, y1), (x1, y1)), "G": ((x0, y0), (x0, y1)),
               "Y": ((x0, y0), (x1, y0)), "B": ((x1, y0), (x1, y1))}
    for s, ((ax, ay), (bx, by)) in corners.items():
        parts.append('<polygon points="%d,%d %d,%d %d,%d" fill="%s" stroke="#333" stroke-width="1"/>' % (
            ax, ay, bx, by, mx, my, COLOURS[s]))
    # Grid lines over the cross-shaped track and home columns.
    for row in range(layout.SIZE):
        for col in range(layout.SIZE):
            region = layout.region(row, col)
            if region == "track" or region.startswith("home"):
                parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#555" '
                             'stroke-width="1"/>' % (col * CELL, row * CELL, CELL, CELL))
    for sq, points, colour in star_marks(safe):
        parts.append('<polygon class="safe" data-square="%d" points="%s" fill="none" stroke="%s" '
                     'stroke-width="2"/>' % (sq, points, colour))
    parts.append('<rect x="0" y="0" width="%d" height="%d" fill="none" stroke="#222" stroke-width="4"/>' % (SIZE, SIZE))
    return "\n".join(parts)


def legend_html(safe):
    """What the stars mean (or that this game has no safe square)."""
    if not safe:
        return "No safe squares in this game: a token can be captured on any track square."
    return ('<svg class="star" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">'
            '<polygon points="%s" fill="none" stroke="#555" stroke-width="2"/></svg> '
            'safe square: no capture there.' % star_points(10, 10, 9))


def step_data(replay, st, die, undoes=None):
    """Step `st` of a Replay as both pages draw it (LudoDraw in replay/static/draw.js): where each
    token is (in `replay_tokens` order), the line and its words, and `die`, the roll shown.
    `undoes`: {undo's step: step it takes back} (made from replay.undone when None)."""
    if undoes is None:
        undoes = {by: n for n, by in replay.undone.items()}
    return {
        "undone": replay.undone.get(st["n"]), "undoes": undoes.get(st["n"]),
        "p": [st["places"][t] for t in replay_tokens(replay)],
        "line": st["line"], "actor": st["actor"], "turn": st["turn"],
        "pending": st["pending"], "captures": st["captures"], "events": st["events"],
        "roll": st["roll"], "moved": st["moved"], "result": st["result"],
        "kinds": st["kinds"], "text": describe(st), "die": die,
        "result_words": st.get("result_words"),
    }


def replay_tokens(replay):
    """The game's token names in the order a step's "p" lists their places."""
    return sorted(replay.steps[0]["places"])


def drawing_data(replay):
    """What LudoDraw needs besides the steps: the grid, the colours, the tokens."""
    return {"tokens": replay_tokens(replay), "cells": board_cells(), "cell": CELL, "safe": replay.safe,
            "colours": COLOURS}


def page_data(replay, title, analysis=None):
    """Everything the page's scripts read; `analysis`: ludo_host.analysis.page's page_analysis
    of the game (the graph, marks and table), or None for a page without them."""
    undoes = {by: n for n, by in replay.undone.items()}
    steps = []
    last_roll = None
    for st in replay.steps:
        if st["roll"] is not None:
            last_roll = st["roll"]
        step = step_data(replay, st, last_roll, undoes)
        step["said"] = step_words(st, safe=replay.safe)         # what it did, in words
        steps.append(step)
    h = replay.header
    data = {
        "title": title,
        "game": str(h.get("game", "")), "preset": str(h.get("preset", "")),
        "players": replay.seats, "start": str(h.get("start") or ""),
        "footer": replay.footer, "error": replay.error and "line %d: %s" % replay.error,
        "steps": steps, "names": replay.names,
        "footer_words": footer_words(replay),
    }
    data.update(drawing_data(replay))
    data["summary"] = summary_lines(h)      # the game's set-up in words (setup_words)
    if analysis is not None:
        data["analysis"] = analysis
    return data


def footer_words(replay):
    """The record's result in words ("Red won: Yellow resigned"), None without a footer."""
    foot = replay.footer
    if not isinstance(foot, dict):
        return None
    return result_words(foot.get("result"), foot.get("termination"), replay.left, replay.names)


def script_json(obj):
    """JSON that is safe inside <script>: no '<', '>' or '&' can end the element."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(replay, title, analysis=None):
    """The whole replay as one self-contained HTML file (CSS, JS and data inlined); with
    `analysis` (see page_data), the win-chance graph, the marks and the luck/skill table."""
    from . import assets
    from ..page_files import fill
    return fill(assets.page(), {
        "title": html.escape(title),
        "css": assets.css(),
        "size": SIZE,
        "board": board_svg(replay.safe),
        "legend": legend_html(replay.safe),
        "data": script_json(page_data(replay, title, analysis)),
        "draw_js": assets.draw_js(),
        "js": assets.replay_js(),
        "analysis_js": assets.analysis_js(),
    })
