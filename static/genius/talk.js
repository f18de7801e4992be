// The match page's talk panel, live: a message said in one of the reader's channels is added as it comes (the
// socket is live.js's: it hands talk's frames on as "genius:frame" events). A form says its message through that
// open socket ({"type": "talk", "channel", "text", "ref"}: the same service as the form's post); while the socket
// is away it posts the form without a page load instead. A refusal (the flood brake, a channel closed meanwhile)
// is shown beside the box. Without this script the forms post and the page comes back.
(function () {
  "use strict";

  // How long an answer to a frame sent over the socket is waited for before the form is given back.
  var ANSWER_MS = 10000;

  function start() {
    var panel = document.querySelector("[data-talk]");
    var root = document.getElementById("match");
    if (!panel) return;
    var pending = {};  // ref -> {form, timer}: talk frames sent over the socket, not answered yet
    var refs = 0;

    function say(form, text) {
      var box = form && form.querySelector("[data-talk-refusal]");
      if (!box) return;
      box.textContent = text || "";
      box.hidden = !text;
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

    function busy(form, on) {
      var button = form.querySelector("button");
      if (button) button.disabled = on;
      if (on) form.setAttribute("data-talk-sending", ""); else form.removeAttribute("data-talk-sending");
    }

    function answered(ref, error) {
      var sent = pending[ref];
      if (!sent) return;
      delete pending[ref];
      clearTimeout(sent.timer);
      if (error) say(sent.form, error);
      else { say(sent.form, ""); sent.form.reset(); }
      busy(sent.form, false);
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
        } else if (msg.type === "talk-posted" && msg.ref !== undefined) {
          answered(msg.ref, "");
        } else if (msg.type === "error" && msg["for"] === "talk" && msg.ref !== undefined) {
          answered(msg.ref, typeof msg.message === "string" ? msg.message : "Not sent: try again.");
        }
      });
      root.addEventListener("genius:socket-closed", function () {
        Object.keys(pending).forEach(function (ref) {
          answered(ref, "The connection dropped before an answer came: if your message is not above, send it again.");
        });
      });
    }

    function overSocket(form) {
      var live = window.geniusLive;
      if (!live || typeof live.send !== "function") return false;
      var ref = "talk-" + (++refs);
      var data = new FormData(form);
      var frame = { type: "talk", channel: data.get("channel"), text: data.get("text"), ref: ref };
      if (!live.send(frame)) return false;
      pending[ref] = {
        form: form,
        timer: setTimeout(function () {
          answered(ref, "No answer yet: if your message does not appear above, send it again.");
        }, ANSWER_MS)
      };
      return true;
    }

    function overHttp(form) {
      fetch(form.action, { method: "POST", body: new FormData(form), headers: { "X-Talk": "1" },
                           credentials: "same-origin" })
        .then(function (r) { return r.json().catch(function () { return { error: "Not sent: try again." }; }); })
        .then(function (data) {
          if (data.error) { say(form, data.error); return; }
          say(form, "");
          form.reset();
          var channel = form.closest("[data-talk-channel]");
          if (channel && typeof data.html === "string") add(channel.querySelector(".talk-messages"), data.html);
        })
        .catch(function () { say(form, "Not sent: the connection dropped. Try again."); })
        .then(function () { busy(form, false); });
    }

    panel.addEventListener("submit", function (ev) {
      var form = ev.target;
      if (!form.hasAttribute || !form.hasAttribute("data-talk-form")) return;
      if (form.hasAttribute("data-talk-sending")) { ev.preventDefault(); return; }  // one message at a time
      ev.preventDefault();
      busy(form, true);
      if (overSocket(form)) return;
      if (window.fetch) { overHttp(form); return; }
      busy(form, false);
      form.submit();  // neither: the form posts and the page comes back
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
