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
    who.push(seatName[s] + (data.names && data.names[s] ? " " + data.names[s] : "") +
             (kinds[s] && kinds[s] !== "human" ? " (" + kinds[s] + ")" : ""));
  }
  $("meta").textContent = data.preset + " \u00b7 " + who.join(", ") +
    (draw.localTime(data.start) ? " \u00b7 began " + draw.localTime(data.start) : "");
  $("summary").textContent = (data.summary || []).join(". ");
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
    $("said").textContent = st.said || "";
    $("action").textContent = st.text + (st.undone !== null ? " \u00b7 taken back at step " + st.undone : "");
    $("turn").textContent = st.result ? "Game over" :
      "To play: " + seatName[st.turn] + (st.pending.length ? " \u00b7 rolls to use: " + st.pending.join(", ") : "");
    var res = "";
    if (st.result) { res = st.result_words || "Result: " + st.result; }
    else if (n === last && data.footer) {
      res = data.footer_words || "Result: " + data.footer.result + " (" + data.footer.termination + ")";
    }
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
