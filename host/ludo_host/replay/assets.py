"""The HTML replay's page skeleton, CSS and JavaScript (see page.py), read from
their files in replay/static/: replay.html, replay.css, draw.js (the drawing shared with
the live page of `ludo-host web`) and replay.js."""
from ..page_files import read

FOLDER = "replay/static"


def page():
    """The replay's HTML skeleton, with `{{name}}` where the values go."""
    return read(FOLDER, "replay.html")


def css():
    """The replay's CSS; the live page starts from it too."""
    return read(FOLDER, "replay.css")


def draw_js():
    """LudoDraw: the die, the tokens with the last move's marks, a move-list line; shared by
    the replay and the live page.  `LudoDraw(data)` needs data.cell, data.cells,
    data.colours and data.tokens (see page.py, page_data)."""
    return read(FOLDER, "draw.js")


def replay_js():
    """The replay's own script: the slider, the buttons, the keys, the URL's #step=N."""
    return read(FOLDER, "replay.js")


def analysis_js():
    """The analysis on the replay page: the win-chance graph, the marks, the luck/skill table
    (does nothing on a page without data.analysis)."""
    return read(FOLDER, "analysis.js")
