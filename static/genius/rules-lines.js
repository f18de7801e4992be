// The rules boxes' line numbers: a gutter beside each textarea.rules-editor, kept in step as the host types
// and scrolls, and the lines a problem names (data-error-lines, from the server) marked in the gutter and
// behind the text. Without this script the problem beside the box names its line ("Line 4: ...").
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }

  function numbered(area) {
    var wrap = document.createElement("div");
    wrap.className = "rules-lines";
    var gutter = document.createElement("div");
    gutter.className = "rules-gutter";
    gutter.setAttribute("aria-hidden", "true");
    var bands = document.createElement("div");
    bands.className = "rules-bands";
    bands.setAttribute("aria-hidden", "true");
    area.parentNode.insertBefore(wrap, area);
    wrap.appendChild(gutter);
    wrap.appendChild(bands);
    wrap.appendChild(area);
    var marked = (area.getAttribute("data-error-lines") || "").split(/\s+/).filter(Boolean).map(Number);

    function lineHeight() {
      var style = window.getComputedStyle(area);
      var h = parseFloat(style.lineHeight);
      return isNaN(h) ? parseFloat(style.fontSize) * 1.5 : h;
    }
    function draw() {
      var count = area.value.split("\n").length;
      var have = gutter.childNodes.length;
      for (var n = have + 1; n <= count; n++) {
        var line = document.createElement("span");
        line.textContent = String(n);
        line.setAttribute("data-line", String(n));
        if (marked.indexOf(n) !== -1) line.className = "rules-line-error";
        gutter.appendChild(line);
      }
      while (gutter.childNodes.length > count) gutter.removeChild(gutter.lastChild);
      var style = window.getComputedStyle(area);
      gutter.style.paddingTop = style.paddingTop;
      var height = lineHeight();
      bands.textContent = "";
      marked.forEach(function (n) {
        if (n > count) return;
        var band = document.createElement("span");
        band.className = "rules-band-error";
        band.setAttribute("data-line", String(n));
        band.style.top = (parseFloat(style.paddingTop) + (n - 1) * height - area.scrollTop) + "px";
        band.style.height = height + "px";
        bands.appendChild(band);
      });
      bands.style.left = area.offsetLeft + "px";
      bands.style.top = area.offsetTop + "px";
      bands.style.width = area.clientWidth + "px";
      bands.style.height = area.clientHeight + "px";
      gutter.style.height = area.offsetHeight + "px";
      gutter.scrollTop = area.scrollTop;
    }
    area.addEventListener("input", draw);
    area.addEventListener("scroll", draw);
    window.addEventListener("resize", draw);
    area.setAttribute("data-numbered", "yes");
    draw();
  }

  ready(function () {
    document.querySelectorAll("textarea.rules-editor").forEach(numbered);
  });
})();
