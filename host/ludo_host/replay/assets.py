"""CSS, JavaScript and the page skeleton of the HTML replay (see _replay_page.py)."""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>%(title)s</title>
<style>%(css)s</style>
</head>
<body data-step="0">
<main>
<section class="board-wrap">
<svg id="board" viewBox="0 0 %(size)d %(size)d" role="img" aria-label="Ludo board">
<g id="paint">%(board)s</g>
<g id="marks"></g>
<g id="tokens"></g>
</svg>
</section>
<section class="panel">
<h1 id="title"></h1>
<p id="meta" class="meta"></p>
<div class="now">
<svg id="die" viewBox="0 0 60 60" width="60" height="60" aria-label="die"></svg>
<div>
<div id="counter" class="counter"></div>
<div id="action" class="action"></div>
<div id="turn" class="turn"></div>
</div>
</div>
<div class="controls">
<button id="first" title="start (Home)">|&#x25C0;</button>
<button id="prev" title="back (left arrow)">&#x25C0;</button>
<button id="play" title="play / pause (space)">&#x25B6;</button>
<button id="next" title="forward (right arrow)">&#x25B6;&#x25B6;</button>
<button id="last" title="end (End)">&#x25B6;|</button>
</div>
<input id="slider" type="range" min="0" value="0" step="1" aria-label="step">
<p id="result" class="result"></p>
<ol id="moves" class="moves" start="0"></ol>
<p id="legend" class="help">%(legend)s Struck out: a move taken back later.</p>
<p class="help">Keys: &larr; &rarr; (or p, n) step, Home/End, space plays. Link to a step: #step=N.</p>
</section>
</main>
<script id="replay-data" type="application/json">%(data)s</script>
<script>%(draw_js)s
%(js)s</script>
</body>
</html>
"""

CSS = """
:root { --bg:#f4f1ea; --ink:#222; --muted:#666; --hl:#fff3b0; }
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--ink);
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { display:flex; gap:24px; padding:20px; align-items:flex-start; flex-wrap:wrap; }
.board-wrap { flex: 0 1 600px; min-width: 300px; }
#board { width:100%; height:auto; display:block; border-radius:6px;
  box-shadow: 0 2px 10px rgba(0,0,0,.25); background:#fff; }
