"""The live watch page: the HTML replay's board and drawing (LudoDraw), fed over a WebSocket.

Its HTML, CSS and JavaScript are files in web/static/ (page.html, page.css, page.js; the
seat links' panel in play.html, play.css, play.js, and the table's part of it in room.js), put together with the replay's CSS
and drawing (replay/static/) into one HTML page per role: nothing fetched but the
WebSocket.  Everything from the board is put in as text (textContent) or as SVG
attributes, never as HTML.

The seat links' panel (the table's page and a seat's page, not the watch page): the
table's panel makes the room, shows a link and a QR code per open seat, fills with the
computer; a seat's panel has Join, Roll, a button per legal move, Pass, Resign, Leave.
Built with DOM calls only (the QR code is an SVG path's `d` from the server).

Hooks for tests: `document.body.dataset.steps` is the number of steps shown, each step of
the move list is `<li data-step="N">`, each lit pixel `<circle class="light"
data-place="t12">`, `window.ludoLive` has `steps` (the steps as received), `state`,
`errors` (the server's error messages) and `send(obj)`; on the seat links' pages
`ludoLive.panel` is the last view from the server (`room` or `seat`), `ludoLive.done`
counts the actions the server carried out; buttons have `data-action` (and `data-move`
for a move).
"""
from ..replay import assets as replay_assets
from .. import layout
from ..replay.page import CELL, SIZE, board_svg, script_json
from ..page_files import fill, read

FOLDER = "web/static"
ROLES = ("watch", "host", "seat")


def render(role="watch"):
    """The page's HTML for a role's link: "watch", "host" (the table's page: the seat
    links) or "seat" (a seat link's page: its buttons).  The same for every page of a
    role: the game comes over the WebSocket."""
    if role not in ROLES:
        raise ValueError("no page for role %r (one of %s)" % (role, ", ".join(ROLES)))
    play = role in ("host", "seat")
    return fill(read(FOLDER, "page.html"), {
        "css": replay_assets.css() + read(FOLDER, "page.css") + (read(FOLDER, "play.css") if play else ""),
        "play": read(FOLDER, "play.html") if play else "",
        "play_js": (read(FOLDER, "play.js") + (read(FOLDER, "room.js") if role == "host" else "")) if play else "",
        "size": SIZE,
        "board": board_svg(()),
        "data": script_json({"cell": CELL, "die": list(layout.DIE_PLACES), "role": role}),
        "draw_js": replay_assets.draw_js(),
        "js": read(FOLDER, "page.js"),
        "chances_js": read(FOLDER, "chances.js"),
    })
