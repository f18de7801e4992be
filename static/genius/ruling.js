// The host's adjudication page: show the parts that belong to what opens next (the end, or a phase and its
// form), and preset "who acts next" from the design when the choice changes. Without this script every part
// shows and the server reads only those of the chosen option. The form may be swapped in place ("Save draft"
// answered by htmx): the choice is listened to on the document, and the parts shown again after each swap.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
    var page = document.querySelector("[data-ruling-page]");
    if (!page || !page.querySelector("[data-ruling-next]")) return;
    var designed = {};
    var data = document.getElementById("ruling-next-actors");
    if (data) { try { designed = JSON.parse(data.textContent) || {}; } catch (e) { designed = {}; } }
    function show(preset) {
      var select = page.querySelector("[data-ruling-next]");
      if (!select) return;
      var value = select.value, ending = value === "end";
      page.querySelectorAll("[data-when-next]").forEach(function (el) {
        el.hidden = (el.getAttribute("data-when-next") === "end") !== ending;
      });
      page.querySelectorAll("[data-next-form]").forEach(function (el) {
        el.hidden = el.getAttribute("data-next-form") !== value;
      });
      if (preset && !ending) {
        var names = designed[value] || [];
        page.querySelectorAll('input[name="actors"]').forEach(function (box) {
          box.checked = names.indexOf(box.value) !== -1;
        });
      }
    }
    document.addEventListener("change", function (event) {
      if (event.target && event.target.matches && event.target.matches("[data-ruling-next]")) show(true);
    });
    document.body.addEventListener("htmx:afterSettle", function () { show(false); });
    // A click on a drawn board fills the cell box of that board's row last focused (the first empty row at first).
    document.addEventListener("focusin", function (event) {
      var box = event.target;
      if (!box || !box.matches || !box.matches("[data-mark-cell]")) return;
      var copy = box.closest("[data-board-copy]");
      var picker = copy && copy.querySelector("[data-mark-picker]");
      if (picker) picker.setAttribute("data-cell-for", box.id);
    });
    show(false);
  });
})();
