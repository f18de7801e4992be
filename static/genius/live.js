// Genius live pages: the countdown, the websocket with resync on a sequence gap, copy buttons.
(function () {
  "use strict";

  function human(ms) {
    if (ms <= 0) return "closing now";
    var s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600),
        m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (d) return "in " + d + " d " + h + " h";
    if (h) return "in " + h + " h " + m + " min";
    if (m) return "in " + m + " min " + sec + " s";
    return "in " + sec + " s";
  }

  // The server's clock: every countdown runs from the server's deadline and the server's time sent with
  // each frame (the status bar's data-server-now), never from this page's clock alone, so that all pages
  // agree with each other and with the server, and stop where the server stopped them.
  var offset = 0;  // server time - local time, in ms
  function readServerTime(scope) {
    var el = (scope || document).querySelector("[data-server-now]");
    var at = el ? Date.parse(el.getAttribute("data-server-now")) : NaN;
    if (!isNaN(at)) offset = at - Date.now();
  }
  function serverNow() { return Date.now() + offset; }
  window.geniusClock = { now: serverNow, offset: function () { return offset; } };

  function liveText(ms) {
    if (ms <= 0) return "0:00";
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r + " left";
  }

  function tickCountdowns() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var at = new Date(el.getAttribute("data-deadline"));
      if (isNaN(at)) return;
      var left = at - serverNow();
      el.textContent = el.hasAttribute("data-live-clock") ? liveText(left) : human(left);
      el.setAttribute("data-left-ms", String(Math.max(0, Math.round(left))));
      el.title = at.toLocaleString();
    });
  }

  // The dealer's reminders: the status bar names the latest; the alert region says it once.
  var reminded = "";
  function showReminder() {
    var region = document.querySelector("[data-reminder-region]");
    var bar = document.querySelector("[data-reminder-key]");
    if (!region) return;
    if (!bar) { if (document.querySelector("[data-server-now]")) { reminded = ""; region.textContent = ""; } return; }
    var key = bar.getAttribute("data-reminder-key");
    if (key === reminded) return;
    reminded = key;
    region.textContent = bar.getAttribute("data-reminder-text");
  }

  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest("[data-copy]");
    if (!btn) return;
    var text = btn.getAttribute("data-copy");
    var done = function () { btn.textContent = "Copied"; setTimeout(function () { btn.textContent = "Copy"; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done);
    } else {
      var area = document.createElement("textarea");
      area.value = text; document.body.appendChild(area); area.select();
      try { document.execCommand("copy"); done(); } finally { area.remove(); }
    }
  });

  function start() {
    readServerTime();
    tickCountdowns();
    showReminder();
    setInterval(tickCountdowns, 250);
    var root = document.getElementById("match");
    if (!root) return;
    var matchId = root.getAttribute("data-match");
    var seq = parseInt(root.getAttribute("data-seq"), 10) || 0;
    var phase = root.getAttribute("data-phase");
    var stateEl = document.querySelector("[data-live-state]");
    var retry = 500;
    var reconnecting = false;

    function setState(text) { if (stateEl) stateEl.textContent = text; }

    function csrf() {
      var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
      return m ? decodeURIComponent(m[1]) : "";
    }

    function apply(parts, full) {
      // The form is only replaced when a new phase opens, so typing is never wiped out.
      var newPhase = parts.phase !== undefined && parts.phase !== phase;
      Object.keys(parts).forEach(function (name) {
        if (name === "phase") return;
        if (name === "form" && !newPhase && !full) return;
        var el = document.querySelector('[data-part="' + name + '"]');
        if (el) el.innerHTML = parts[name];
      });
      if (parts.phase !== undefined) { phase = parts.phase; root.setAttribute("data-phase", phase); }
      document.querySelectorAll("[data-csrf-fill]").forEach(function (input) { input.value = csrf(); });
      if (parts.status !== undefined) readServerTime();
      tickCountdowns();
      showReminder();
      root.dispatchEvent(new CustomEvent("genius:updated", { bubbles: true }));
    }

    function resync() {
      fetch("/matches/" + matchId + "/live/", { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) { seq = data.seq; root.setAttribute("data-seq", seq); apply(data.parts, false); });
    }

    function connect() {
      var proto = location.protocol === "https:" ? "wss://" : "ws://";
      var ws = new WebSocket(proto + location.host + "/ws/matches/" + matchId + "/");
      ws.onopen = function () { retry = 500; setState("live"); };
      ws.onmessage = function (ev) {
        var msg;
        try { msg = JSON.parse(ev.data); } catch (e) { return; }
        if (msg.type === "hello") {
          // A saved move takes no new number: a player's or host's page fetches its view after a drop.
          if (msg.seq !== seq || (reconnecting && msg.viewer !== "spectator")) resync();
        } else if (msg.type === "update" && msg.stale) {
          if (msg.seq !== seq) resync();  // nobody was watching when it was sent: fetch the parts
        } else if (msg.type === "update") {
          if (msg.full || msg.seq === seq || msg.seq === seq + 1) {
            seq = msg.seq; root.setAttribute("data-seq", seq); apply(msg.parts, false);
          } else if (msg.seq > seq + 1) {
            resync();
          }
        }
      };
      ws.onclose = function (ev) {
        // 4401: the session ended; 4403: the seat changed hands. The page is someone else's now.
        if (ev.code === 4401 || ev.code === 4403) { setState("reloading…"); location.reload(); return; }
        reconnecting = true;
        setState("reconnecting…");
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 10000);
      };
    }
    connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
