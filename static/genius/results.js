// The viewer's end of a match ("You placed 6th of 7 (2 points)", "You tied for 1st of 4 (0 points)", Play
// again), shown when the match ends while its page is open: the status part then carries the result
// (data-match-over, each seat's line as the server wrote it, data-you-text). The "Your practice match has
// started" banner goes at the same moment. Without this script the page shows the same once reloaded.
(function () {
  "use strict";
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
      if (mine && mine.getAttribute("data-you-text")) line.textContent = mine.getAttribute("data-you-text");
    }
    box.hidden = false;
  }
  document.addEventListener("genius:updated", show);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show); else show();
})();
