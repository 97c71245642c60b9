(function () {
  "use strict";
  var fixed = JSON.parse(document.getElementById("live-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var token = new URLSearchParams(location.search).get("t") || "";
  var live = window.ludoLive = { steps: [], state: null, errors: [], game: null, socket: null, updates: 0, beats: 0,
                                 role: fixed.role, fixed: fixed, draw: null, dieHeldUntil: 0 };
  var data = null, draw = null, items = [], offset = 0, retry = 500;

  function text(id, value) { $(id).textContent = value || ""; }

  function showGame(game, steps) {
    data = game;
    live.game = game;
    live.steps = [];
    items = [];
    draw = live.draw = game ? LudoDraw(game) : null;
    var list = $("moves"), stars = $("stars");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    while (stars.firstChild) { stars.removeChild(stars.firstChild); }
    if (!game) {
      text("meta", "No game on the board yet.");
      $("tokens").textContent = ""; $("marks").textContent = "";
      document.body.dataset.steps = 0;
      return;
    }
    game.stars.forEach(function (s) {
      draw.el("polygon", { "class": "safe", "data-square": s[0], points: s[1], fill: "none", stroke: s[2],
                           "stroke-width": 2 }, stars);
    });
    var kinds = steps.length ? steps[0].kinds : {}, who = [];
    for (var i = 0; i < game.players.length; i++) {
      var s = game.players[i];
      who.push(draw.seatName[s] + (kinds[s] && kinds[s] !== "human" ? " (computer, " + kinds[s] + ")" : ""));
    }
    game.start = draw.localTime(game.start);            // (the record's UTC, in this device's time)
    text("summary", (game.summary || []).join(". "));   // what the game is (setup_words.summary)
    text("title", "Ludo game " + game.game);
    text("meta", game.preset + " \u00b7 " + who.join(", ") + (game.start ? " \u00b7 began " + game.start : ""));
    addSteps(0, steps, true);
  }

  function addSteps(from, steps, initial) {
    if (!data || from !== live.steps.length) { return false; }
    steps.forEach(function (st) {
      var n = live.steps.length;
      live.steps.push(st);
      var li = draw.moveItem(st, n);
      $("moves").appendChild(li);
      items.push(li);
      if (st.undoes !== null && items[st.undoes]) { draw.markUndone(items[st.undoes], n); }
    });
    var st = live.steps[live.steps.length - 1];
    draw.drawTokens(st);
    if (!(live.dieHeldUntil > Date.now())) { draw.drawDie(st.die); }   // (a seat's own roll stays a moment)
    items.forEach(function (li) { li.classList.remove("current"); });
    var cur = items[items.length - 1];
    cur.classList.add("current");
    var list = $("moves");
    list.scrollTop = list.scrollHeight;
    document.body.dataset.steps = live.steps.length;
    if (live.onSteps) { live.onSteps(steps, !!initial); }
    return true;
  }

  function showState(st) {
    live.state = st;
    offset = st._now * 1000 - Date.now();
    var b = st.board, w = st.words;
    var link = b.connected ? "Connected to the board." : "Not connected to the board: " + (b.note || "waiting") + ".";
    $("link").className = "link" + (b.connected ? "" : " down");
    text("link", link);
    text("next", w.said);
    // The board's buttons are the table's: only the table's page says what they do.
    text("buttons", w.buttons && live.role === "host" ? "The board's buttons: " + w.buttons : "");
    text("last", w.last ? "Just now: " + w.last : "");
    var res = "";
    if (st.footer) { res = st.result_words || "Result: " + st.footer.result + " (" + st.footer.termination + ")"; }
    if (st.error) { res += (res ? " \u00b7 " : "") + "Cannot follow the game from " + st.error; }
    text("result", res);
    showNames(st.names);
    if (st.summary) { text("summary", st.summary.join(". ")); }   // (it follows the seats played on a link)
    tick();
  }

  // The players' names (the table's page, a friend on Join, --names): under the game's line.
  function showNames(names) {
    var p = $("names"), seats = data ? data.players : "", parts = [];
    for (var i = 0; i < seats.length; i++) {
      if (names && names[seats[i]]) { parts.push(draw.seatName[seats[i]] + ": " + names[seats[i]]); }
    }
    if (!p) {
      p = document.createElement("p");
      p.id = "names"; p.className = "meta names";
      $("meta").parentNode.insertBefore(p, $("meta").nextSibling);
    }
    p.textContent = parts.length ? "Players: " + parts.join(", ") : "";
  }

  function tick() {
    var st = live.state, d = st && st.deadline;
    if (!d) { text("deadline", ""); return; }
    var left = Math.max(0, Math.ceil(d.ends_at - (Date.now() + offset) / 1000));
    text("deadline", (draw ? draw.seatName[d.seat] : d.seat) + ": " + Math.floor(left / 60) + ":" +
      ("0" + left % 60).slice(-2) + " left of the " + d.seconds + " s deadline");
  }
  setInterval(tick, 250);

  function showLights(on) {
    var g = $("lights");
    while (g.firstChild) { g.removeChild(g.firstChild); }
    if (!on || !draw) { return; }
    on.forEach(function (l) {
      var c = draw.centre(l[0]);
      if (c) { draw.el("circle", { "class": "light", "data-place": l[0], cx: c[0], cy: c[1], r: fixed.cell * 0.44, stroke: l[1] }, g); }
    });
  }

  function onMessage(ev) {
    var msg;
    live.heard = Date.now();
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    live.updates += 1;
    if (msg.type === "game") { showGame(msg.game, msg.steps); }
    else if (msg.type === "steps") { if (!addSteps(msg.from, msg.steps)) { live.socket.close(); } }
    else if (msg.type === "state") { showState(msg); }
    else if (msg.type === "lights") { live.lights = msg.on; showLights(msg.on); }
    else if (msg.type === "error") { live.errors.push(msg.error); }
    else if (msg.type === "pong") { live.pong = msg.id; }
    else if (msg.type === "beat") { live.send({ type: "beat", id: msg.id }); live.beats += 1; }
    if (live.panelMessage) { live.panelMessage(msg); }
    if (live.onUpdate) { live.onUpdate(msg); }
  }

  function lost() {
    $("link").className = "link down";
    text("link", "Lost the link to the table's PC: trying again...");
    live.socket = null;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  }

  function connect() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host +
                           "/ws?t=" + encodeURIComponent(token));
    live.socket = ws;
    live.heard = Date.now();
    ws.onopen = function () {
      retry = 500;
      live.heard = Date.now();
      if (live.onOpen) { live.onOpen(); }
    };
    ws.onmessage = onMessage;
    ws.onclose = function (ev) {
      if (ev.code === 4001) {        // (the link opened on more pages than the server keeps)
        $("link").className = "link down";
        text("link", "This link was opened on another page: reload this one to use it here.");
        return;
      }
      lost();
    };
  }
  // A network gone (Wi-Fi lost, a phone asleep) may never close the socket: the server's
  // heartbeat comes every 5 s (admission.Limits.beat_every_s), so this long without a word
  // the link is dead. Said, and made again.
  var SILENT_MS = 12000;
  setInterval(function () {
    var ws = live.socket;
    if (ws && Date.now() - live.heard > SILENT_MS) {
      ws.onclose = ws.onmessage = ws.onopen = null;
      try { ws.close(); } catch (e) { /* closing already */ }
      lost();
    }
  }, 1000);
  // (false: not connected now, nothing sent)
  live.send = function (obj) {
    var ws = live.socket;
    if (!ws || ws.readyState !== 1) { return false; }
    ws.send(typeof obj === "string" ? obj : JSON.stringify(obj));
    return true;
  };
  connect();
})();
