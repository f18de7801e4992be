// The designer's field boxes: show only the boxes of the kind of answer chosen (without this script the
// server shows them after "Show the boxes of this kind").
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
  });
})();
