// Each seat's win chance, live, under the board (docs/analysis.md): a bar of the chances
// now and a small graph of the game so far, from the steps' `chances` (the server works
// them out with ludo.winchance).  Shown by default on the watch page and at the table, off
// by default on a seat's page (nobody is told how the game goes against their wish); the
// switch is remembered per kind of page in this browser.
(function () {
  "use strict";
  var live = window.ludoLive, $ = function (id) { return document.getElementById(id); };
  if (!live || !$("wc")) { return; }
  var NAMES = { R: "Red", G: "Green", Y: "Yellow", B: "Blue" }, NS = "http://www.w3.org/2000/svg";
  var key = "ludo.winchances." + live.role, on;
  try { on = localStorage.getItem(key); } catch (e) { on = null; }
  on = on === null ? live.role !== "seat" : on === "1";
  $("wc-on").checked = on;
  $("wc-on").addEventListener("change", function () {
    on = this.checked;
    try { localStorage.setItem(key, on ? "1" : "0"); } catch (e) { /* private mode */ }
    show();
  });

  function show() {
    var game = live.game, steps = live.steps, box = $("wc");
    var now = steps.length ? steps[steps.length - 1].chances : null;
    box.hidden = !on || !game || !now;
    document.body.dataset.winchances = box.hidden ? "off" : "on";
    if (box.hidden) { return; }
    var bar = $("wc-bar"), seats = game.players.split(""), whole = percents(seats, now);
    $("wc-teams").hidden = !teams(seats, now);
    while (bar.firstChild) { bar.removeChild(bar.firstChild); }
    seats.forEach(function (s) {
      var seg = document.createElement("div"), pct = now[s] / 10;
      seg.className = "wc-seg";
      seg.dataset.seat = s;
      seg.style.width = pct + "%";
      seg.style.background = game.colours[s];
      seg.textContent = pct >= 8 ? s + " " + whole[s] + "%" : "";
      seg.title = NAMES[s] + ": " + pct.toFixed(1) + "%";
      bar.appendChild(seg);
    });
    var svg = $("wc-graph"), n = Math.max(1, steps.length - 1);
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    seats.forEach(function (s) {
      var pts = [];
      steps.forEach(function (st, i) {
        if (st.chances) { pts.push((i * 440 / n).toFixed(1) + "," + (60 - st.chances[s] * 60 / 1000).toFixed(1)); }
      });
      if (pts.length === 1) { pts.push("440," + pts[0].split(",")[1]); }    // the start: a level line
      var line = document.createElementNS(NS, "polyline");
      line.setAttribute("points", pts.join(" "));
      line.setAttribute("stroke", game.colours[s]);
      line.setAttribute("class", "wc-line");
      svg.appendChild(line);
    });
  }
  // Whole percents for the bar's labels.  Without teams the chances add up to 100 %, and so
  // do the labels (largest remainders: 50.5 and 49.5 are not "51%" and "50%"); with teams both
  // partners show their team's chance, so each is rounded alone.
  function teams(seats, now) {
    var total = 0;
    seats.forEach(function (s) { total += now[s]; });
    return Math.abs(total - 1000) > seats.length;     // (two teams: each chance counted twice)
  }
  function percents(seats, now) {
    var out = {}, left = 100;
    seats.forEach(function (s) { out[s] = Math.floor(now[s] / 10); left -= out[s]; });
    if (teams(seats, now)) {
      seats.forEach(function (s) { out[s] = Math.round(now[s] / 10); });
      return out;
    }
    seats.slice().sort(function (a, b) { return (now[b] % 10) - (now[a] % 10) || now[b] - now[a]; })
      .forEach(function (s) { if (left > 0 && now[s] % 10) { out[s] += 1; left -= 1; } });
    return out;
  }
  new MutationObserver(show).observe(document.body, { attributes: true, attributeFilter: ["data-steps"] });
  show();
})();
