// The game's analysis on the replay page (ludo-host analyse; docs/analysis.md): the win-chance
// graph (a line per colour, the current step marked, a click goes to that step), the marks
// beside the moves and the luck/skill table.  Reads data.analysis; without it, does nothing.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var a = data.analysis, box = document.getElementById("analysis");
  if (!a || !box) { return; }
  box.hidden = false;
  var NS = "http://www.w3.org/2000/svg", W = 440, H = 150;
  var n = a.chances.length - 1, players = a.players.split("");
  var svg = document.getElementById("wc-graph");
  var SYMBOL = { "blunder": "??", "mistake": "?", "inaccuracy": "?!", "very lucky": "++", "lucky": "+",
                 "unlucky": "\u2212", "very unlucky": "\u2212\u2212" };
  var NAMES = { R: "red", G: "green", Y: "yellow", B: "blue" };
  function x(i) { return n ? i * W / n : 0; }
  function y(v) { return H - v * H / 1000; }
  function el(name, attrs) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    svg.appendChild(e);
    return e;
  }
  [250, 500, 750].forEach(function (v) { el("line", { x1: 0, x2: W, y1: y(v), y2: y(v), "class": "wc-grid" }); });
  players.forEach(function (s, k) {
    var pts = a.chances.map(function (c, i) { return x(i).toFixed(1) + "," + y(c[k]).toFixed(1); });
    el("polyline", { points: pts.join(" "), stroke: data.colours[s], "class": "wc-line", "data-seat": s });
  });
  var cursor = el("line", { x1: 0, x2: 0, y1: 0, y2: H, "class": "wc-cursor" });

  // the marks beside the moves (the move list is replay.js's)
  var items = document.querySelectorAll("#moves li");
  a.marks.forEach(function (m, i) {
    if (!m || !items[i]) { return; }
    var sp = document.createElement("span");
    sp.className = "mark mark-" + m.replace(" ", "-");
    sp.textContent = " " + SYMBOL[m];
    sp.title = a.notes[i];
    items[i].appendChild(sp);
  });

  // the luck/skill table
  var rows = ["<tr><th>seat</th><th>result</th><th>luck</th><th title=\"real decisions\">dec.</th>" +
              "<th title=\"win chance lost per decision\">error</th><th>luck-free</th>" +
              "<th title=\"?? blunder, ? mistake, ?! inaccuracy\">marks</th></tr>"];
  function esc(t) { return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  function num(v, d) { return v === null ? "\u2013" : v.toFixed(d); }
  a.table.forEach(function (r) {
    rows.push("<tr><td><span class=\"swatch\" style=\"background:" + data.colours[r.seat] + "\"></span>" +
      esc(NAMES[r.seat] + (r.player !== "human" ? " (" + r.player + ")" : "")) + "</td><td>" +
      num(r.result, 0) + "</td><td>" + (r.luck >= 0 ? "+" : "") + r.luck.toFixed(1) + "</td><td>" +
      r.decisions + "</td><td>" + r.error.toFixed(2) + "</td><td>" + num(r.luck_free, 1) + "</td><td>" +
      esc(r.marks || "\u2013") + "</td></tr>");
  });
  document.getElementById("luck-table").innerHTML = rows.join("");

  function show(step) {
    step = Math.max(0, Math.min(n, step | 0));
    cursor.setAttribute("x1", x(step));
    cursor.setAttribute("x2", x(step));
    var c = a.chances[step], parts = [];
    players.forEach(function (s, k) { parts.push(NAMES[s] + " " + (c[k] / 10).toFixed(1) + "%"); });
    document.getElementById("wc-now").textContent =
      (a.teams ? "Win chance (each team's; partners alike): " : "Win chance: ") + parts.join(" \u00b7 ") +
      (a.notes[step] ? " \u2014 " + a.notes[step] : "");
  }
  svg.addEventListener("click", function (e) {
    var r = svg.getBoundingClientRect();
    window.ludoReplay.go(Math.round((e.clientX - r.left) / r.width * n));
  });
  new MutationObserver(function () { show(+document.body.dataset.step); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
  show(+document.body.dataset.step || 0);
})();
