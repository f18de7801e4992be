// The match page's talk panel, live: a message said in one of the reader's channels is added as it comes (the
// socket is live.js's: it hands talk's frames on as "genius:frame" events), and the forms send without a page
// load (a refusal is shown above the channels). Without this script the forms post and the page comes back.
(function () {
  "use strict";

  function start() {
    var panel = document.querySelector("[data-talk]");
    var root = document.getElementById("match");
    if (!panel) return;
    var answer = panel.querySelector("[data-talk-answer]");

    function say(text) {
      if (!answer) return;
      answer.textContent = text || "";
      answer.hidden = !text;
    }

    function add(list, html) {
      var tpl = document.createElement("template");
      tpl.innerHTML = html;  // rendered and escaped on the server, by the page's own template
      var item = tpl.content.firstElementChild;
      if (!item || (item.id && document.getElementById(item.id))) return;
      var empty = list.querySelector(".talk-empty");
      if (empty) empty.remove();
      list.appendChild(item);
    }

    if (root) {
      root.addEventListener("genius:frame", function (ev) {
        var msg = ev.detail || {};
        if (msg.type === "talk" && typeof msg.html === "string") {
          var channels = panel.querySelectorAll("[data-talk-channel]");
          for (var i = 0; i < channels.length; i++) {
            if (channels[i].getAttribute("data-talk-channel") === msg.channel) {
              add(channels[i].querySelector(".talk-messages"), msg.html);
            }
          }
        } else if (msg.type === "talk-report" && typeof msg.html === "string") {
          var reports = panel.querySelector("[data-talk-reports]");
          if (reports) { reports.hidden = false; add(reports.querySelector("ul"), msg.html); }
        }
      });
    }

    panel.addEventListener("submit", function (ev) {
      var form = ev.target;
      if (!form.hasAttribute || !form.hasAttribute("data-talk-form") || !window.fetch) return;
      ev.preventDefault();
      var button = form.querySelector("button");
      if (button) button.disabled = true;
      fetch(form.action, { method: "POST", body: new FormData(form), headers: { "X-Talk": "1" },
                           credentials: "same-origin" })
        .then(function (r) { return r.json().catch(function () { return { error: "Not sent: try again." }; }); })
        .then(function (data) {
          if (data.error) { say(data.error); return; }
          say("");
          form.reset();
          var channel = form.closest("[data-talk-channel]");
          if (channel && typeof data.html === "string") add(channel.querySelector(".talk-messages"), data.html);
        })
        .catch(function () { say("Not sent: the connection dropped. Try again."); })
        .then(function () { if (button) button.disabled = false; });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
