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

  function button(label, action, extra, key, cls) {
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
    $("play-buttons").appendChild(b);
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
    text("play-title", "Your seat: " + name);
    keys = {};
    clear($("play-buttons"));
    var said = "";
    if (v.state === "closed") { said = "This room has closed: ask the table for a new link."; }
    else if (v.state === "open") { said = "Press Join to play " + name + "."; button("Join", "join", null, "j", "main"); }
    else if (v.state === "computer") { said = "The computer (Medium) plays " + name + " now."; }
    else if (v.state === "table") { said = name + " is played at the table."; }
    else if (v.covered) { said = "The computer is playing your turns: you were away."; }
    else if (!c) {
      said = v.turn ? "Waiting: " + (NAMES[v.turn] || v.turn) + "'s turn." :
             v.over ? "The game is over." : "No turn to play now.";
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
    if (!v.playing) {
      text("play-said", v.over ? "This game is over: start a new one on the board to send links again." :
                                 "Start a game on the board, then send links to friends here.");
      return;
    }
    if (!v.room) {
      text("play-said", "Choose the seats your friends play; the others are played at the table.");
      v.seats.forEach(function (s) {
        var label = document.createElement("label");
        if (s.kind === "human") {
          var box = document.createElement("input");
          box.type = "checkbox"; box.checked = true; box.value = s.seat; box.className = "send-link";
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
    text("play-said", open.length ? "Send each friend the link of their seat (or let them scan its code)." :
         "Every seat is taken.");
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
        row.appendChild(qrCode(s.qr, "QR code of " + s.name + "'s seat link"));
      } else {
        var w = s.state === "computer" ? "the computer (" + s.kind + ")" : STATE_WORDS[s.state] || s.state;
        if (s.state === "remote") {
          w += s.covered ? " (away: the computer plays its turns)" : s.players ? " (connected)" : " (away)";
        }
        words.appendChild(document.createTextNode(w));
      }
      row.insertBefore(words, row.firstChild);
      list.appendChild(row);
    });
    if (open.length) { button("Fill empty seats with the computer", "fill", null, null, ""); }
  }

  live.panelMessage = function (msg) {
    if (msg.type === "seat" && role === "seat") { live.panel = msg; showSeat(msg); }
    else if (msg.type === "room" && role === "host") { live.panel = msg; showRoom(msg); }
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
