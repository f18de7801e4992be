// Genius on every page: times in the viewer's zone, and the alerts that say a move is due.
//
// Times: the zone is the profile's (the page's data-tz when data-tz-from is "profile"), else the
// browser's, which this script also keeps in the genius_tz cookie so the server renders in it next
// time. Every <time data-local="time|datetime|date"> is written in that zone with its abbreviation,
// also in fragments pushed later (a MutationObserver), since those are rendered once for everyone.
//
// Alerts: while a page is open, it asks /me/due/ what the signed-in person owes (every 30 s, 5 s while
// a live turn is owed, and at once when the tab comes back; the page's first state is the server's, so the
// first look waits one interval); open tabs share one answer through
// localStorage, so several tabs cost one request. A newly owed move shows in the page's alert region
// and, if the person turned them on with the "Turn on notifications" button (never asked for
// otherwise), as a browser notification, once per move across tabs.
(function () {
  "use strict";
  var html = document.documentElement;
  var pageZone = html.getAttribute("data-tz");
  // The browser's zone is asked in a task of its own (learnZone, below): Intl's first answer costs about 30 ms of
  // a core, 120 ms on a phone's slower one, a long task on every page load (Lighthouse's blocking time,
  // docs/PERFORMANCE.md). Until then the page's own zone is used: the server wrote every time in it.
  var browserZone = "";
  var zone = pageZone || "UTC";
  // The server wrote every time in the page's zone (data-tz) with its own name for it ("CET"); where that is
  // the zone used here, its text stays, so a page names its zone one way (the browser would say "GMT+1").
  var sameZone = true;

  function cookie(name) {
    var m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null;
  }

  // --- times --------------------------------------------------------------------------------------
  var OPTIONS = {
    time: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short" },
    datetime: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
                hourCycle: "h23", timeZoneName: "short" },
    date: { year: "numeric", month: "2-digit", day: "2-digit" },
    full: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
            hourCycle: "h23", timeZoneName: "short" }
  };
  var formatters = {};
  function format(date, kind) {
    kind = OPTIONS[kind] ? kind : "datetime";
    var f = formatters[kind];
    if (!f) {
      try { f = new Intl.DateTimeFormat("en-CA", Object.assign({ timeZone: zone }, OPTIONS[kind])); }
      catch (e) { f = new Intl.DateTimeFormat("en-CA", OPTIONS[kind]); }
      formatters[kind] = f;
    }
    var p = {};
    f.formatToParts(date).forEach(function (part) { p[part.type] = part.value; });
    var day = p.year + "-" + p.month + "-" + p.day, clock = p.hour + ":" + p.minute;
    if (kind === "date") return day;
    if (kind === "time") return clock + ":" + p.second + " " + p.timeZoneName;
    if (kind === "full") return day + " " + clock + ":" + p.second + " " + p.timeZoneName;
    return day + " " + clock + " " + p.timeZoneName;
  }
  window.geniusTime = { zone: zone, format: format, sameZone: sameZone };

  // The zone is the profile's, else the browser's (kept in the genius_tz cookie for the server's next page);
  // every <time data-local> is written again in it where it is not the page's.
  function learnZone() {
    try { browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { browserZone = ""; }
    if (browserZone && cookie("genius_tz") !== browserZone) {
      document.cookie = "genius_tz=" + encodeURIComponent(browserZone) + "; path=/; max-age=31536000; SameSite=Lax";
    }
    var want = (html.getAttribute("data-tz-from") === "profile" && pageZone) || browserZone || pageZone || "UTC";
    if (want !== zone) { zone = want; formatters = {}; }
    sameZone = zone === pageZone;
    window.geniusTime.zone = zone;
    window.geniusTime.sameZone = sameZone;
    localize(document);
    zoneBoxes();
  }

  function localize(root) {
    if (!root || !root.querySelectorAll || sameZone) return;
    var list = [].slice.call(root.querySelectorAll("time[data-local]"));
    if (root.matches && root.matches("time[data-local]")) list.push(root);
    list.forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at)) return;
      var text = format(at, el.getAttribute("data-local"));
      if (el.textContent !== text) el.textContent = text;
      if (!el.title) el.title = format(at, "full");
    });
  }

  // --- the time-zone boxes (sign-up, profile) -----------------------------------------------------------
  function zoneBoxes() {
    document.querySelectorAll("input[data-prefill-zone]").forEach(function (input) {
      if (!input.value && browserZone) input.value = browserZone;
    });
    document.querySelectorAll("[data-browser-zone]").forEach(function (el) { el.textContent = browserZone || "unknown"; });
    document.querySelectorAll("[data-use-browser-zone]").forEach(function (btn) {
      if (!browserZone) { btn.hidden = true; return; }
      btn.addEventListener("click", function () {
        var input = btn.closest("form").querySelector("input[data-time-zone]");
        if (input) { input.value = browserZone; input.focus(); }
      });
    });
  }

  // --- browser notifications: asked for only by the button ------------------------------------------------
  var canNotify = "Notification" in window;
  function permissionUi() {
    var state = !canNotify ? "unsupported" : Notification.permission;
    var words = {
      granted: "Browser notifications are on in this browser.",
      denied: "Browser notifications are blocked for this site: allow them in this browser's site settings.",
      "default": "Browser notifications are off in this browser.",
      unsupported: "This browser cannot show notifications: the alerts stay on the page."
    };
    document.querySelectorAll("[data-notify-state]").forEach(function (el) { el.textContent = words[state] || ""; });
    var own = document.querySelector(".notify-permission [data-notify-enable]");  // the profile page has its own
    document.querySelectorAll("[data-notify-enable]").forEach(function (btn) {
      // The alerts' button keeps its space (shown or not, nothing moves); any other is there or not.
      if (btn.hasAttribute("data-due-ask")) btn.classList.toggle("due-ask-on", state === "default" && !own);
      else btn.hidden = state !== "default";
    });
  }
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest("[data-notify-enable]");
    if (!btn || !canNotify) return;
    var asked = Notification.requestPermission(permissionUi);
    if (asked && asked.then) asked.then(permissionUi);
  });

  // --- what I owe: polled, shared between tabs, shown once -----------------------------------------------
  var region = document.querySelector("[data-due-alerts]");
  var store = {
    get: function (k, d) { try { var v = localStorage.getItem(k); return v ? JSON.parse(v) : d; } catch (e) { return d; } },
    set: function (k, v) { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } }
  };

  function startAlerts() {
    var url = region.getAttribute("data-due-url");
    var who = region.getAttribute("data-user") || "me";
    var SHARED = "genius:due:" + who, TOLD = "genius:told:" + who, HIDDEN = "genius:dismissed:" + who;
    var timer = null, wait = 30, offset = 0;  // offset: the server's clock less this page's (ms)
    // The server drew what is owed with the page (data-due-poll, -now, -keys): the first look waits one interval.
    var drawnWait = parseInt(region.getAttribute("data-due-poll") || "", 10);
    var drawn = drawnWait > 0;
    if (drawn) {
      wait = drawnWait;
      var serverNow = Date.parse(region.getAttribute("data-due-now") || "");
      if (!isNaN(serverNow)) offset = serverNow - Date.now();
    }
    // The server drew the banner's first state (templates/notify/due_banner.html): kept while the same alerts show.
    var shown = [].map.call(region.querySelectorAll(".due-alert[data-due-key]"), function (p) {
      return p.getAttribute("data-due-key");
    }).join(",");
    var counted = null;  // the count beside "My matches" as last written

    function leftText(deadline) {  // the time really left, by the server's clock: "1 min 40 s", "2 h 5 min"
      var s = Math.max(0, Math.round((Date.parse(deadline) - (Date.now() + offset)) / 1000));
      if (s >= 3600) return Math.floor(s / 3600) + " h " + Math.floor((s % 3600) / 60) + " min";
      if (s >= 60) return Math.floor(s / 60) + " min " + (s % 60) + " s";
      return s + " s";
    }

    function soonTitle(item) {
      return Date.parse(item.deadline) <= Date.now() + offset ? "Deadline passed" : "Deadline in " + leftText(item.deadline);
    }

    function alertsOf(items) {  // one alert per owed move, one more when its deadline is an hour away or less
      var out = [];
      items.forEach(function (item) {
        out.push({ key: item.key, item: item, title: item.title });
        if (item.soon && item.deadline) out.push({ key: item.key + "-soon", item: item, title: soonTitle(item), soon: true });
      });
      return out;
    }

    setInterval(function () {  // the "Deadline in …" lines count down with the server's clock
      region.querySelectorAll("[data-due-left]").forEach(function (el) {
        var text = soonTitle({ deadline: el.getAttribute("data-due-deadline") });
        if (el.textContent !== text) el.textContent = text;  // a text written again is a layout pass
      });
    }, 1000);

    function notify(alert) {
      if (!canNotify || Notification.permission !== "granted") return;
      try {
        var n = new Notification(alert.title, { body: alert.item.what, tag: "genius-" + alert.key });
        n.onclick = function () { window.focus(); location.href = alert.item.url; n.close(); };
      } catch (e) { /* some browsers only notify from a service worker: the page's alert stays */ }
    }

    function render(items) {
      myMatches(items);
      var badge = document.querySelector("[data-due-count]");
      var moves = items.filter(function (i) { return i.kind !== "challenge" && i.kind !== "lobby" && i.kind !== "invitation"; });  // challenges: their own link; a full lobby is the host's, a season invitation the season page's: not in My matches
      if (badge && counted !== moves.length) {  // written only when it changed: a text written again is a layout pass
        counted = moves.length;
        if (badge.textContent !== String(moves.length)) badge.textContent = String(moves.length);
        badge.hidden = !moves.length;
        badge.title = moves.length + " owed";
      }
      var challenges = document.querySelector("[data-challenges-link]");
      if (challenges) {
        var asked = items.filter(function (i) { return i.kind === "challenge"; }).length;
        var words = "Challenges" + (asked ? " (" + asked + ")" : "");
        if (challenges.textContent !== words) challenges.textContent = words;
      }
      var alerts = alertsOf(items), keys = {};
      alerts.forEach(function (a) { keys[a.key] = true; });
      // Tell once (a browser notification), across tabs and page loads; forget what is no longer owed.
      var told = store.get(TOLD, {}), changed = false;
      alerts.forEach(function (a) {
        if (told[a.key]) return;
        told[a.key] = Date.now(); changed = true;
        var here = location.pathname === a.item.url && document.visibilityState === "visible";
        if (!here) notify(a);
      });
      Object.keys(told).forEach(function (k) { if (!keys[k]) { delete told[k]; changed = true; } });
      if (changed) store.set(TOLD, told);
      // The page's alert region: what is owed and not dismissed, except the move this very page is for.
      var dismissed = store.get(HIDDEN, {});
      Object.keys(dismissed).forEach(function (k) { if (!keys[k]) delete dismissed[k]; });
      keepDismissed(dismissed);
      var visible = alerts.filter(function (a) {
        if (dismissed[a.key] || location.pathname === a.item.url) return false;
        return !(a.key.slice(-5) !== "-soon" && keys[a.key + "-soon"]);  // an hour away: one line, not two
      });
      var sig = visible.map(function (a) { return a.key; }).join(",");
      if (sig === shown) return;
      shown = sig;
      region.textContent = "";
      visible.forEach(function (a) {
        var p = document.createElement("div");  // as the server draws it (a div: its Dismiss form may not stand in a p)
        p.className = "due-alert" + (a.key.slice(-5) === "-soon" || a.item.kind === "turn" ? " due-urgent" : "");
        p.setAttribute("data-due-key", a.key);
        var strong = document.createElement("strong");
        if (a.soon) {
          var left = document.createElement("span");
          left.setAttribute("data-due-left", "");
          left.setAttribute("data-due-deadline", a.item.deadline);  // not data-deadline: live.js counts those down in its own words
          left.textContent = a.title;
          strong.appendChild(left);
          strong.appendChild(document.createTextNode(": "));
        } else {
          strong.textContent = a.title + ": ";
        }
        var link = document.createElement("a");
        link.href = a.item.url;
        link.textContent = a.item.what;
        p.appendChild(strong);
        p.appendChild(link);
        if (a.item.deadline) {
          p.appendChild(document.createTextNode(" · closes "));
          var t = document.createElement("time");
          t.setAttribute("datetime", a.item.deadline);
          t.setAttribute("data-local", "datetime");
          t.textContent = format(new Date(a.item.deadline), "datetime");
          p.appendChild(t);
        }
        var close = document.createElement("button");
        close.type = "button";
        close.className = "secondary outline small";
        close.setAttribute("aria-label", "Dismiss: " + a.title + ", " + a.item.what);
        close.setAttribute("data-due-dismiss", "");
        close.textContent = "Dismiss";
        p.appendChild(close);
        region.appendChild(p);
      });
      if (visible.length) {  // as the server draws it: shown by permissionUi where the browser may still ask
        var ask = document.createElement("button");
        ask.type = "button";
        ask.className = "small due-ask";
        ask.setAttribute("data-notify-enable", "");
        ask.setAttribute("data-due-ask", "");
        ask.textContent = "Turn on notifications";
        region.appendChild(ask);
        permissionUi();
      }
      region.hidden = !visible.length;
    }

    // Dismissed alerts, kept in this browser: in localStorage, and in a cookie for the server's next page
    // (genius.notify.banner), so it does not draw what the script would take away.
    function keepDismissed(dismissed) {
      store.set(HIDDEN, dismissed);
      var value = who + ":" + Object.keys(dismissed).join(",");
      if (cookie("genius_dismissed") === value) return;
      document.cookie = "genius_dismissed=" + encodeURIComponent(value) + "; path=/; max-age=31536000; SameSite=Lax";
    }
    region.addEventListener("click", function (ev) {
      var close = ev.target.closest("[data-due-dismiss]");
      var p = close && close.closest(".due-alert");
      if (!p) return;
      ev.preventDefault();  // the server's banner sends a form (for a page without script): kept here instead
      var key = p.getAttribute("data-due-key");
      var d = store.get(HIDDEN, {}); d[key] = Date.now(); keepDismissed(d); p.remove();
      shown = shown.split(",").filter(function (k) { return k !== key; }).join(",");
      if (!region.querySelector(".due-alert")) region.hidden = true;
    });

    // "My matches" open in a tab: when what is owed changes, its list is fetched again (no page load).
    var listed = drawn ? (region.getAttribute("data-due-keys") || "") : null;
    function myMatches(items) {
      var list = document.querySelector("[data-my-matches]");
      if (!list) return;
      var sig = items.map(function (i) { return i.key; }).sort().join(",");
      if (listed === null) { listed = sig; return; }
      if (sig === listed) return;
      listed = sig;
      fetch(location.pathname, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (!html) return;
          var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-my-matches]");
          if (fresh) list.innerHTML = fresh.innerHTML;
        })
        .catch(function () { /* offline for a moment: the next change brings it */ });
    }

    function schedule(seconds) {
      clearTimeout(timer);
      timer = setTimeout(poll, Math.max(1, seconds) * 1000);
    }

    var fresh = true;  // a page's first look is its own: what was dealt with on the last page is gone at once

    function poll() {
      var shared = fresh ? null : store.get(SHARED, null);
      fresh = false;
      if (shared && Date.now() - shared.at < (shared.wait - 1) * 1000) {  // another tab asked just now
        wait = shared.wait;
        offset = shared.offset || 0;
        render(shared.due);
        schedule(wait - (Date.now() - shared.at) / 1000 + 0.5);
        return;
      }
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) {
          if (r.status === 403) throw new Error("signed out");
          return r.json();
        })
        .then(function (data) {
          wait = data.poll_s || 30;
          if (data.now) offset = Date.parse(data.now) - Date.now();
          store.set(SHARED, { at: Date.now(), wait: wait, offset: offset, due: data.due || [] });
          render(data.due || []);
          schedule(wait);
        })
        .catch(function (err) { if (String(err.message) !== "signed out") schedule(60); });
    }

    window.addEventListener("storage", function (ev) {
      if (ev.key !== SHARED || !ev.newValue) return;
      try { var shared = JSON.parse(ev.newValue); render(shared.due); } catch (e) { /* ignore */ }
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible") return;
      var shared = store.get(SHARED, null);
      if (!shared || Date.now() - shared.at > 5000) poll();
    });
    window.addEventListener("pageshow", function (ev) { if (ev.persisted) poll(); });  // back to a kept page: look again
    window.geniusDue = { poll: function () { store.set(SHARED, null); poll(); } };
    // A move sent, a turn resolved, a lobby filled: the match page redraws its parts ("genius:updated"); what is
    // owed is asked again a moment later (once for a burst), so its alert and the count beside "My matches" clear.
    var soon = null, asked = 0;
    document.addEventListener("genius:updated", function () {
      clearTimeout(soon);
      soon = setTimeout(function () { asked = Date.now(); window.geniusDue.poll(); },
                        Math.max(800, 3000 - (Date.now() - asked)));  // at most one look every 3 s
    });
    if (drawn) schedule(wait); else poll();
  }

  function start() {
    // The sign-up and profile pages fill in the browser's zone at once; any other page learns it a moment later.
    if (document.querySelector("input[data-prefill-zone], [data-browser-zone]")) learnZone(); else setTimeout(learnZone, 0);
    permissionUi();
    if (window.MutationObserver) {
      new MutationObserver(function (records) {
        records.forEach(function (r) { r.addedNodes.forEach(function (n) { if (n.nodeType === 1) localize(n); }); });
      }).observe(document.body, { childList: true, subtree: true });
    }
    if (region) startAlerts();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
