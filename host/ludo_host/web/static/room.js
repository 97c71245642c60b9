(function () {
  "use strict";
  // The table's panel on the host's page: the room, a link and a QR code per open seat,
  // each seat's player's name and a new link, filling with the computer, closing the room.
  // It draws with play.js's helpers (live.ui); play.js hands it the server's room views.
  var live = window.ludoLive;
  if (live.role !== "host") { return; }
  var ui = live.ui, $ = ui.$, text = ui.text, clear = ui.clear, send = ui.send, button = ui.button,
      span = ui.span, ask = ui.ask;

  // -- the table's panel -----------------------------------------------------------------
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
  var away = [];                 // [{name, ends (Date.now() ms), node}] of the seats away now

  function awayWords(a, short) {
    var left = Math.max(0, Math.ceil((a.ends - Date.now()) / 1000));
    var when = "the computer plays " + (left ? "in " + left + " s" : "now");
    return short ? "(away: " + when + ")" : a.name + " away: " + when;
  }
  function tickAway() {
    away.forEach(function (a) { a.node.textContent = awayWords(a, true); });
    var head = $("play-away");
    if (head) { head.textContent = away.map(awayWords).join(" \u00b7 "); }
  }
  setInterval(tickAway, 250);

  function showRoom(v) {
    text("play-title", "Play a friend");
    $("play-alert").hidden = true;
    ui.clearKeys();
    away = [];
    clear($("play-buttons"));
    clear($("play-quit"));
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
    var head = document.createElement("p");
    head.id = "play-away";
    head.className = "away";
    list.appendChild(head);
    v.seats.forEach(function (s) {
      var row = document.createElement("div");
      row.className = "seat-link";
      row.dataset.seat = s.seat;
      var words = document.createElement("div");
      var strong = document.createElement("strong");
      strong.textContent = s.name + ": ";
      words.appendChild(strong);
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
          w += s.covered ? " (away: the computer plays its turns)" : s.players ? " (connected)" :
               typeof s.away_left === "number" ? " " : " (away)";     // (the countdown follows)
        }
        words.appendChild(document.createTextNode(w));
        if (typeof s.away_left === "number" && !s.covered) {
          var count = document.createElement("span");
          count.className = "away";
          words.appendChild(count);
          away.push({ name: s.name, ends: Date.now() + s.away_left * 1000, node: count });
        }
      }
      row.insertBefore(words, row.firstChild);
      seatTools(s, words);
      list.appendChild(row);
    });
    tickAway();
    if (open.length && v.playing) { button("Fill empty seats with the computer", "fill", null, null, ""); }
    var close = document.createElement("button");
    close.type = "button"; close.dataset.action = "close"; close.textContent = "Close the room";
    close.addEventListener("click", function () {
      ask("Close the room? Every link stops working; the table plays those seats.", "Yes, close it",
          function () { send("close"); });
    });
    $("play-quit").appendChild(close);
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

  live.showRoom = showRoom;
})();
