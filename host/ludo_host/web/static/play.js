(function () {
  "use strict";
  var live = window.ludoLive, role = live.role;
  if (role !== "host" && role !== "seat") { return; }
  var $ = function (id) { return document.getElementById(id); };
  var NAMES = { R: "Red", G: "Green", Y: "Yellow", B: "Blue" };
  var keys = {};
  live.panel = null;
  live.done = 0;

  function text(id, value) { $(id).textContent = value || ""; }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function button(label, action, extra, key, cls, parent) {
    var b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    if (cls) { b.className = cls; }
    if (typeof label === "string") { b.textContent = label; } else { label.forEach(function (n) { b.appendChild(n); }); }
    b.addEventListener("click", function () {
      text("play-error", "");
      var msg = { type: action }, more = typeof extra === "function" ? extra() : extra;
      for (var k in more || {}) { msg[k] = more[k]; }
      live.send(msg);
    });
    if (key) { keys[key] = b; b.setAttribute("aria-keyshortcuts", key.toUpperCase()); }
    (parent || $("play-buttons")).appendChild(b);
    return b;
  }

  function span(value, cls) {
    var s = document.createElement("span");
    s.textContent = value;
    if (cls) { s.className = cls; }
    return s;
  }

  function focusFirst() {
    var a = document.activeElement;
    if (a && a !== document.body && $("seatplay").contains(a) && a.isConnected) { return; }
    var first = $("play-buttons").querySelector("button");
    if (first) { first.focus({ preventScroll: true }); }
  }

  function showSeat(v) {
    var name = NAMES[v.seat] || v.seat, c = v.choices;
    text("play-title", "Your seat: " + name + (v.player ? " (" + v.player + ")" : ""));
    keys = {};
    clear($("play-buttons"));
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
      said = "Your turn: roll the die at the table and enter what it shows.";
      for (var n = 1; n <= 6; n++) { button("Rolled " + n, "roll", { value: n }, String(n), "main"); }
    } else if (c.roll) {
      said = "Your turn: roll.";
      button("Roll", "roll", null, "r", "main");
    } else {
      var rolled = c.rolls && c.rolls.length ? "You rolled " + c.rolls.join(" and ") + ": " : "";
      if (c.moves.length) {
        said = rolled + "choose a move" + (c.moves.length > 1 ? " (keys 1 to " + Math.min(9, c.moves.length) + ")." : ".");
      } else {
        said = rolled + "no token can move.";
      }
      c.moves.forEach(function (m, i) {
        var parts = [span((i < 9 ? (i + 1) + ": " : "") + m.token + " from " + m.from + " to " + m.to)];
        if (m.capture) { parts.push(span(" \u00b7 Capture " + m.capture, "cap")); }
        var b = button(parts, "move", { move: m.move }, i < 9 ? String(i + 1) : null, m.capture ? "capture" : "");
        b.dataset.move = m.move;
      });
      if (c.pass) { button("Pass (no token can move)", "pass", null, "p", "main"); }
    }
    if (v.resign) { button("Resign", "resign", null, null, ""); }
    if (v.leave) { button("Leave (the computer takes over)", "leave", null, null, ""); }
    text("play-said", said);
    text("play-keys", Object.keys(keys).length ? "Keys: " + Object.keys(keys).map(function (k) {
      return k.toUpperCase(); }).join(", ") + "; Tab and Enter reach every button." : "");
    if (c || v.state === "open") { focusFirst(); }
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

  function qrCode(qr, label) {
    var NS = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "qr");
    svg.setAttribute("viewBox", "0 0 " + qr.size + " " + qr.size);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("shape-rendering", "crispEdges");
    var bg = document.createElementNS(NS, "rect");
    bg.setAttribute("width", qr.size); bg.setAttribute("height", qr.size); bg.setAttribute("fill", "#fff");
    svg.appendChild(bg);
    var path = document.createElementNS(NS, "path");
    path.setAttribute("d", qr.d);
    path.setAttribute("fill", "#000");
    svg.appendChild(path);
    return svg;
  }

  var STATE_WORDS = { remote: "played by link", table: "played at the table" };

  function showRoom(v) {
    text("play-title", "Play a friend");
    keys = {};
    clear($("play-buttons"));
    var list = $("play-seats");
    clear(list);
    if (!v.playing && !v.room) {
      text("play-said", v.over ? "This game is over: start a new one on the board to send links again." :
                                 "Start a game on the board, then send links to friends here.");
      return;
    }
    localOnly(v, list);
    if (!v.room) {
      text("play-said", "Choose the seats your friends play; the others are played at the table (Red is " +
                        "the table's unless you tick it).");
      v.seats.forEach(function (s) {
        var label = document.createElement("label");
        if (s.kind === "human") {
          var box = document.createElement("input");
          box.type = "checkbox"; box.checked = s.seat !== "R"; box.value = s.seat; box.className = "send-link";
          label.appendChild(box);
          label.appendChild(document.createTextNode(" " + s.name + ": send a link"));
        } else {
          label.textContent = s.name + ": the computer (" + s.kind + ")";
        }
        list.appendChild(label);
      });
      button("Play a friend (send a link)", "room", function () {
        return { seats: Array.prototype.filter.call(document.querySelectorAll("#play-seats .send-link"),
          function (box) { return box.checked; }).map(function (box) { return box.value; }).join("") };
      }, null, "main");
      return;
    }
    var open = v.seats.filter(function (s) { return s.state === "open"; });
    text("play-said", !v.playing ? "Game over. The room stays: start the next game on the board (same " +
         "players) and these links go on." : open.length ? (v.local_only ? "The links of the open seats:" :
         "Send each friend the link of their seat (or let them scan its code).") : "Every seat is taken.");
    v.seats.forEach(function (s) {
      var row = document.createElement("div");
      row.className = "seat-link";
      row.dataset.seat = s.seat;
      var words = document.createElement("div");
      var head = document.createElement("strong");
      head.textContent = s.name + ": ";
      words.appendChild(head);
      if (s.state === "open") {
        words.appendChild(document.createTextNode("waiting for a friend to join. "));
        var a = document.createElement("a");
        a.href = s.link; a.textContent = s.link; a.className = "link-url";
        words.appendChild(a);
        if (v.local_only) {
          a.classList.add("this-pc"); a.title = "this PC only: no phone can open it";
          words.appendChild(span(" (this PC only)", "this-pc-note"));
        }
        else { row.appendChild(qrCode(s.qr, "QR code of " + s.name + "'s seat link")); }
      } else {
        var w = s.state === "computer" ? "the computer (" + (s.kind || "medium") + ")" +
                (s.left ? ": the player left; their link can Join again" : "") : STATE_WORDS[s.state] || s.state;
        if (s.state === "remote") {
          w += s.covered ? " (away: the computer plays its turns)" : s.players ? " (connected)" : " (away)";
        }
        words.appendChild(document.createTextNode(w));
      }
      row.insertBefore(words, row.firstChild);
      seatTools(s, words);
      list.appendChild(row);
    });
    if (open.length && v.playing) { button("Fill empty seats with the computer", "fill", null, null, ""); }
  }

  // -- the table's tools per seat: the player's name, a new link -----------------------------
  function seatTools(s, parent) {
    var tools = document.createElement("div");
    tools.className = "seat-tools";
    var box = document.createElement("input");
    box.type = "text"; box.className = "seat-name"; box.maxLength = 24; box.dataset.seat = s.seat;
    box.placeholder = "player's name"; box.setAttribute("aria-label", s.name + "'s player's name");
    box.value = s.player || "";
    if (editing[s.seat] !== undefined) { box.value = editing[s.seat]; }
    box.addEventListener("input", function () { editing[s.seat] = box.value; });
    box.addEventListener("change", function () {
      delete editing[s.seat];
      live.send({ type: "name", seat: s.seat, name: box.value.replace(/\s+/g, " ").trim() });
    });
    tools.appendChild(box);
    var b = button(s.state === "open" ? "New link" : s.state === "computer" ? "Give to a friend (new link)" :
                   "New link (reopen)", "reopen", { seat: s.seat }, null, "small", tools);
    b.dataset.seat = s.seat;
    parent.appendChild(tools);
  }
  var editing = {};              // names being typed (a new view does not wipe them)

  function localOnly(v, list) {
    var open = v.seats.some(function (s) { return s.state === "open"; });
    if (!v.local_only || (v.room && !open)) { return; }
    var p = document.createElement("p");
    p.className = "local-only";
    p.id = "play-local";
    p.textContent = "These links work on this PC only: the server listens on 127.0.0.1, which no phone can " +
      "reach. For a phone on the same Wi-Fi, start it with `ludo-host web --lan`; for friends elsewhere, " +
      "`ludo-host web --public-url URL` (an address of yours that reaches this PC: docs/web.md).";
    list.appendChild(p);
  }

  live.panelMessage = function (msg) {
    var was = (msg.type === "seat" || msg.type === "room") ? typing() : null;
    if (msg.type === "seat" && role === "seat") { live.panel = msg; showSeat(msg); typeOn(was); }
    else if (msg.type === "room" && role === "host") { live.panel = msg; showRoom(msg); typeOn(was); }
    else if (msg.type === "state" && role === "seat" && live.panel && live.panel.over) { showSeat(live.panel); }
    else if (msg.type === "done") { live.done += 1; text("play-error", ""); }
    else if (msg.type === "error") { text("play-error", msg.error); }
  };

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    var t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) { return; }
    var b = keys[ev.key.toLowerCase()];
    if (b && b.isConnected) { ev.preventDefault(); b.focus(); b.click(); }
  });
})();
