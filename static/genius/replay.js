// The replay page: arrow keys step through the phases (the buttons are plain links, so it works without this).
(function () {
  "use strict";
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
