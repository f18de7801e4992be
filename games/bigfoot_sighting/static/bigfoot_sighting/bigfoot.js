// Bigfoot Sighting on the match page (loaded only for this game, after live.js).
//
// For the seated player whose move is asked: click a lumberjack and a cell next to it (or Bigfoot's two
// steps, or a lumberjack to pounce on) on the SVG board, or use the buttons under the move field, and the
// move is written into the field in the seed's notation ("E DR, A L", "R UR", "pounce on E, R"). The
// legal moves come from the server (/matches/<id>/hints/, the engine's legal_moves); every click
// and every typed move is checked there at once and the reason of a refusal is shown beside the field.
// The server checks the move again when it is saved. Set-up steps: click a candidate board, or a cell for
// the extra tree. For everyone: each player's reserve clock, ticking while a player is on reserve time.
(function () {
  "use strict";

  var DIRS = { R: [1, 0], UR: [1, -1], UL: [0, -1], L: [-1, 0], DL: [-1, 1], DR: [0, 1] };
  var COMPASS = [["UL", "↖"], ["UR", "↗"], ["L", "←"], ["R", "→"], ["DL", "↙"], ["DR", "↘"]];
  var ROWS = "abcdefghi";
  var LETTERS = ["A", "B", "C", "D", "E"];

  // --- the hex geometry (RULINGS: axial q, r; r grows downwards) --------------------------------------
  function cellOf(name) {
    var r = ROWS.indexOf(name.charAt(0)) - 4;
    return [Math.max(-4, -4 - r) + parseInt(name.slice(1), 10) - 1, r];
  }
  function dirBetween(from, to) {
    var a = cellOf(from), b = cellOf(to);
    for (var d in DIRS) if (DIRS[d][0] === b[0] - a[0] && DIRS[d][1] === b[1] - a[1]) return d;
    return null;
  }

  var root, matchId, me = null;
  var st = { phase: null, legal: null, actions: [], selected: null, pos: {}, checkNo: 0, checkTimer: null };
  var clock = { data: null, fetching: false, timer: null };

  function $(sel, from) { return (from || document).querySelector(sel); }
  function $$(sel, from) { return Array.prototype.slice.call((from || document).querySelectorAll(sel)); }
  function esc(text) { var d = document.createElement("div"); d.textContent = text; return d.innerHTML; }

  // --- what the player may do now ------------------------------------------------------------------
  function role() { return st.legal && st.legal.role; }
  function options(index) {
    // The legal actions after the first ``index`` actions of the move being built.
    if (!st.legal || st.legal.stage !== "turns") return null;
    if (index === 0) return st.legal;
    if (index === 1) return (st.legal.then || {})[st.actions[0]] || null;
    return null;
  }
  function nextOptions() { return st.actions.length < 2 ? options(st.actions.length) : null; }
  function hasAny(opts) {
    if (!opts) return false;
    return Object.keys(opts.steps || {}).length > 0 || Object.keys(opts.pounces || {}).length > 0;
  }
  function moveText(actions) {
    if (!actions.length) return "";
    var steps = actions.every(function (a) { return DIRS[a] !== undefined; });
    return actions.join(steps ? " " : ", ");
  }
  function boardEl() {
    if (!st.legal || !st.legal.board) return null;
    return $('svg.bigfoot-board g[data-board="' + st.legal.board + '"]:not([data-candidate])');
  }

  // Where the pieces of the acting board stand once the actions built so far are played.
  function positions() {
    var pos = {}, board = boardEl();
    if (!board) return pos;
    $$("[data-piece]", board).forEach(function (p) { pos[p.getAttribute("data-piece")] = p.getAttribute("data-cell"); });
    st.actions.forEach(function (action, i) {
      var opts = options(i) || {};
      if (role() === "lumberjacks") {
        var parts = action.split(" ");
        pos[parts[0]] = ((opts.steps || {})[parts[0]] || {})[parts[1]];
      } else if (action.indexOf("pounce on ") === 0) {
        var letter = action.slice(10);
        pos.F = pos[letter]; delete pos[letter];
      } else {
        var to = (opts.steps || {})[action];
        LETTERS.forEach(function (l) { if (pos[l] === to) delete pos[l]; });
        pos.F = to;
      }
    });
    return pos;
  }
  function letterAt(pos, cell) {
    for (var i = 0; i < LETTERS.length; i++) if (pos[LETTERS[i]] === cell) return LETTERS[i];
    return null;
  }

  // --- the move field and the instant check ----------------------------------------------------------
  function field(name) { return $("#move-form [name=" + name + "]"); }
  function say(text, good) {
    var el = $("#bf-check");
    if (!el) return;
    el.textContent = text || "";
    el.className = "bf-check" + (text ? (good ? " bf-ok" : " bf-bad") : "");
  }
  function ask(params) {
    var query = Object.keys(params).map(function (k) { return k + "=" + encodeURIComponent(params[k]); }).join("&");
    return fetch("/matches/" + matchId + "/hints/" + (query ? "?" + query : ""), { credentials: "same-origin" })
      .then(function (r) { return r.json(); });
  }
  function checkNow(params) {
    var no = ++st.checkNo;
    return ask(params).then(function (data) {
      if (no !== st.checkNo || !data.check) return;
      if (data.check.ok) {
        var p = data.check.payload || {};
        var shown = p.move !== undefined ? p.move : p.tree !== undefined ? (p.tree || "no extra tree") : p.board !== undefined ? "board " + p.board : "";
        say("Legal: " + shown + ". Save it, or lock it in.", true);
      } else {
        say(data.check.error, false);
      }
    }).catch(function () { say("Could not check the move now; it is checked when you save it.", false); });
  }
  function writeMove() {
    var input = field("move");
    if (!input) return;
    input.value = moveText(st.actions);
    clearTimeout(st.checkTimer);
    ++st.checkNo;
    if (role() === "bigfoot" && st.actions.length === 1 && hasAny(nextOptions())) {
      say("Bigfoot's first action: " + st.actions[0] + ". Now the second one.", true);
    } else if (st.actions.length) checkNow({ move: input.value });
    else say("", true);
  }
  // A refused click: the engine's reason for the move with that action added.
  function refuse(action) {
    var text = moveText(st.actions.concat([action]));
    ++st.checkNo;
    ask({ move: text }).then(function (data) {
      var check = data.check || {};
      say(check.ok ? "That is legal but not offered here; type it in the field." : check.error, false);
    }).catch(function () { say("That is not one of the moves offered.", false); });
  }

  // Typed text → actions, when it is a legal start of a move (so the board shows it).
  function parseTyped(text) {
    var words = text.toUpperCase().split(/[\s,;]+/).filter(function (w) { return w && w !== "AND"; });
    if (words.length === 1 && (words[0] === "PASS" || words[0] === "-")) words = [];
    var actions = [];
    while (words.length) {
      var w = words.shift(), action;
      if (role() === "lumberjacks") {
        if (LETTERS.indexOf(w) < 0 || !words.length) return null;
        action = w + " " + words.shift();
      } else if (w === "POUNCE") {
        if (words[0] === "ON") words.shift();
        if (!words.length) return null;
        action = "pounce on " + words.shift();
      } else {
        action = w;
      }
      var opts = actions.length < 2 ? options(actions.length) : null;
      if (!opts || !legalIn(opts, action)) return null;
      st.actions = actions.concat([action]); // options(1) reads st.actions[0]
      actions.push(action);
    }
    return actions;
  }
  function legalIn(opts, action) {
    if (role() === "lumberjacks") {
      var p = action.split(" ");
      return !!((opts.steps || {})[p[0]] || {})[p[1]];
    }
    if (action.indexOf("pounce on ") === 0) return !!(opts.pounces || {})[action.slice(10)];
    return !!(opts.steps || {})[action];
  }
  function syncFromField() {
    var input = field("move");
    var parsed = input && st.legal && st.legal.stage === "turns" ? parseTyped(input.value) : null;
    st.actions = parsed || [];
    st.selected = null;
    render();
  }

  // --- acting ----------------------------------------------------------------------------------------
  function add(action) {
    st.actions.push(action);
    st.selected = null;
    writeMove();
    render();
  }
  function chooseLetter(letter) {
    var opts = nextOptions();
    if (!opts) { say("Your move is complete: save it, lock it in, or undo.", false); return; }
    if (st.actions.some(function (a) { return a.charAt(0) === letter; })) {
      say("Lumberjack " + letter + " has already moved this turn.", false); return;
    }
    if (!positions()[letter]) { say("Lumberjack " + letter + " has been eaten.", false); return; }
    if (!(opts.steps || {})[letter]) {
      say("Lumberjack " + letter + " cannot step anywhere now: every cell next to it is off the board, a lumberjack or Bigfoot.", false);
      return;
    }
    st.selected = st.selected === letter ? null : letter;
    say(st.selected ? "Lumberjack " + letter + ": now a cell next to it, or a direction." : "", true);
    render();
  }
  function chooseDir(dir) {
    var opts = nextOptions();
    if (!opts) { say("Your move is complete: save it, lock it in, or undo.", false); return; }
    if (role() === "lumberjacks") {
      if (!st.selected) { say("Pick a lumberjack first, then the direction.", false); return; }
      var action = st.selected + " " + dir;
      if (((opts.steps || {})[st.selected] || {})[dir]) add(action); else refuse(action);
    } else if ((opts.steps || {})[dir]) add(dir);
    else refuse(dir);
  }
  function choosePounce(letter) {
    var opts = nextOptions();
    if (!opts) { say("Your move is complete: save it, lock it in, or undo.", false); return; }
    if ((opts.pounces || {})[letter]) add("pounce on " + letter);
    else refuse("pounce on " + letter);
  }
  function clickCell(cell, piece) {
    var legal = st.legal;
    if (legal.stage === "extra tree") {
      var select = field("tree");
      if (legal.cells.indexOf(cell) >= 0 && select) {
        select.value = cell; say("Extra tree on " + cell + ". Save it, or lock it in.", true); render();
      } else checkNow({ tree: cell });
      return;
    }
    var opts = nextOptions(), pos = positions();
    if (!opts) { say("Your move is complete: save it, lock it in, or undo.", false); return; }
    if (role() === "lumberjacks") {
      if (st.selected) {
        var steps = (opts.steps || {})[st.selected] || {};
        for (var d in steps) if (steps[d] === cell) { add(st.selected + " " + d); return; }
      }
      var letter = letterAt(pos, cell) || (piece && LETTERS.indexOf(piece) >= 0 && !st.selected ? piece : null);
      if (letter) { chooseLetter(letter); return; }
      if (!st.selected) { say("Pick a lumberjack first (click it, or its letter below), then the cell to step to.", false); return; }
      var dir = dirBetween(pos[st.selected], cell);
      if (dir) refuse(st.selected + " " + dir);
      else say("Lumberjack " + st.selected + " steps one cell: pick a cell next to " + pos[st.selected] + ".", false);
      return;
    }
    for (var s in opts.steps || {}) if (opts.steps[s] === cell) { add(s); return; }
    for (var p in opts.pounces || {}) if (opts.pounces[p] === cell) { add("pounce on " + p); return; }
    if (cell === pos.F) { say("Bigfoot is here: click a highlighted cell to step, or a highlighted lumberjack to pounce on.", false); return; }
    var towards = dirBetween(pos.F, cell);
    if (towards) { refuse(towards); return; }
    var target = letterAt(pos, cell);
    if (target) { refuse("pounce on " + target); return; }
    say("Bigfoot steps to a neighbouring cell, or pounces on a lumberjack in its line of sight.", false);
  }
  function clickCandidate(number) {
    var select = field("board");
    if (st.legal.boards.indexOf(number) >= 0 && select) {
      select.value = String(number); say("Board " + number + " chosen. Save it, or lock it in.", true); render();
    } else checkNow({ board: String(number) });
  }

  // --- drawing the choices on the board and the buttons ------------------------------------------------
  function mark(el, attrs) {
    if (!el) return;
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
  }
  // A board with controls on it is a group of them (an image may hold no control: axe's nested-interactive).
  function key(el, label) {
    mark(el, { "data-bf-key": "1", tabindex: "0", role: "button", "aria-label": label });
    var svg = el && el.closest && el.closest("svg.bigfoot-board");
    if (svg) svg.setAttribute("role", "group");
  }
  // A candidate's control is its frame, named by the panel's header as it reads ("Board 1, free to pick"): a
  // control holding the panel would have its header and every piece's letter as its visible text, which its
  // name must repeat (axe's label-content-name-mismatch). A click anywhere on the panel still picks it.
  function candidateName(panel, n) {
    var header = panel ? $$(":scope > text", panel).map(function (t) { return t.textContent.trim(); }).filter(Boolean) : [];
    return (header.length ? header.join(", ") : "Board " + n) + ": pick this board";
  }
  function clearMarks() {
    $$("svg.bigfoot-board").forEach(function (svg) { svg.setAttribute("role", "img"); });
    ["data-bf-target", "data-bf-pick", "data-bf-selected", "data-bf-path", "data-bf-from", "data-bf-key"].forEach(function (a) {
      $$("svg.bigfoot-board [" + a + "]").forEach(function (el) {
        el.removeAttribute(a);
        if (a === "data-bf-key") { el.removeAttribute("tabindex"); el.removeAttribute("role"); el.removeAttribute("aria-label"); }
      });
    });
  }
  // Which control has the focus, as a selector that finds it again once it is drawn anew.
  function focusSelector() {
    var a = document.activeElement;
    if (!a || !a.closest) return null;
    if (a.closest("#bf-pad")) {
      var attrs = ["data-bf-letter", "data-bf-dir", "data-bf-pounce", "data-bf-undo", "data-bf-clear"];
      for (var i = 0; i < attrs.length; i++) {
        if (a.hasAttribute(attrs[i])) return "#bf-pad [" + attrs[i] + '="' + a.getAttribute(attrs[i]) + '"]';
      }
      return null;
    }
    if (!a.hasAttribute("data-bf-key")) return null;
    var candidate = a.closest("g[data-candidate]");
    if (candidate) return 'svg.bigfoot-board g[data-candidate="' + candidate.getAttribute("data-candidate") + '"] > rect';
    var board = a.closest("g[data-board]");
    var scope = 'svg.bigfoot-board g[data-board="' + (board ? board.getAttribute("data-board") : "") + '"]:not([data-candidate]) ';
    if (a.hasAttribute("data-piece")) return scope + 'g[data-piece="' + a.getAttribute("data-piece") + '"]';
    return scope + 'g[data-cell="' + a.getAttribute("data-cell") + '"]:not([data-piece])';
  }
  function render() {
    var focused = focusSelector();
    draw();
    if (focused) {
      var again = $(focused);
      if (again && (again.hasAttribute("data-bf-key") || again.tagName === "BUTTON")) again.focus();
    }
  }
  function draw() {
    clearMarks();
    renderPad();
    var legal = st.legal;
    if (!legal || !legal.stage) return;
    if (legal.stage === "layout") {
      var chosen = field("board") && field("board").value;
      legal.boards.forEach(function (n) {
        var panel = $('svg.bigfoot-board g[data-candidate="' + n + '"]');
        mark(panel, { "data-bf-pick": "1" });
        key(panel && panel.querySelector(":scope > rect"), candidateName(panel, n));
        if (String(n) === chosen) mark(panel, { "data-bf-selected": "1" });
      });
      return;
    }
    var board = boardEl();
    if (!board) return;
    function cellEl(name) { return $('g[data-cell="' + name + '"]:not([data-piece])', board); }
    function pieceAt(name) { return $('g[data-piece][data-cell="' + name + '"]', board); }
    if (legal.stage === "extra tree") {
      var tree = field("tree") && field("tree").value;
      legal.cells.forEach(function (c) { mark(cellEl(c), { "data-bf-target": "1" }); key(cellEl(c), "Extra tree on " + c); });
      if (tree) mark(cellEl(tree), { "data-bf-selected": "1", "data-bf-path": "1" });
      return;
    }
    var pos = positions(), opts = nextOptions();
    st.actions.forEach(function (action, i) {
      var o = options(i) || {};
      var from, to;
      if (role() === "lumberjacks") {
        var p = action.split(" ");
        to = ((o.steps || {})[p[0]] || {})[p[1]];
        from = $('g[data-piece="' + p[0] + '"]', board);
      } else {
        to = action.indexOf("pounce on ") === 0 ? (o.pounces || {})[action.slice(10)] : (o.steps || {})[action];
        from = i === 0 ? $('g[data-piece="F"]', board) : null;
      }
      mark(cellEl(to), { "data-bf-path": "1" });
      mark(from, { "data-bf-from": "1" });
    });
    if (!opts) return;
    if (role() === "lumberjacks") {
      Object.keys(opts.steps || {}).forEach(function (letter) {
        var piece = pieceAt(pos[letter]) || null;
        if (piece && piece.getAttribute("data-piece") === letter) {
          mark(piece, { "data-bf-pick": "1" });
          key(piece, "Lumberjack " + letter + " on " + pos[letter]);
          if (letter === st.selected) mark(piece, { "data-bf-selected": "1" });
        }
      });
      if (st.selected) {
        var steps = (opts.steps || {})[st.selected] || {};
        Object.keys(steps).forEach(function (d) {
          var el = cellEl(steps[d]);
          mark(el, { "data-bf-target": "1" });
          key(el, "Lumberjack " + st.selected + " steps " + d + " to " + steps[d]);
          var covering = pieceAt(steps[d]);
          if (covering) { mark(covering, { "data-bf-target": "1" }); key(covering, "Lumberjack " + st.selected + " steps " + d + " to " + steps[d]); }
        });
      }
    } else {
      Object.keys(opts.steps || {}).forEach(function (d) {
        var to = opts.steps[d];
        var el = letterAt(pos, to) ? pieceAt(to) : null;
        mark(cellEl(to), { "data-bf-target": "1" });
        key(cellEl(to), "Bigfoot steps " + d + " to " + to);
        if (el) { mark(el, { "data-bf-target": "1" }); key(el, "Bigfoot steps " + d + " to " + to + " and eats lumberjack " + el.getAttribute("data-piece")); }
      });
      Object.keys(opts.pounces || {}).forEach(function (letter) {
        var el = pieceAt(opts.pounces[letter]);
        if (el && !el.hasAttribute("data-bf-target")) { mark(el, { "data-bf-target": "1" }); key(el, "Pounce on lumberjack " + letter); }
      });
    }
  }

  function button(attrs, text, pressed, disabled) {
    var extra = Object.keys(attrs).map(function (k) { return " " + k + '="' + esc(attrs[k]) + '"'; }).join("");
    return '<button type="button" class="secondary outline"' + extra +
      (pressed ? ' aria-pressed="true"' : "") + (disabled ? ' aria-disabled="true"' : "") + ">" + esc(text) + "</button>";
  }
  // The check line (#bf-check) and the pad (#bf-pad) are drawn empty by the server with the form (the game's
  // PageParts.form_slots), their space held by bigfoot.css: filling them moves nothing below the form.
  function ensurePad() {
    var legal = st.legal;
    var input = field("move") || field("tree") || field("board");
    var pad = $("#bf-pad");
    if (!legal || !legal.stage || !input) { if (pad) pad.textContent = ""; return null; }
    return pad;
  }
  function renderPad() {
    var pad = ensurePad();
    if (!pad) return;
    var legal = st.legal, html = ["<legend><small>Build it on the board or with these buttons</small></legend>"];
    if (legal.stage === "layout") {
      html.push("<p><small>Click a free board (outlined in blue) to pick it, or choose it in the list.</small></p>");
    } else if (legal.stage === "extra tree") {
      html.push("<p><small>Click a highlighted cell of board " + esc(legal.board) + " for the extra tree, or choose it in the list.</small></p>");
    } else {
      var opts = nextOptions(), pos = positions(), lumber = role() === "lumberjacks";
      html.push("<p><small>Board " + esc(legal.board) + ", your " + (lumber ? "lumberjacks" : "Bigfoot") + ": " +
        (lumber ? "click a lumberjack, then a highlighted cell next to it (up to two lumberjacks)."
          : "click two highlighted cells to step, or a highlighted lumberjack to pounce on (once a turn).") +
        " Or use these buttons, or type the move.</small></p>");
      if (lumber) {
        html.push('<div class="bf-row"><span>Lumberjack</span>' + LETTERS.filter(function (l) { return pos[l]; }).map(function (l) {
          var used = st.actions.some(function (a) { return a.charAt(0) === l; });
          var can = opts && (opts.steps || {})[l];
          return button({ "data-bf-letter": l, "aria-label": "Lumberjack " + l }, l, st.selected === l, used || !can);
        }).join("") + "</div>");
      }
      var dirSource = lumber ? (opts && st.selected ? (opts.steps || {})[st.selected] || {} : {}) : (opts && opts.steps) || {};
      html.push('<div class="bf-row"><span>Step</span><div class="bf-compass">' + COMPASS.map(function (c) {
        return button({ "data-bf-dir": c[0], "aria-label": "Step " + c[0] }, c[1] + " " + c[0], false, !dirSource[c[0]]);
      }).join("") + "</div></div>");
      if (!lumber) {
        var pounced = st.actions.some(function (a) { return a.indexOf("pounce on ") === 0; });
        html.push('<div class="bf-row"><span>Pounce on</span>' + LETTERS.filter(function (l) { return pos[l]; }).map(function (l) {
          return button({ "data-bf-pounce": l, "aria-label": "Pounce on " + l }, l, false, pounced || !(opts && (opts.pounces || {})[l]));
        }).join("") + "</div>");
      }
      var done = st.actions.length ? "Your move so far: <strong>" + esc(moveText(st.actions)) + "</strong>" +
        (hasAny(nextOptions()) ? "" : " (complete)") : (lumber ? "No lumberjack moved yet (an empty move passes)." : "No action yet.");
      html.push('<div class="bf-row"><span>' + done + "</span>" + button({ "data-bf-undo": "1" }, "Undo", false, !st.actions.length) +
        button({ "data-bf-clear": "1" }, "Clear", false, !st.actions.length) + "</div>");
      if (legal.mulligan) html.push("<p><small>You may play the Mulligan instead: tick it below the field.</small></p>");
    }
    pad.innerHTML = html.join("");
  }

  // --- events ------------------------------------------------------------------------------------------
  function onActivate(target, ev) {
    var legal = st.legal;
    var btn = target.closest("#bf-pad button");
    if (btn) {
      ev.preventDefault();
      if (btn.hasAttribute("data-bf-letter")) chooseLetter(btn.getAttribute("data-bf-letter"));
      else if (btn.hasAttribute("data-bf-dir")) chooseDir(btn.getAttribute("data-bf-dir"));
      else if (btn.hasAttribute("data-bf-pounce")) choosePounce(btn.getAttribute("data-bf-pounce"));
      else if (btn.hasAttribute("data-bf-undo")) { st.actions.pop(); st.selected = null; writeMove(); render(); }
      else if (btn.hasAttribute("data-bf-clear")) { st.actions = []; st.selected = null; writeMove(); render(); }
      return true;
    }
    if (!legal || !legal.stage || !target.closest("svg.bigfoot-board")) return false;
    if (legal.stage === "layout") {
      var cand = target.closest("[data-candidate]");
      if (cand) { clickCandidate(parseInt(cand.getAttribute("data-candidate"), 10)); return true; }
      return false;
    }
    var board = target.closest("g[data-board]");
    if (!board || board !== boardEl()) {
      if (board) say("Your move this turn is on board " + legal.board + ".", false);
      return !!board;
    }
    var cell = target.closest("[data-cell]");
    if (!cell) return false;
    clickCell(cell.getAttribute("data-cell"), cell.getAttribute("data-piece"));
    return true;
  }

  function loadLegal() {
    if (!me) return;
    ask({}).then(function (data) {
      if (String(data.phase) !== String(root.getAttribute("data-phase"))) return; // a newer phase is on its way
      st.legal = data.legal || {};
      st.actions = []; st.selected = null;
      syncFromField();
    }).catch(function () { /* the typed field still works */ });
  }

  // --- clocks --------------------------------------------------------------------------------------
  function mmss(seconds) {
    var s = Math.max(0, Math.ceil(seconds)), m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function onReserve() {
    var status = $("#part-status");
    return !!status && /reserve time/i.test(status.textContent);
  }
  function fetchClock() {
    if (clock.fetching) { clock.again = true; return; }
    clock.fetching = true;
    fetch("/matches/" + matchId + "/clock/", { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) { clock.data = data; clock.received = Date.now(); drawClocks(); })
      .catch(function () { /* the static reserve values still show */ })
      .then(function () { clock.fetching = false; if (clock.again) { clock.again = false; fetchClock(); } });
  }
  // The server's time (live.js reads it from each frame; the clock's JSON sends it too): never this page's alone.
  function serverNow() {
    if (clock.data && clock.data.now && clock.received) return Date.parse(clock.data.now) + (Date.now() - clock.received);
    return window.geniusClock ? window.geniusClock.now() : Date.now();
  }
  function liveReserve(name, seconds) {
    var phase = clock.data && clock.data.phase;
    if (!phase || !phase.reserve_from || phase.waiting.indexOf(name) < 0 || phase.status !== "open") return null;
    return seconds - (serverNow() - new Date(phase.reserve_from).getTime()) / 1000;
  }
  function drawClocks() {
    var spans = $$("svg.bigfoot-board [data-reserve-player]");
    var panel = $("#bf-clocks");
    if (!spans.length) { if (panel) panel.remove(); return; }
    if (!panel) {
      panel = document.createElement("section");
      panel.id = "bf-clocks"; panel.className = "bf-clocks"; panel.setAttribute("aria-label", "Reserve clocks");
      // Under the boards (whose own top line shows the reserves, ticking too): put above them, the panel
      // arrived after the first paint and moved the boards and the form down (bench/pageweight.py).
      var board = $("#part-board .board") || $("svg.bigfoot-board");
      board.parentNode.insertBefore(panel, board.nextSibling);
    }
    var moving = {};
    $$("svg.bigfoot-board g[data-board][data-to-move]").forEach(function (b) {
      var who = b.getAttribute("data-to-move");
      if (who) moving[who] = "board " + b.getAttribute("data-board") + " (" + (who === b.getAttribute("data-lumberjack") ? "lumberjacks" : "Bigfoot") + ")";
    });
    var html = spans.map(function (span) {
      var name = span.getAttribute("data-reserve-player");
      var stored = parseFloat(span.getAttribute("data-reserve-s")) || 0;
      var live = liveReserve(name, stored);
      var shown = mmss(live === null ? stored : live);
      if (live !== null) span.textContent = span.textContent.replace(/\d+:\d\d$/, shown);
      return '<div class="bf-clock' + (live === null ? "" : " bf-ticking") + '" data-clock="' + esc(name) + '"><strong>' + esc(name) +
        (me === name ? " (you)" : "") + "</strong> · reserve <span class=\"bf-time\">" + shown + "</span>" +
        (live === null ? "" : " <small>on reserve, ticking</small>") +
        (moving[name] ? " · <small>moves on " + esc(moving[name]) + "</small>" : "") + "</div>";
    }).join("");
    panel.innerHTML = html;
  }

  // --- start ---------------------------------------------------------------------------------------
  function refresh() {
    var phase = root.getAttribute("data-phase");
    if (phase !== st.phase) {
      st.phase = phase; st.legal = null; st.actions = []; st.selected = null;
      loadLegal();
    } else {
      render(); // the board was swapped: draw the choices again
    }
    if (onReserve() || (clock.data && clock.data.phase && clock.data.phase.reserve_from)) fetchClock();
    drawClocks();
  }

  function start() {
    root = document.getElementById("match");
    if (!root || !$("svg.bigfoot-board")) return;
    matchId = root.getAttribute("data-match");
    // The styles are bigfoot.css, linked by the page (PageParts.styles): laid out before this script runs.
    if (root.getAttribute("data-viewer") === "player") {
      root.classList.add("bf-player");
      var seated = $(".viewer strong");
      me = seated ? seated.textContent.trim() : "";
    }
    document.addEventListener("click", function (ev) { onActivate(ev.target, ev); });
    document.addEventListener("keydown", function (ev) {
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest("svg.bigfoot-board [data-bf-key]")) {
        ev.preventDefault();
        onActivate(ev.target, ev);
      }
    });
    document.addEventListener("input", function (ev) {
      if (!ev.target.closest("#move-form")) return;
      var name = ev.target.getAttribute("name");
      if (name === "move") {
        syncFromField();
        clearTimeout(st.checkTimer);
        var text = ev.target.value;
        st.checkTimer = setTimeout(function () {
          if (text.trim()) checkNow({ move: text }); else say("", true);
        }, 250);
      }
    });
    document.addEventListener("change", function (ev) {
      if (!ev.target.closest("#move-form")) return;
      var name = ev.target.getAttribute("name");
      if (name === "tree" || name === "board") {
        render();
        if (ev.target.value) { var q = {}; q[name] = ev.target.value; checkNow(q); } else say("", true);
      }
    });
    root.addEventListener("genius:updated", refresh);
    setInterval(function () { if (clock.data && clock.data.phase && clock.data.phase.reserve_from) drawClocks(); }, 500);
    st.phase = root.getAttribute("data-phase");
    loadLegal();
    fetchClock();
    drawClocks();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
