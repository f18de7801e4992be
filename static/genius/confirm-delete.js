// Deleting asks first: a form with data-confirm asks its question before it is sent (a plain post, or htmx's,
// which listens on the form itself: this listener runs first, at the document, while the event goes down).
// Confirmed, the form carries confirmed=yes; without this script the server asks on a page of its own.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-confirm")) return;
    if (!window.confirm(form.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (!form.querySelector("input[name='confirmed']")) {
      var yes = document.createElement("input");
      yes.type = "hidden";
      yes.name = "confirmed";
      yes.value = "yes";
      form.appendChild(yes);
    }
  }, true);
})();
