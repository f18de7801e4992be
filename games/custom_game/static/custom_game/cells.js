// The cell field (games/custom_game/RULES.md, "Boards"): pick a cell of the drawn board by clicking it, or from the
// keyboard (one cell in the tab order; the arrow keys move to the nearest cell that way; Enter or Space picks). The
// picked cell is written in the field's text input, which is the field itself: without this script a player types
// the cell there. Listeners sit on the document, so a form redrawn in place keeps working.
(function () {
  "use strict";
  function inputOf(picker) {
    var holder = picker.closest("[data-cell-for]");
    return holder ? document.getElementById(holder.getAttribute("data-cell-for")) : null;
  }
  function cellsOf(picker) { return Array.prototype.slice.call(picker.querySelectorAll("[data-cell]")); }
  function show(picker, value) {
    var wanted = (value || "").trim().toUpperCase().replace(/\s+/g, "");
    cellsOf(picker).forEach(function (c) {
      c.setAttribute("aria-pressed", c.getAttribute("data-cell").toUpperCase() === wanted ? "true" : "false");
    });
  }
  function focusCell(picker, cell) {
    cellsOf(picker).forEach(function (c) { c.setAttribute("tabindex", c === cell ? "0" : "-1"); });
    cell.focus();
  }
  function pick(cell) {
    var picker = cell.closest("[data-cell-picker]");
    var input = picker && inputOf(picker);
    if (!input) return;
    input.value = cell.getAttribute("data-cell");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    show(picker, input.value);
    focusCell(picker, cell);
  }
  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function nearest(picker, from, step) {
    var x = +from.getAttribute("data-x"), y = +from.getAttribute("data-y"), best = null, bestScore = Infinity;
    cellsOf(picker).forEach(function (c) {
      var dx = +c.getAttribute("data-x") - x, dy = +c.getAttribute("data-y") - y;
      var along = dx * step[0] + dy * step[1];
      if (along <= 1) return;
      var across = Math.abs(dx * step[1] - dy * step[0]);
      if (across > along * 1.2) return;  // not that way
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = c; }
    });
    return best;
  }
  document.addEventListener("click", function (event) {
    var cell = event.target.closest && event.target.closest("[data-cell-picker] [data-cell]");
    if (cell) pick(cell);
  });
  document.addEventListener("keydown", function (event) {
    var cell = event.target.closest && event.target.closest("[data-cell-picker] [data-cell]");
    if (!cell) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(cell);
      return;
    }
    var step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    var next = nearest(cell.closest("[data-cell-picker]"), cell, step);
    if (next) focusCell(cell.closest("[data-cell-picker]"), next);
  });
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.hasAttribute || !input.hasAttribute("data-cell-input")) return;
    var holder = document.querySelector('[data-cell-for="' + input.id + '"] [data-cell-picker]');
    if (holder) show(holder, input.value);
  });
  function showAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-cell-for]"), function (holder) {
      var input = document.getElementById(holder.getAttribute("data-cell-for"));
      var picker = holder.querySelector("[data-cell-picker]");
      if (input && picker) show(picker, input.value);
    });
  }
  document.addEventListener("DOMContentLoaded", showAll);
  document.addEventListener("htmx:afterSettle", showAll);
  showAll();
})();
