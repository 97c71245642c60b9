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
    // A stack of two to four tokens on one place is fanned within its square: a smaller disc
    // per token (two on a diagonal, three or four in the corners), each with its own label
    // (the token's number; the colour says the seat), so that no disc leaves the square (nor
    // the board) and no label lies on another; five or more show three and "+2".  The stack
    // says its tokens in a tooltip.
    var fans = { 2: [[-0.2, -0.2], [0.2, 0.2]], 3: [[-0.25, -0.25], [0.25, -0.25], [0, 0.25]],
                 4: [[-0.25, -0.25], [0.25, -0.25], [-0.25, 0.25], [0.25, 0.25]] };
    var radius = { 1: 0.36, 2: 0.26, 3: 0.21, 4: 0.21 };
    Object.keys(byPlace).sort().forEach(function (place) {
      var ts = byPlace[place], c = centre(place), n = Math.min(ts.length, 4);
      if (!c) { return; }
      var stack = n > 1 ? el("g", { "class": "stack", "data-place": place, "data-count": ts.length }, g) : g;
      if (n > 1) {
        el("title", {}, stack).textContent = ts.length + " tokens here: " + ts.join(", ");
      }
      ts.forEach(function (t, k) {
        if (k > 3 || (k === 3 && ts.length > 4)) {          // (five or more: the fourth corner counts the rest)
          if (k === 3) {
            var more = el("g", { "class": "more", "data-place": place }, stack);
            el("circle", { cx: c[0] + 0.25 * C, cy: c[1] + 0.25 * C, r: C * radius[4], fill: "#444" }, more);
            el("text", { x: c[0] + 0.25 * C, y: c[1] + 0.25 * C, "text-anchor": "middle",
                         "dominant-baseline": "central" }, more).textContent = "+" + (ts.length - 3);
          }
          return;
        }
        var o = n === 1 ? [0, 0] : fans[n][k], x = c[0] + o[0] * C, y = c[1] + o[1] * C;
        var tok = el("g", { "class": "token" + (n > 1 ? " stacked" : ""), "data-token": t, "data-place": place }, stack);
        if (st.moved && st.moved[0] === t) { tok.classList.add("moved"); }
        el("circle", { cx: x, cy: y, r: C * radius[n], fill: data.colours[t[0]] }, tok);
        var label = el("text", { x: x, y: y, "text-anchor": "middle", "dominant-baseline": "central" }, tok);
        label.textContent = n > 1 ? t[1] : t;
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

  // A record's start time (UTC, ISO 8601) in this device's own time: "Sun, 29 Nov 2026, 15:03";
  // "" for none (the header's own text is never shown as a time).
  function localTime(iso) {
    var d = iso ? new Date(iso) : null;
    if (!d || isNaN(d.getTime())) { return ""; }
    return d.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric",
                                         hour: "2-digit", minute: "2-digit" });
  }

  return { el: el, centre: centre, clear: clear, drawDie: drawDie, drawTokens: drawTokens,
           moveItem: moveItem, markUndone: markUndone, seatName: seatName, localTime: localTime };
};
