// The designer's field boxes: show only the boxes of the kind of answer chosen (without this script the
// server shows them after "Show the boxes of this kind"), and a phase's seat boxes only when chosen seats act.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
    document.querySelectorAll("select[name$='kind']").forEach(function (select) {
      var form = select.form, prefix = select.name.slice(0, -4);
      if (!form) return;
      function show() {
        var kind = select.value;
        form.querySelectorAll("[data-kinds]").forEach(function (box) {
          if (box.id.indexOf("box-" + prefix) !== 0) return;
          box.hidden = (" " + box.getAttribute("data-kinds") + " ").indexOf(" " + kind + " ") === -1;
        });
        form.querySelectorAll("[id^='box-" + prefix + "default'] [data-help-kind]").forEach(function (help) {
          help.hidden = help.getAttribute("data-help-kind") !== kind;
        });
      }
      var button = select.parentNode.querySelector("[data-kind-button]");
      if (button) button.remove();
      select.addEventListener("change", show);
      show();
    });
    // A box shown by another's choice (a board's size by its shape, a timed challenge's boxes by its switch):
    // without this script every box is shown, and the server reads only those the choice uses.
    document.querySelectorAll("[data-shown-by]").forEach(function (box) {
      var name = box.getAttribute("data-shown-by"), values = " " + box.getAttribute("data-shown-values") + " ";
      var inputs = document.querySelectorAll("input[name='" + name + "']");
      if (!inputs.length) return;
      function shownBy() {
        var on = false;
        inputs.forEach(function (input) {
          var value = input.type === "checkbox" ? "on" : input.value;
          if (input.checked && values.indexOf(" " + value + " ") !== -1) on = true;
        });
        box.hidden = !on && !box.querySelector(".field-error");
      }
      inputs.forEach(function (input) { input.addEventListener("change", shownBy); });
      shownBy();
    });
    // A phase: the seat boxes only when chosen seats act.
    var seats = document.getElementById("box-seats");
    var radios = document.querySelectorAll("input[name='actors']");
    function seatsShown() {
      var picked = document.querySelector("input[name='actors']:checked");
      if (seats) seats.hidden = !picked || picked.value !== "seats";
    }
    if (seats && radios.length) {
      radios.forEach(function (radio) { radio.addEventListener("change", seatsShown); });
      seatsShown();
    }
  });
})();
