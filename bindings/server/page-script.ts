/**
 * @module
 * The approval page's script, served as /app.js. Plain ES2017 for any
 * current browser; it builds every node with createElement and textContent
 * (never innerHTML), keeps the token in sessionStorage and sends it only in
 * the Authorization header, polls the queue every 1.5 s, and keeps cards the
 * human is typing into in place between polls. The queue comes in pages of
 * PAGE_SIZE (the API's `next_cursor`): "Show older requests" adds a page,
 * and every poll reloads as many pages as are shown. Tested in real Chromium
 * (test/approval-page.test.ts).
 */

export const PAGE_SCRIPT = String.raw`"use strict";
(function () {
  var KEY = "portcullis.token";
  var POLL_MS = 1500;
  var FOLD = 160;
  var PAGE_SIZE = 50;
  var cards = new Map();
  var timers = [];
  var pages = 1;
  var loading = null;

  function $(id) { return document.getElementById(id); }
  function token() { return sessionStorage.getItem(KEY) || ""; }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function api(method, path, body) {
    var init = { method: method, headers: { Authorization: "Bearer " + token() }, cache: "no-store", credentials: "omit", redirect: "error" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (data) {
        if (res.status === 401) {
          lock("That token was not accepted.");
          throw new Error("unauthorized");
        }
        if (!res.ok) throw new Error((data && data.error && data.error.message) || "HTTP " + res.status);
        return data;
      });
    });
  }

  function span(seconds) {
    if (seconds < 60) return Math.max(0, Math.round(seconds)) + " s";
    if (seconds < 3600) return Math.round(seconds / 60) + " min";
    return Math.round(seconds / 3600) + " h";
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-created]").forEach(function (node) {
      var age = (now - Date.parse(node.dataset.created)) / 1000;
      var left = (Date.parse(node.dataset.expires) - now) / 1000;
      node.textContent = span(age) + " ago · " + (left > 0 ? "times out in " + span(left) : "timing out");
    });
  }

  function valueView(value) {
    var text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
    if (text === undefined) text = String(value);
    if (text.length <= FOLD && text.indexOf("\n") === -1) return el("code", "value", text);
    var details = el("details", "fold");
    details.appendChild(el("summary", null, text.slice(0, FOLD).replace(/\s+/g, " ") + "… (" + text.length + " characters)"));
    details.appendChild(el("pre", "value", text));
    return details;
  }

  function argsView(input) {
    var list = el("dl", "args");
    Object.keys(input || {}).forEach(function (key) {
      list.appendChild(el("dt", null, key));
      var dd = el("dd");
      dd.appendChild(valueView(input[key]));
      list.appendChild(dd);
    });
    if (!list.firstChild) list.appendChild(el("dd", "muted", "(no arguments)"));
    return list;
  }

  function button(op, label, cls) {
    var b = el("button", cls || null, label);
    b.type = "button";
    b.dataset.op = op;
    return b;
  }

  function choice(name, options) {
    var s = el("select");
    s.name = name;
    options.forEach(function (o) {
      var opt = el("option", null, o[1]);
      opt.value = o[0];
      if (o[2]) opt.disabled = true;
      s.appendChild(opt);
    });
    return s;
  }

  function group(nodes) {
    var g = el("span", "group");
    nodes.forEach(function (n) { g.appendChild(n); });
    return g;
  }

  // Each program a command runs with what it reads, writes, deletes or contacts; each URL's host; the step that asked.
  function showWhat(box, what) {
    if (!what || (!what.programs.length && !what.hosts.length && !what.why)) return;
    box.appendChild(el("h4", null, "What will happen"));
    var list = el("ul");
    what.programs.forEach(function (p) {
      var parts = [];
      if (p.reads.length) parts.push("reads " + p.reads.join(", "));
      if (p.writes.length) parts.push("writes " + p.writes.join(", "));
      if (p.deletes.length) parts.push("deletes " + p.deletes.join(", "));
      if (p.contacts.length) parts.push("contacts " + p.contacts.join(", "));
      if (p.unbound) parts.push("runs code whose reads, writes and connections cannot be known");
      var li = el("li");
      li.appendChild(el("code", null, p.command || p.program));
      li.appendChild(document.createTextNode(": " + (parts.length ? parts.join("; ") : "no file or network effect known")));
      list.appendChild(li);
    });
    what.hosts.forEach(function (h) {
      var li = el("li");
      li.appendChild(el("code", null, h.url));
      li.appendChild(document.createTextNode(": host " + h.host + (h.kind ? " (" + h.kind + ")" : "")));
      list.appendChild(li);
    });
    box.appendChild(list);
    if (what.why) box.appendChild(el("p", "why", "Asked by " + what.why.step + (what.why.rule ? " (" + what.why.rule + ")" : "") + ": " + what.why.detail));
    box.hidden = false;
  }

  function card(action) {
    var c = el("article", "action");
    c.dataset.actionId = action.id;
    var head = el("header");
    head.appendChild(el("h3", "tool", action.tool_name));
    var age = el("span", "age");
    age.dataset.created = action.created_at;
    age.dataset.expires = action.expires_at;
    head.appendChild(age);
    c.appendChild(head);
    c.appendChild(el("p", "meta", "agent " + (action.agent_id || "—") + " · thread " + (action.thread_id || "—") + " · " + action.id));
    if (!action.verified) c.appendChild(el("p", "warning", "This record failed its integrity check: it cannot be approved."));
    var reasons = el("ul", "reasons");
    (action.reasons || []).forEach(function (r) {
      var li = el("li");
      li.appendChild(el("code", null, r.code));
      if (r.message) li.appendChild(document.createTextNode(" " + r.message));
      reasons.appendChild(li);
    });
    c.appendChild(reasons);
    if (action.rule) c.appendChild(el("p", "rule", "Rule: " + action.rule));
    var what = el("div", "what");
    what.hidden = true;
    c.appendChild(what);
    // The list leaves it out: one action's record carries what the call would do.
    api("GET", "/api/actions/" + encodeURIComponent(action.id)).then(function (full) { showWhat(what, full.what_will_happen); }, function () {});
    c.appendChild(argsView(action.tool_input));

    var controls = el("div", "controls");
    controls.appendChild(button("approve", "Approve once", "approve"));
    controls.appendChild(group([choice("ttl", [["300", "5 minutes"], ["3600", "1 hour"], ["28800", "8 hours"]]), button("approve-window", "Approve for")]));
    controls.appendChild(group([choice("scope", [
      ["thread", "this thread", !action.thread_id], ["agent", "this agent", !action.agent_id], ["policy", "everyone"],
    ]), button("approve-always", "Always allow")]));
    controls.appendChild(button("edit", "Edit arguments"));
    var message = el("input", "message");
    message.name = "message";
    message.placeholder = "Why not? (the agent reads this)";
    message.maxLength = 2000;
    controls.appendChild(message);
    controls.appendChild(button("reject", "Reject", "reject"));
    c.appendChild(controls);

    var editor = el("div", "editor");
    editor.hidden = true;
    var area = el("textarea");
    area.name = "updated_input";
    area.spellcheck = false;
    editor.appendChild(area);
    editor.appendChild(group([button("approve-edited", "Approve edited call", "approve"), button("cancel-edit", "Cancel")]));
    c.appendChild(editor);
    c.appendChild(el("p", "error", ""));
    c._action = action;
    if (!action.verified) c.querySelectorAll("button").forEach(function (b) { if (b.dataset.op !== "reject") b.disabled = true; });
    var scope = c.querySelector("select[name=scope]");
    var firstOpen = Array.prototype.find.call(scope.options, function (o) { return !o.disabled; });
    if (firstOpen) scope.value = firstOpen.value;
    return c;
  }

  function decide(c, op) {
    var action = c._action;
    var error = c.querySelector(".error");
    error.textContent = "";
    if (op === "edit") {
      c.querySelector(".editor").hidden = false;
      c.querySelector("textarea").value = JSON.stringify(action.tool_input, null, 2);
      return;
    }
    if (op === "cancel-edit") {
      c.querySelector(".editor").hidden = true;
      return;
    }
    var path = "/api/actions/" + encodeURIComponent(action.id) + "/";
    var body = {};
    var verb = "approve";
    if (op === "approve-window") body.ttl_seconds = Number(c.querySelector("select[name=ttl]").value);
    if (op === "approve-always") body.scope = c.querySelector("select[name=scope]").value;
    if (op === "approve-edited") {
      try {
        body.updated_input = JSON.parse(c.querySelector("textarea").value);
      } catch (e) {
        error.textContent = "The arguments are not valid JSON: " + e.message;
        return;
      }
      if (!body.updated_input || typeof body.updated_input !== "object" || Array.isArray(body.updated_input)) {
        error.textContent = "The arguments must be a JSON object.";
        return;
      }
    }
    if (op === "reject") {
      verb = "reject";
      var text = c.querySelector("input[name=message]").value;
      if (text) body.message = text;
    }
    c.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    api("POST", path + verb, body).then(function (decided) {
      remember(decided);
      cards.delete(action.id);
      c.remove();
      refresh();
    }, function (e) {
      error.textContent = e.message;
      c.querySelectorAll("button").forEach(function (b) { b.disabled = !action.verified && b.dataset.op !== "reject"; });
    });
  }

  function remember(action) {
    var list = $("decided");
    var d = action.decision || {};
    var how = action.status === "rejected" ? "rejected" : d.kind === "rule" ? "always allowed (" + d.scope + ")" : d.kind === "window" ? "approved for a window" : d.updated_input ? "approved with edits" : "approved once";
    var item = el("li", "st-" + action.status, action.tool_name + " · " + how + (d.decided_by ? " by " + d.decided_by : "") + " · " + action.id);
    list.insertBefore(item, list.firstChild);
    while (list.children.length > 10) list.removeChild(list.lastChild);
    $("history").hidden = false;
  }

  // The first "count" pages of pending actions, newest first, following next_cursor; "more": whether older ones remain.
  function pendingPages(count) {
    var actions = [];
    function page(cursor, left) {
      var path = "/api/actions?status=pending&limit=" + PAGE_SIZE + (cursor ? "&cursor=" + encodeURIComponent(cursor) : "");
      return api("GET", path).then(function (data) {
        actions = actions.concat(data.actions);
        if (data.next_cursor && left > 1) return page(data.next_cursor, left - 1);
        return { actions: actions, more: Boolean(data.next_cursor) };
      });
    }
    return page(null, count);
  }

  // One load at a time: a poll that comes while one runs shares it.
  function refresh() {
    if (!loading) loading = load().then(function () { loading = null; }, function () { loading = null; });
    return loading;
  }

  function load() {
    return pendingPages(pages).then(function (data) {
      var seen = new Set();
      var container = $("actions");
      var previous = null;
      data.actions.forEach(function (action) {
        if (seen.has(action.id)) return;
        seen.add(action.id);
        var c = cards.get(action.id);
        if (!c) {
          c = card(action);
          cards.set(action.id, c);
        }
        if (c.previousSibling !== previous || c.parentNode !== container) container.insertBefore(c, previous ? previous.nextSibling : container.firstChild);
        previous = c;
      });
      cards.forEach(function (c, id) {
        if (!seen.has(id)) {
          c.remove();
          cards.delete(id);
        }
      });
      $("count").textContent = String(seen.size) + (data.more ? "+" : "");
      $("empty").hidden = seen.size > 0;
      $("more").hidden = !data.more;
      $("status").textContent = "Live · updated " + new Date().toLocaleTimeString();
      tick();
    }, function (e) {
      if (e.message !== "unauthorized") $("status").textContent = "Cannot reach the API: " + e.message;
    });
  }

  function start() {
    $("unlock").hidden = true;
    $("queue").hidden = false;
    $("lock").hidden = false;
    refresh();
    timers.push(setInterval(refresh, POLL_MS), setInterval(tick, 1000));
  }

  function lock(reason) {
    sessionStorage.removeItem(KEY);
    timers.forEach(clearInterval);
    timers = [];
    cards.forEach(function (c) { c.remove(); });
    cards.clear();
    pages = 1;
    $("more").hidden = true;
    $("queue").hidden = true;
    $("history").hidden = true;
    $("lock").hidden = true;
    $("unlock").hidden = false;
    $("unlock-error").textContent = reason || "";
    $("status").textContent = "Locked";
  }

  document.addEventListener("DOMContentLoaded", function () {
    $("unlock").addEventListener("submit", function (event) {
      event.preventDefault();
      sessionStorage.setItem(KEY, $("token").value);
      $("token").value = "";
      $("unlock-error").textContent = "";
      start();
    });
    $("lock").addEventListener("click", function () { lock(""); });
    $("more").addEventListener("click", function () {
      pages += 1;
      (loading || Promise.resolve()).then(refresh);
    });
    $("actions").addEventListener("click", function (event) {
      var target = event.target.closest("button[data-op]");
      var c = target && target.closest("article.action");
      if (c && !target.disabled) decide(c, target.dataset.op);
    });
    if (token()) start();
  });
})();
`;
