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
