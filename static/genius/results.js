// The viewer's end of a match ("You placed 6th of 7", Play again), shown when the match ends while its page is
// open: the status part then carries the result (data-match-over, each seat's place). The "Your practice match
// has started" banner goes at the same moment. Without this script the page shows the same once reloaded.
(function () {
  "use strict";
  function ordinal(n) {
    if (n % 100 >= 10 && n % 100 <= 20) return n + "th";
    return n + ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  }
  function show() {
    var over = document.querySelector('[data-part="status"] [data-match-over]');
    var box = document.querySelector("[data-results-you]");
    if (!over || !box) return;
    document.querySelectorAll(".messages .msg-practice-start").forEach(function (el) { el.remove(); });
    if (!box.hidden) return;
    var root = document.getElementById("match");
    var seat = root && root.getAttribute("data-seat");
    var line = box.querySelector("[data-you-placed]");
    if (seat && line) {
      var mine = [].slice.call(over.querySelectorAll("[data-place-of]")).filter(function (el) {
        return el.getAttribute("data-place-of") === seat;
      })[0];
      if (mine) {
        var place = Number(mine.getAttribute("data-place"));
        var tied = over.querySelectorAll('[data-place="' + place + '"]').length > 1;
        line.textContent = "You placed " + ordinal(place) + " of " + over.getAttribute("data-seats") + (tied ? " (tied)" : "");
      }
    }
    box.hidden = false;
  }
  document.addEventListener("genius:updated", show);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show); else show();
})();
