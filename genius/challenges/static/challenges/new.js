// The new-challenge form: only the chosen game's settings are shown (the others are hidden and not sent).
// Without this script every game's settings show, each under its game's name, and only the chosen one is read.
(function () {
  "use strict";
  function start() {
    var form = document.getElementById("challenge-new");
    var game = form && form.querySelector("select[name=game]");
    if (!game) return;
    function show() {
      form.querySelectorAll("[data-game-settings]").forEach(function (block) {
        var on = block.getAttribute("data-game-settings") === game.value;
        block.hidden = !on;
        block.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !on; });
      });
    }
    game.addEventListener("change", show);
    show();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
