(function () {
  "use strict";
  // The seat links' panel: a seat's (Join, Roll, a button per move, Pass; Resign and Leave
  // apart, each asking once more) and what it shares with the table's (room.js: the room,
  // a link and a QR code per open seat).  On a seat's turn its tokens are picked on the board itself: tap a token, then a
  // lit place.  What happened is said in words, the player's own news held a few seconds.
  var live = window.ludoLive, role = live.role;
  if (role !== "host" && role !== "seat") { return; }
  var $ = function (id) { return document.getElementById(id); };
  var NAMES = { R: "Red", G: "Green", Y: "Yellow", B: "Blue" };
  var HOLD_MS = 4000;           // the player's own roll and its result stay this long
  var ALERT_KEY = "ludo-turn-alert";
  var keys = {};
  var coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  live.panel = null;
  live.done = 0;
  live.alerts = 0;              // "your turn" alerts given (sound and vibration where the device has them)
  live.selected = null;         // the token picked on the board
  document.body.classList.add(role + "-role");

  function text(id, value) { $(id).textContent = value || ""; }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  var NOT_SENT = "Not connected to the table's PC: nothing was sent. Tap again once the page says " +
                 "it is connected.";
  function send(action, extra) {
    text("play-error", "");
    var msg = { type: action };
    for (var k in extra || {}) { msg[k] = extra[k]; }
    if (!live.send(msg)) { text("play-error", NOT_SENT); }
  }
  live.onOpen = function () {       // (connected again: what the last tap could not do is past)
    if ($("play-error").textContent === NOT_SENT) { text("play-error", ""); }
  };

  function button(label, action, extra, key, cls, parent) {
    var b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    if (cls) { b.className = cls; }
    if (typeof label === "string") { b.textContent = label; } else { label.forEach(function (n) { b.appendChild(n); }); }
    b.addEventListener("click", function () {
      send(action, typeof extra === "function" ? extra() : extra);
    });
    if (key) { keys[key] = b; b.setAttribute("aria-keyshortcuts", key.toUpperCase()); }
    (parent || $("play-buttons")).appendChild(b);
    return b;
  }

  function span(value, cls) {
    var s = document.createElement(cls === "keys" ? "kbd" : "span");
    s.textContent = value;
    if (cls) { s.className = cls; }
    return s;
  }

  function focusFirst() {
    var a = document.activeElement;
    if (a && a !== document.body && $("seatplay").contains(a) && a.isConnected) { return; }
    var first = $("play-buttons").querySelector("button");
    if (first && !coarse) { first.focus({ preventScroll: true }); }
  }

  // -- asking once more: Resign and Leave --------------------------------------------------
  var dialog = $("play-confirm"), confirmed = null, openedAt = 0, asked = null;
  function ask(question, yes, onYes, action) {
    asked = action;
    text("play-confirm-text", question);
    text("play-confirm-yes", yes);
    confirmed = onYes;
    openedAt = Date.now();
    if (dialog.showModal) { dialog.showModal(); } else { dialog.setAttribute("open", ""); }
    $("play-confirm-no").focus();
  }
  function closeAsk() {
    confirmed = asked = null;
    if (dialog.open) { if (dialog.close) { dialog.close(); } else { dialog.removeAttribute("open"); } }
  }
  $("play-confirm-no").addEventListener("click", closeAsk);
  $("play-confirm-yes").addEventListener("click", function () {
    if (Date.now() - openedAt < 350) { return; }      // (a double tap on Resign is not a yes)
    var then = confirmed;
    closeAsk();
    if (then) { then(); }
  });
  dialog.addEventListener("cancel", function () { confirmed = null; });
  live.asking = function () { return dialog.open ? $("play-confirm-text").textContent : null; };

  function quitButton(label, action, question, yes) {
    var b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    b.textContent = label;
    b.addEventListener("click", function () { ask(question, yes, function () { send(action); }, action); });
    $("play-quit").appendChild(b);
  }

  // -- "your turn": sound and vibration, with an off switch -------------------------------
  var audio = null;
  function alertsOn() {
    try { return localStorage.getItem(ALERT_KEY) !== "off"; } catch (e) { return true; }
  }
  $("play-alert-on").checked = alertsOn();
  $("play-alert-on").addEventListener("change", function () {
    try { localStorage.setItem(ALERT_KEY, this.checked ? "on" : "off"); } catch (e) { /* private mode */ }
  });
  function wakeAudio() {          // browsers let a page sound only after a tap or a key
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!audio && Ctx) { try { audio = new Ctx(); } catch (e) { audio = null; } }
    if (audio && audio.state === "suspended") { audio.resume(); }
  }
  document.addEventListener("pointerdown", wakeAudio, true);
  document.addEventListener("keydown", wakeAudio, true);
  function yourTurn() {
    if (!alertsOn()) { return; }
    live.alerts += 1;
    // a browser lets a page vibrate only after a tap on it (else it logs an error)
    var tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && tapped) { try { navigator.vibrate([120, 80, 120]); } catch (e) { /* not allowed */ } }
    if (!audio || audio.state !== "running") { return; }
    var t = audio.currentTime;
    [[660, 0], [880, 0.16]].forEach(function (tone) {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = tone[0];
      gain.gain.setValueAtTime(0.0001, t + tone[1]);
      gain.gain.exponentialRampToValueAtTime(0.2, t + tone[1] + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + tone[1] + 0.14);
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(t + tone[1]); osc.stop(t + tone[1] + 0.15);
    });
  }

  // -- what happened: the seat's own news held a few seconds -------------------------------
  var news = { until: 0, pending: null, timer: null };
  function showNews(words, cls, hold) {
    var p = $("play-news");
    p.textContent = words || "";
    p.className = "play-news" + (cls ? " " + cls : "");
    news.until = hold ? Date.now() + HOLD_MS : 0;
  }
  function later() {
    news.timer = null;
    if (news.pending) { var n = news.pending; news.pending = null; showNews(n[0], n[1], false); }
    if (live.steps.length && live.draw) { live.draw.drawDie(live.steps[live.steps.length - 1].die); }
    live.dieHeldUntil = 0;
  }
  live.onSteps = function (steps, initial) {
    if (role !== "seat" || initial || !live.panel) { return; }
    var me = live.panel.seat;
    steps.forEach(function (st) {
      if (st.line === null || /^kind /.test(st.line)) { return; }
      var own = st.said_to && st.said_to[me], words = own || st.said;
      var hurt = own && st.actor !== me, mine = !!own;
      if (mine) {
        showNews(words, hurt ? "hurt" : "mine", true);
        if (st.roll !== null && st.actor === me) {
          live.draw.drawDie(st.die);
          live.dieHeldUntil = Date.now() + HOLD_MS;
        }
        news.pending = null;
        if (news.timer) { clearTimeout(news.timer); }
        news.timer = setTimeout(later, HOLD_MS);
      } else if (Date.now() < news.until) {
        news.pending = [words, ""];
      } else {
        showNews(words, "", false);
      }
    });
  };

  // (the summary told once in this browser: a reload or a new page of the same link, the
  // computer having played nothing since, does not tell that old news again)
  var AWAY_KEY = "ludo-away-told:" + (new URLSearchParams(location.search).get("t") || "");
  function awayTold() {
    try { return localStorage.getItem(AWAY_KEY); } catch (e) { return null; }
  }
  function awaySummary(v) {
    if (!v.away || !live.steps.length || live.awayShown === v.away.join("-")) { return; }
    if (live.steps.length < v.away[1]) { return; }                   // (its steps are on their way)
    live.awayShown = v.away.join("-");
    if (awayTold() === live.awayShown) { return; }
    try { localStorage.setItem(AWAY_KEY, live.awayShown); } catch (e) { /* private mode */ }
    var played = live.steps.slice(v.away[0], v.away[1]).filter(function (st) {
      return st.actor === v.seat && st.short;
    }).map(function (st) { return st.short; });
    var words = played.length ? "While you were away the computer played for you: " +
      (played.length > 8 ? played.slice(0, 8).join("; ") + "; and " + (played.length - 8) + " more." :
       played.join("; ") + ".") : "While you were away the computer had no turn of yours to play.";
    showNews(words, "mine", true);
  }

  // -- picking a move on the board ---------------------------------------------------------
  var moves = [];
  function pickLayer() { return $("pick"); }
  function ring(place, cls, g) {
    var c = live.draw && live.draw.centre(place), C = live.fixed.cell;
    if (!c) { return null; }
    return live.draw.el("circle", { "class": cls, "data-place": place, cx: c[0], cy: c[1], r: C * 0.46 }, g);
  }
  function drawPick(hint) {
    var g = pickLayer();
    clear(g);
    Array.prototype.forEach.call(document.querySelectorAll("#play-buttons button.move"), function (b) {
      b.classList.toggle("picked", !!live.selected && b.dataset.token === live.selected);
    });
    if (!live.draw) { return; }
    if (hint) {
      ring(hint.from_place, "from", g);
      ring(hint.to_place, "dest" + (hint.capture ? " capture" : ""), g);
      return;
    }
    if (!live.selected) { return; }
    var mine = moves.filter(function (m) { return m.token === live.selected; });
    if (mine.length) { ring(mine[0].from_place, "from", g); }
    mine.forEach(function (m) { ring(m.to_place, "dest lit" + (m.capture ? " capture" : ""), g); });
  }
  function select(token) { live.selected = token; drawPick(null); }

  function boardPoint(ev) {
    var svg = $("board"), pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  function nearest(places, p) {
    var best = null, bestD = live.fixed.cell * 0.8;
    places.forEach(function (place) {
      var c = live.draw.centre(place[0]);
      if (!c) { return; }
      var d = Math.sqrt((c[0] - p.x) * (c[0] - p.x) + (c[1] - p.y) * (c[1] - p.y));
      if (d < bestD) { best = place; bestD = d; }
    });
    return best;
  }
  $("board").addEventListener("click", function (ev) {
    if (role !== "seat" || !moves.length || !live.draw) { return; }
    var p = boardPoint(ev);
    if (live.selected) {
      var dest = nearest(moves.filter(function (m) { return m.token === live.selected; })
                              .map(function (m) { return [m.to_place, m]; }), p);
      if (dest) { send("move", { move: dest[1].move }); select(null); return; }
    }
    var tokens = {};
    moves.forEach(function (m) { (tokens[m.from_place] = tokens[m.from_place] || []).push(m.token); });
    var at = nearest(Object.keys(tokens).map(function (place) { return [place, tokens[place]]; }), p);
    if (!at) { select(null); return; }
    var here = at[1].filter(function (t, i, all) { return all.indexOf(t) === i; });
    var k = here.indexOf(live.selected);        // (a stack: each tap picks the next of its tokens)
    select(here[(k + 1) % here.length]);
  });

  // -- a seat's panel -----------------------------------------------------------------------
  function showSeat(v) {
    var name = NAMES[v.seat] || v.seat, c = v.choices;
    var before = live.panel && live.panel.choices;
    text("play-title", "Your seat: " + name + (v.player ? " (" + v.player + ")" : ""));
    keys = {};
    clear($("play-buttons"));
    clear($("play-quit"));
    $("play-alert").hidden = v.state !== "remote";
    moves = c && c.moves ? c.moves : [];
    if (!moves.some(function (m) { return m.token === live.selected; })) { live.selected = null; }
    var said = "";
    if (v.state === "closed") { said = "This link no longer plays a seat (the room has closed, or the table " +
                                       "gave the seat a new link): ask the table for a new link."; }
    else if (v.state === "open" || v.join) { said = joinPanel(v, name); }
    else if (v.state === "computer") { said = "The computer (Medium) plays " + name + " now."; }
    else if (v.state === "table") { said = name + " is played at the table."; }
    else if (v.covered) { said = "The computer is playing your turns: you were away."; }
    else if (!c) {
      said = v.turn ? "Waiting: " + (NAMES[v.turn] || v.turn) + "'s turn." :
             v.over ? gameOverWords() : "No turn to play now.";
    } else if (c.roll && c.hand) {
      said = "Your turn: roll the die at the table and tap what it shows.";
      for (var n = 1; n <= 6; n++) { button("Rolled " + n, "roll", { value: n }, String(n), "main"); }
    } else if (c.roll) {
      said = "Your turn: roll.";
      button("Roll", "roll", null, "r", "main");
    } else {
      var rolled = c.rolls && c.rolls.length ? "You rolled " + c.rolls.join(" and ") + ": " : "";
      if (moves.length) {
        said = rolled + (moves.length > 1 ? "tap a token, then where it goes (or a button)." :
                         "tap the token, then where it goes (or the button).");
      } else {
        said = rolled + "no token can move.";
      }
      moves.forEach(function (m, i) {
        var dot = span("", "dot");
        dot.style.background = (live.game && live.game.colours[m.token[0]]) || "#888";
        var parts = [dot, span(m.label || m.move)];
        if (i < 9) { parts.unshift(span(String(i + 1), "keys")); }
        var b = button(parts, "move", { move: m.move }, i < 9 ? String(i + 1) : null,
                       "move" + (m.capture ? " capture" : ""));
        b.dataset.move = m.move;
        b.dataset.token = m.token;
        var hint = function () { drawPick(m); }, unhint = function () { drawPick(null); };
        b.addEventListener("mouseenter", hint);
        b.addEventListener("focus", hint);
        b.addEventListener("mouseleave", unhint);
        b.addEventListener("blur", unhint);
      });
      if (c.pass) { button("Pass (no token can move)", "pass", null, "p", "main"); }
    }
    if (v.resign) {
      quitButton("Resign", "resign", "Resign? Your tokens leave the board.", "Yes, resign");
    }
    if (v.leave) {
      quitButton("Leave", "leave", "Leave this game? The computer will play " + name + ".", "Yes, leave");
    }
    if (dialog.open && !(asked === "resign" && v.resign) && !(asked === "leave" && v.leave)) {
      closeAsk();                 // (what it asked about is no longer offered)
    }
    text("play-said", said);
    text("play-keys", Object.keys(keys).length ? "Keys: " + Object.keys(keys).map(function (k) {
      return k.toUpperCase(); }).join(", ") + "; Tab and Enter reach every button." : "");
    drawPick(null);
    if (c && !before && v.state === "remote" && !v.covered) { yourTurn(); }
    // (a tab in the background says it in its title)
    document.title = (c && v.state === "remote" && !v.covered ? "Your turn · " : "") + "Ludo: " + name;
    if (c || v.state === "open") { focusFirst(); }
    awaySummary(v);
  }

  // -- seats that last and forgive: Join (with a name), Join again, the next game ----------
  function joinPanel(v, name) {
    var box = document.createElement("input");
    box.type = "text"; box.id = "play-name"; box.maxLength = 24; box.autocomplete = "nickname";
    box.placeholder = "Your name (optional)"; box.setAttribute("aria-label", "Your name (optional)");
    box.value = joinTyped !== null ? joinTyped : v.player || remembered();
    box.addEventListener("input", function () { joinTyped = box.value; });
    $("play-buttons").appendChild(box);
    button(v.left ? "Join again" : "Join", "join", function () {
      var typed = box.value.replace(/\s+/g, " ").trim();
      try { localStorage.setItem("ludo-name", typed); } catch (e) { /* private mode */ }
      return typed ? { name: typed } : {};
    }, "j", "main");
    return v.left ? "You left: the computer (Medium) plays " + name + ". Join again to take the seat back." :
                    "Press Join to play " + name + ".";
  }

  var joinTyped = null;          // the name being typed (a new view does not wipe it)

  // A view redraws the panel: a name box being typed in keeps the focus and the caret.
  function typing() {
    var a = document.activeElement;
    if (!a || a.tagName !== "INPUT" || a.type !== "text") { return null; }
    return { id: a.id, seat: a.dataset.seat, at: a.selectionStart };
  }
  function typeOn(was) {
    if (!was) { return; }
    var box = was.id ? $(was.id) : document.querySelector("input.seat-name[data-seat=" + was.seat + "]");
    if (box) { box.focus({ preventScroll: true }); try { box.setSelectionRange(was.at, was.at); } catch (e) { /* */ } }
  }

  function remembered() {
    try { return localStorage.getItem("ludo-name") || ""; } catch (e) { return ""; }
  }

  function gameOverWords() {
    var st = live.state || {};
    return "Game over" + (st.result_words ? ": " + st.result_words : "") +
           ". Waiting for the table to start the next game.";
  }

  // what the table's panel (room.js) shares with the seat's
  live.ui = { $: $, text: text, clear: clear, send: send, button: button, span: span, ask: ask,
              clearKeys: function () { keys = {}; } };

  live.panelMessage = function (msg) {
    var was = (msg.type === "seat" || msg.type === "room") ? typing() : null;
    if (msg.type === "seat" && role === "seat") { showSeat(msg); live.panel = msg; typeOn(was); }
    else if (msg.type === "room" && role === "host") { live.panel = msg; live.showRoom(msg); typeOn(was); }
    else if (msg.type === "state" && role === "seat" && live.panel && live.panel.over) { showSeat(live.panel); }
    else if (msg.type === "done") { live.done += 1; text("play-error", ""); }
    else if (msg.type === "error") { text("play-error", msg.error); }
    else if ((msg.type === "game" || msg.type === "steps") && live.panel && role === "seat") {
      awaySummary(live.panel);
    }
  };

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || dialog.open) { return; }
    var t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) { return; }
    var b = keys[ev.key.toLowerCase()];
    if (b && b.isConnected) { ev.preventDefault(); b.focus(); b.click(); }
  });
})();
