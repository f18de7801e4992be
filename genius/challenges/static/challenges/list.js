// The challenges page: while a challenge of mine waits, ask every few seconds whether it was answered; when it is
// accepted, go to its match at once (both players land on the match page, as on lichess); any other answer
// reloads the list to show it.
(function () {
  "use strict";
  var WAIT_MS = 3000;
  function start() {
    // The rows are looked up at each turn: an answer given in place (htmx) redraws the lists.
    function waiting() { return [].slice.call(document.querySelectorAll("#outgoing [data-challenge-state]:not([data-answered])")); }
    if (!waiting().length) return;
    function poll() {
      var pending = waiting();
      if (!pending.length) return;
      Promise.all(pending.map(function (row) {
        return fetch(row.getAttribute("data-challenge-state"), { credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (data) {
            if (!data || data.status === "pending") return;
            row.setAttribute("data-answered", data.status);
            if (data.status === "accepted" && data.match_url) location.href = data.match_url;
            else location.reload();
          })
          .catch(function () { /* offline for a moment: ask again */ });
      })).then(function () { setTimeout(poll, WAIT_MS); });
    }
    setTimeout(poll, WAIT_MS);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