.panel { flex: 1 1 320px; max-width: 460px; }
h1 { font-size: 20px; margin: 0 0 4px; }
.meta { color: var(--muted); margin: 0 0 12px; }
.now { display:flex; gap:14px; align-items:center; background:#fff; padding:10px 12px;
  border-radius:8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.counter { font-weight:600; }
.action { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.turn { color: var(--muted); }
.controls { display:flex; gap:6px; margin: 12px 0 6px; }
.controls button { font-size:16px; padding:6px 12px; border:1px solid #bbb; border-radius:6px;
  background:#fff; cursor:pointer; }
.controls button:hover { background:#eee; }
#slider { width:100%; }
.result { font-weight:600; min-height:1.4em; }
.moves { position: relative; height: 330px; overflow-y:auto; background:#fff; margin:0; padding: 6px 6px 6px 52px;
  border-radius:8px; box-shadow: 0 1px 4px rgba(0,0,0,.12);
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
.moves li { cursor:pointer; padding: 1px 4px; border-radius:3px; }
.moves li.current { background: var(--hl); outline: 1px solid #e0c000; }
.moves li.capture { color:#b00020; font-weight:600; }
.moves li.undo { color:#888; font-style:italic; }
.moves li.undone { color:#999; text-decoration: line-through; }
.help .star { vertical-align: -3px; }
.moves li.kind { color:#1565c0; }
.moves .seat { display:inline-block; width:1.2em; font-weight:700; }
.help { color: var(--muted); font-size: 12px; }
.token text { font: 700 15px system-ui, sans-serif; fill:#fff; pointer-events:none; }
.token circle { stroke:#111; stroke-width:2; }
.token.moved circle { stroke:#000; stroke-width:4; }
.from-mark { fill:none; stroke:#000; stroke-width:3; stroke-dasharray:5 4; }
.to-mark { fill:rgba(255,235,59,.55); }
"""

# The drawing both pages share (the replay and `ludo-host web`'s live page): the die, the
# tokens with the last move's marks, a move-list line.  `LudoDraw(data)` needs data.cell,
# data.cells, data.colours and data.tokens (see _replay_page.page_data).
DRAW_JS = r"""
window.LudoDraw = function (data) {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var C = data.cell;
  var $ = function (id) { return document.getElementById(id); };
  var seatName = { R: "Red", G: "Green", Y: "Yellow", B: "Blue" };

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function centre(place) {
    var rc = data.cells[place];
    return rc ? [rc[1] * C + C / 2, rc[0] * C + C / 2] : null;
  }
  function clear(g) { while (g.firstChild) { g.removeChild(g.firstChild); } }

  function drawDie(v) {
    var d = $("die");
    clear(d);
    el("rect", { x: 3, y: 3, width: 54, height: 54, rx: 10, fill: "#fff", stroke: "#333", "stroke-width": 3 }, d);
    var pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] }[v] || [];
    pips.forEach(function (p) {
      el("circle", { cx: 15 + 15 * (p % 3), cy: 15 + 15 * Math.floor(p / 3), r: 5.5, fill: "#222" }, d);
    });
    d.setAttribute("data-value", v || "");
  }

  function drawTokens(st) {
    var g = $("tokens"), marks = $("marks");
    clear(g);
    clear(marks);
    var byPlace = {};
    data.tokens.forEach(function (t, i) {
      var p = st.p[i];
      if (p) { (byPlace[p] = byPlace[p] || []).push(t); }
    });
    if (st.moved) {
      var a = centre(st.moved[1]), b = centre(st.moved[2]);
      if (a) { el("rect", { "class": "from-mark", x: a[0] - C / 2 + 2, y: a[1] - C / 2 + 2, width: C - 4, height: C - 4 }, marks); }
      if (b) { el("rect", { "class": "to-mark", x: b[0] - C / 2, y: b[1] - C / 2, width: C, height: C }, marks); }
    }
    var offsets = [[[0, 0]], [[-0.2, -0.2], [0.2, 0.2]], [[-0.22, -0.22], [0.22, -0.22], [0, 0.22]],
                   [[-0.22, -0.22], [0.22, -0.22], [-0.22, 0.22], [0.22, 0.22]]];
    Object.keys(byPlace).sort().forEach(function (place) {
      var ts = byPlace[place], c = centre(place), n = ts.length;
      var offs = offsets[Math.min(n, 4) - 1], r = n === 1 ? C * 0.36 : C * 0.24;
      ts.forEach(function (t, k) {
        var o = offs[k % 4];
        var tok = el("g", { "class": "token", "data-token": t, "data-place": place }, g);
        if (st.moved && st.moved[0] === t) { tok.classList.add("moved"); }
        el("circle", { cx: c[0] + o[0] * C, cy: c[1] + o[1] * C, r: r, fill: data.colours[t[0]] }, tok);
        var label = el("text", { x: c[0] + o[0] * C, y: c[1] + o[1] * C + 5, "text-anchor": "middle" }, tok);
        label.textContent = n > 2 ? t[1] : t;
        if (n > 2) { label.setAttribute("style", "font-size:11px"); }
      });
    });
  }

  // A move taken back later: struck out, saying at which step.
  function markUndone(li, by) {
    li.classList.add("undone");
    li.dataset.undoneBy = by;
    li.title = "taken back at step " + by;
  }

  // Step n of the move list as a line (text only: nothing from the board is read as HTML).
  function moveItem(st, n) {
    var li = document.createElement("li");
    if (n === 0) { li.textContent = "start"; }
    else {
      var seat = document.createElement("span");
      seat.className = "seat"; seat.textContent = st.actor;
      seat.style.color = data.colours[st.actor];
      li.appendChild(seat);
      li.appendChild(document.createTextNode(" " + st.text.replace(/^[RGYB]: /, "")));
      if (st.captures.length) { li.classList.add("capture"); }
      if (st.line === "undo") {
        li.classList.add("undo");
        if (st.undoes !== null) { li.appendChild(document.createTextNode(" (takes back step " + st.undoes + ")")); }
      }
      if (st.undone !== null) { markUndone(li, st.undone); }
      if (/^kind /.test(st.line)) { li.classList.add("kind"); }
    }
    li.dataset.step = n;
    return li;
  }

  return { el: el, centre: centre, clear: clear, drawDie: drawDie, drawTokens: drawTokens,
           moveItem: moveItem, markUndone: markUndone, seatName: seatName };
};
"""

JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var draw = LudoDraw(data);
  var last = data.steps.length - 1, cur = 0, timer = null;
  var $ = function (id) { return document.getElementById(id); };
  var seatName = draw.seatName;

  // Static texts.
  $("title").textContent = "Ludo game " + data.game;
  var kinds = data.steps[0].kinds, who = [];
  for (var i = 0; i < data.players.length; i++) {
    var s = data.players[i];
    who.push(seatName[s] + (kinds[s] && kinds[s] !== "human" ? " (" + kinds[s] + ")" : ""));
  }
  $("meta").textContent = data.preset + " \u00b7 " + who.join(", ") +
    (data.start ? " \u00b7 " + data.start : "");
  $("slider").max = last;

  // The move list.
  var items = [];
  data.steps.forEach(function (st, n) {
    var li = draw.moveItem(st, n);
    li.addEventListener("click", function () { go(n); });
    $("moves").appendChild(li);
    items.push(li);
  });

  function go(n) {
    n = Math.max(0, Math.min(last, n | 0));
    cur = n;
    var st = data.steps[n];
    draw.drawTokens(st);
    draw.drawDie(st.die);
    $("counter").textContent = "Step " + n + " of " + last;
    $("action").textContent = st.text + (st.undone !== null ? " \u00b7 taken back at step " + st.undone : "");
    $("turn").textContent = st.result ? "Game over" :
      "To play: " + seatName[st.turn] + (st.pending.length ? " \u00b7 rolls to use: " + st.pending.join(", ") : "");
    var res = "";
    if (st.result) { res = "Result: " + st.result; }
    else if (n === last && data.footer) { res = "Result: " + data.footer.result + " (" + data.footer.termination + ")"; }
    if (n === last && data.error) { res += (res ? " \u00b7 " : "") + "Replay stopped: " + data.error; }
    $("result").textContent = res;
    $("slider").value = n;
    items.forEach(function (li) { li.classList.remove("current"); });
    items[n].classList.add("current");
    var list = $("moves"), li = items[n];
    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - 30) {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    }
    document.body.dataset.step = n;
    if (location.hash !== "#step=" + n && history.replaceState) {
      try { history.replaceState(null, "", "#step=" + n); } catch (e) { /* file:// in some browsers */ }
    }
  }

  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "\u25B6"; return; }
    if (cur === last) { go(0); }
    $("play").textContent = "\u275A\u275A";
    timer = setInterval(function () { if (cur >= last) { play(); } else { go(cur + 1); } }, 400);
  }

  $("first").onclick = function () { go(0); };
  $("prev").onclick = function () { go(cur - 1); };
  $("next").onclick = function () { go(cur + 1); };
  $("last").onclick = function () { go(last); };
  $("play").onclick = play;
  $("slider").addEventListener("input", function () { go(+this.value); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var k = e.key;
    if (k === "ArrowRight" || k === "n") { go(cur + 1); }
    else if (k === "ArrowLeft" || k === "p") { go(cur - 1); }
    else if (k === "Home") { go(0); }
    else if (k === "End") { go(last); }
    else if (k === "PageDown") { go(cur + 10); }
    else if (k === "PageUp") { go(cur - 10); }
    else if (k === " ") { play(); }
    else { return; }
    e.preventDefault();
  });
  function fromHash() {
    var m = /step=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }
  window.addEventListener("hashchange", function () { if (fromHash() !== cur) { go(fromHash()); } });
  window.ludoReplay = { go: go, step: function () { return cur; }, data: data };
  go(fromHash());
})();
"""
