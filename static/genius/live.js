// Genius live pages: the countdown, the websocket with resync on a sequence gap, moves answered in place (htmx), copy buttons.
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

  // Four ticks a second, but each writes only what changed: a text written again, even the same, is a style,
  // layout and paint pass over the whole page (Lighthouse's blocking time, docs/PERFORMANCE.md). data-left-ms
  // is no selector's, so writing it costs no layout.
  function tickCountdowns() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var at = new Date(el.getAttribute("data-deadline"));
      if (isNaN(at)) return;
      var left = at - serverNow();
      var text = el.hasAttribute("data-live-clock") ? liveText(left) : human(left);
      if (el.textContent !== text) el.textContent = text;
      el.setAttribute("data-left-ms", String(Math.max(0, Math.round(left))));
      // The viewer's zone (me.js); the server's title already names it when the page was written in it.
      if (window.geniusTime ? !window.geniusTime.sameZone : !el.title) {
        var title = window.geniusTime ? window.geniusTime.format(at, "full") : at.toLocaleString();
        if (el.title !== title) el.title = title;
      }
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
    var socket = null;  // the open socket (null while connecting or away)
    // Frames other scripts send over the page's socket (talk.js's posts): true when sent, false when the socket is
    // away (the caller falls back to its form's post). Their answers come back as "genius:frame" events.
    window.geniusLive = {
      send: function (frame) {
        if (!socket || socket.readyState !== 1) return false;
        try { socket.send(JSON.stringify(frame)); } catch (e) { return false; }
        return true;
      }
    };

    function setState(text) { if (stateEl) stateEl.textContent = text; }

    function csrf() {
      var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
      return m ? decodeURIComponent(m[1]) : "";
    }

    // Folds (<details>, such as "Show all" of the announcements) the person opened or closed stay so across
    // live redraws: each is known by its part and its class (else its place in the part).
    var folds = {};
    function foldKey(part, el, i) { return part + ":" + (el.getAttribute("data-fold") || el.className || i); }
    function eachFold(part, el, fn) {
      el.querySelectorAll("details").forEach(function (d, i) { fn(d, foldKey(part, d, i)); });
    }
    document.addEventListener("toggle", function (ev) {
      var d = ev.target, el = d && d.closest ? d.closest("[data-part]") : null;
      if (!el || d.tagName !== "DETAILS") return;
      var part = el.getAttribute("data-part");
      eachFold(part, el, function (f, key) { if (f === d) folds[key] = d.open; });
    }, true);

    // A part redrawn under the focus (a one-click tile that is gone once played) would drop it to the page's
    // start: it goes to the same control if it is still there, else a control of the same field, else the board.
    function refocus(key, name) {
      if (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement)) return;
      var part = document.querySelector('[data-part="form"]');
      var again = (key && part && part.querySelector(key)) ||
        (name && part && part.querySelector('button[name="' + CSS.escape(name) + '"]:not([disabled])'));
      if (again) { again.focus(); return; }
      var board = document.querySelector('[data-part="board"]');
      if (!board) return;
      if (!board.hasAttribute("tabindex")) board.setAttribute("tabindex", "-1");
      board.focus({ preventScroll: true });
    }

    var seatSeq = -1;  // the number of the last frame that drew this seat's board and private parts
    var formSeq = -1;  // the number of the last frame that drew the form part (a new phase's form)
    // What htmx acts on: a part holding none of these is not handed to it (see apply).
    var HTMX_ATTRIBUTES = "[hx-get], [hx-post], [hx-put], [hx-patch], [hx-delete], [hx-trigger], [hx-boost], [hx-ext], " +
      "[data-hx-get], [data-hx-post], [data-hx-put], [data-hx-patch], [data-hx-delete], [data-hx-trigger]";

    // The focus across a redraw, without the browser laying the page out in the middle of it. A focused control
    // removed by a redraw makes the browser work out the style and layout of everything written before it at once
    // (5-20 ms for a board of hundreds of elements, before the frame's own layout does it again); so the focus
    // leaves the parts to be replaced first, while the page is still laid out (no cost), and comes back (refocus)
    // in the next animation frame, where the browser lays the new parts out once for the paint anyway
    // (docs/PERFORMANCE.md, "Decisions that stand").
    var refocusing = null;
    function releaseFocus(targets) {
      var focused = document.activeElement;
      if (!focused || focused === document.body || !targets.some(function (el) { return el.contains(focused); })) return;
      var key = focusKey(focused), name = focused.name;
      focused.blur();
      if (refocusing === null) {
        requestAnimationFrame(function () { var again = refocusing; refocusing = null; refocus(again.key, again.name); });
      }
      refocusing = { key: key, name: name };
    }

    // What a player is typing in an action form (data-keep: games/parts/actions.html) stays across a redraw of its
    // part (an offer arriving redraws the part): each box and tick the player changed is put back by its form and name.
    function keepTyped(el) {
      var kept = [];
      el.querySelectorAll("form[data-keep]").forEach(function (form) {
        var key = form.getAttribute("data-keep");
        form.querySelectorAll("input, select").forEach(function (input) {
          if (input.type === "hidden") return;
          var changed = input.type === "checkbox" ? input.checked !== input.defaultChecked
            : input.tagName === "SELECT" ? Array.prototype.some.call(input.options, function (o) { return o.selected !== o.defaultSelected; })
            : input.value !== input.defaultValue;
          if (changed) kept.push({ key: key, name: input.name, value: input.value, checked: input.checked, box: input.type === "checkbox" });
        });
      });
      return function () {
        kept.forEach(function (k) {
          var form = el.querySelector('form[data-keep="' + CSS.escape(k.key) + '"]');
          if (!form) return;
          var sel = '[name="' + CSS.escape(k.name) + '"]' + (k.box ? '[value="' + CSS.escape(k.value) + '"]' : "");
          var input = form.querySelector(sel);
          if (!input) return;
          if (k.box) input.checked = k.checked; else input.value = k.value;
        });
      };
    }

    function apply(parts, full) {
      // The form is only replaced when a new phase opens, so typing is never wiped out.
      var newPhase = parts.phase !== undefined && parts.phase !== phase;
      if (newPhase) {
        clearAnswer();  // "Saved at …" belongs to the phase that is over
        var acted = document.querySelector("[data-action-answer]");
        if (acted) { acted.textContent = ""; acted.hidden = true; }
      }
      var targets = [];
      Object.keys(parts).forEach(function (name) {
        if (name === "phase" || (name === "form" && !newPhase && !full)) return;
        var el = document.querySelector('[data-part="' + name + '"]');
        if (el) targets.push({ name: name, el: el });
      });
      var active = document.activeElement;  // a box of an action form being typed in keeps the focus (keepTyped)
      var actFocus = active && active.id && active.closest && active.closest('[data-part="actions"]') ? active.id : null;
      releaseFocus(targets.map(function (t) { return t.el; }));
      targets.forEach(function (t) {
        var typed = keepTyped(t.el);
        t.el.innerHTML = parts[t.name];
        typed();
        // The redrawn move form is answered in place too. htmx goes over every element of what it processes (a
        // board is hundreds), so a part without htmx's attributes (the parts' only ones: in_place.html) is left.
        if (window.htmx && t.el.querySelector(HTMX_ATTRIBUTES)) window.htmx.process(t.el);
        t.el.querySelectorAll("[data-csrf-fill]").forEach(function (input) { input.value = csrf(); });
        eachFold(t.name, t.el, function (d, key) { if (key in folds && d.open !== folds[key]) d.open = folds[key]; });
      });
      if (actFocus && document.getElementById(actFocus)) document.getElementById(actFocus).focus();
      if (parts.phase !== undefined) { phase = parts.phase; root.setAttribute("data-phase", phase); }
      if (parts.board !== undefined && parts.private !== undefined) seatSeq = seq;
      if (targets.some(function (t) { return t.name === "form"; })) formSeq = seq;
      if (parts.status !== undefined) readServerTime();
      tickCountdowns();
      showReminder();
      root.dispatchEvent(new CustomEvent("genius:updated", { bubbles: true }));
    }

    // Moves in place: a move form (its one-click buttons and the lock button included: htmx sends the clicked
    // button's name and value) is posted by htmx (hx-post, games/parts/in_place.html) and answered with the form
    // part, the answer line and, once saved, the seat's board and private parts (games/parts/move_answer.html):
    // errors beside their fields, no page load, the address bar stays on the match page. Without this script
    // the form posts to the match page itself. Here: one move at a time is marked (data-sending), an answer older
    // than what the socket brought draws only its answer line, and the focus stays where the player was.
    var swapping = false, sentKey = null, sentName = null, sentSeq = 0;

    function answerEl() { return document.querySelector("[data-move-answer]"); }

    function say(text, bad) {
      var el = answerEl();
      if (!el) return;
      el.textContent = text || "";
      el.hidden = !text;
      el.className = "msg" + (text ? (bad ? " msg-error" : " msg-success") : "");
    }

    function clearAnswer() { say(""); }

    function focusKey(el) {
      if (!el || !el.closest || !el.closest('[data-part="form"]')) return null;
      if (el.id) return "#" + CSS.escape(el.id);
      if (!el.name) return null;
      return '[name="' + CSS.escape(el.name) + '"]' + (el.value ? '[value="' + CSS.escape(el.value) + '"]' : "");
    }

    function isMove(ev) {
      var elt = ev.detail && ev.detail.elt;
      return !!(elt && elt.matches && elt.matches("form[data-in-place]") && root.contains(elt));
    }

    // htmx tells the swap on its target (#part-form), and the form that sent the move may be gone by then (the
    // socket drew the next phase's form): the answer is known by the element that sent it.
    function isMoveAnswer(ev) {
      if (isMove(ev)) return true;
      var from = ev.detail && ev.detail.requestConfig && ev.detail.requestConfig.elt;
      var target = ev.detail && ev.detail.target;
      return !!(from && from.matches && from.matches("form[data-in-place]") && target && target.id === "part-form" &&
                root.contains(target));
    }

    function sent() {
      swapping = false;
      root.removeAttribute("data-sending");
      root.querySelectorAll('[data-part="form"] [aria-busy]').forEach(function (b) { b.removeAttribute("aria-busy"); });
    }

    document.addEventListener("htmx:beforeRequest", function (ev) {
      if (!isMove(ev)) return;
      var button = ev.detail.requestConfig && ev.detail.requestConfig.triggeringEvent && ev.detail.requestConfig.triggeringEvent.submitter;
      sentKey = focusKey(document.activeElement) || focusKey(button);
      sentName = button ? button.name : null;
      sentSeq = seq;
      root.setAttribute("data-sending", "");  // a move is on its way (tests and styles can tell)
      if (button) button.setAttribute("aria-busy", "true");
    });
    // The answer's own board and private parts, last in it (games/parts/move_answer.html), and its number.
    var ANSWER_PARTS = /<section id="part-(?:board|private)" hx-swap-oob=[\s\S]*$/;
    var ANSWER_SEQ = /data-answer-seq="(\d+)"/;
    document.addEventListener("htmx:beforeSwap", function (ev) {
      if (!isMoveAnswer(ev) || !ev.detail.shouldSwap) return;
      var text = ev.detail.serverResponse, found = ANSWER_SEQ.exec(text);
      var answerSeq = found ? parseInt(found[1], 10) : NaN;
      var said = new DOMParser().parseFromString(text, "text/html");
      var answer = said.querySelector("[data-move-answer]");
      // The move ended the turn, and the socket already drew the next form of that very state (the seat's frame
      // for the same number came first): the player may be typing in it, so a saved move's answer only says its
      // line. A refused one (errors beside fields or above them) is drawn as ever.
      var refused = (ev.detail.xhr ? ev.detail.xhr.status >= 400 : false) ||
        !!said.querySelector('.msg-error, [aria-invalid="true"], .field-error');
      var formDrawn = answerSeq > sentSeq && answerSeq === formSeq;
      // The move gave the match a new number, and the socket already drew the board and private parts of that very
      // state (the seat's frame, rendered after the move's commit for the same number): the answer's copies are the
      // same, so they are dropped from it.
      if (answerSeq > sentSeq && answerSeq <= seatSeq) ev.detail.serverResponse = text.replace(ANSWER_PARTS, "");
      if (!refused && (answerSeq < seq || formDrawn)) {
        // The page already shows a later state or this state's form (the socket brought it first): only the
        // answer line is said. (A refused answer is drawn whatever came first: its errors are beside its fields.)
        ev.detail.shouldSwap = false;
        if (answer) say(answer.textContent, answer.classList.contains("msg-error"));
        sent();  // a form gone from the page tells no "afterRequest" here
        return;
      }
      swapping = true;
    });
    document.querySelectorAll("[data-csrf-fill]").forEach(function (input) { input.value = csrf(); });
    document.addEventListener("htmx:afterSwap", function (ev) {
      if (ev.target && ev.target.id === "part-actions") {  // an action answered in place (games/parts/action_answer.html)
        ev.target.querySelectorAll("[data-csrf-fill]").forEach(function (input) { input.value = csrf(); });
        var refused = ev.target.querySelector("[data-action-refused]");
        var bad = refused && refused.closest("form").querySelector('[aria-invalid="true"]');
        if (bad) bad.focus();  // a refused field takes the focus; a refusal beside the button is said (role=alert)
        root.dispatchEvent(new CustomEvent("genius:updated", { bubbles: true }));
        return;
      }
      if (!ev.target || ev.target.id !== "part-form") return;  // once for the part (htmx also tells each new child)
      var answer = answerEl();
      var now = answer ? answer.getAttribute("data-answer-phase") : null;
      if (now !== null && now !== phase) { phase = now; root.setAttribute("data-phase", phase); }
      document.querySelectorAll("[data-csrf-fill]").forEach(function (input) { input.value = csrf(); });
      var part = document.querySelector('[data-part="form"]');
      var invalid = part && part.querySelector('[aria-invalid="true"]');
      if (invalid) invalid.focus();
      else {
        var again = sentKey && part && part.querySelector(sentKey);
        if (again) again.focus(); else refocus(null, sentName);
      }
      tickCountdowns();
      root.dispatchEvent(new CustomEvent("genius:updated", { bubbles: true }));
      sent();
    });
    document.addEventListener("htmx:afterRequest", function (ev) {
      if (isMove(ev) && !swapping) sent();
    });
    document.addEventListener("htmx:sendError", function (ev) {
      if (isMove(ev)) say("Your move could not be sent (is the connection down?). Nothing was saved: try again.", true);
    });
    document.addEventListener("htmx:responseError", function (ev) {
      if (isMove(ev)) say("Your move could not be sent (the server answered " + ev.detail.xhr.status + "). Reload the page to see what is saved.", true);
    });

    function resync() {
      fetch("/matches/" + matchId + "/live/", { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (data.seq < seq) return;  // a frame brought something newer meanwhile
          seq = data.seq; root.setAttribute("data-seq", seq); apply(data.parts, false);
        });
    }

    function connect() {
      var proto = location.protocol === "https:" ? "wss://" : "ws://";
      var ws = new WebSocket(proto + location.host + "/ws/matches/" + matchId + "/");
      ws.onopen = function () { retry = 500; socket = ws; setState("live"); };
      ws.onmessage = function (ev) {
        var msg;
        try { msg = JSON.parse(ev.data); } catch (e) { return; }
        if (msg.type === "hello") {
          // A saved move takes no new number: a player's or host's page fetches its view after a drop.
          if (msg.seq !== seq || (reconnecting && msg.viewer !== "spectator")) resync();
        } else if (msg.type === "update" && msg.stale) {
          if (msg.seq !== seq) resync();  // nobody was watching when it was sent: fetch the parts
        } else if (msg.type === "update") {
          // Every part a frame carries is whole and newest: draw it at once, even after a gap (one transaction may
          // take several numbers: a lock-in that ends a turn); the parts it does not carry are fetched then.
          if (msg.full || msg.seq >= seq) {
            var gap = !msg.full && msg.seq > seq + 1;
            seq = msg.seq; root.setAttribute("data-seq", seq); apply(msg.parts, false);
            if (gap) resync();
          }
        } else if (msg.type) {
          root.dispatchEvent(new CustomEvent("genius:frame", { detail: msg }));  // e.g. talk.js's frames
        }
      };
      ws.onclose = function (ev) {
        if (socket === ws) socket = null;
        root.dispatchEvent(new CustomEvent("genius:socket-closed"));  // frames sent and not answered may be lost
        // 4401: the session ended; 4403: the seat changed hands. The page is someone else's now.
        if (ev.code === 4401 || ev.code === 4403) { setState("reloading…"); location.reload(); return; }
        // 4429: too many live pages from this address or browser; 4408: too many messages. Wait before trying again.
        var busy = ev.code === 4429 || ev.code === 4408;
        if (busy) retry = Math.max(retry, 30000);
        reconnecting = true;
        setState(busy ? "too many live pages open: trying again in 30 s" : "reconnecting…");
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 10000);
      };
    }
    connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
