// The replay page: arrow keys step through the phases (the buttons are plain links, so it works without this),
// and the address names the step shown (?phase=N), so it can be shared as it is.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  const shown = root && root.getAttribute("data-phase");
  if (shown !== null && shown !== "" && window.history && window.history.replaceState) {
    const url = new URL(window.location.href);
    if (url.searchParams.get("phase") !== shown) {
      url.searchParams.set("phase", shown);
      window.history.replaceState(window.history.state, "", url.toString());
    }
  }
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    const which = keys[event.key];
    if (!which) return;
    const link = document.querySelector('#replay [data-replay="' + which + '"]');
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
