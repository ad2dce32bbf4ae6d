// The console page served at `/_mock/`: one HTML document with inline CSS and script (no external
// resource; a CSP header admits only these two, by hash, and fetches to the mock itself). The
// script reads `api/state` and `api/requests`, listens to `events`, and drives the scenario and
// reload buttons through the same JSON API scripts use. It only ever sets textContent: request
// URLs and data come from whoever calls the mock.
import { createHash } from "node:crypto";
import { OPERATION_IDS } from "../../contract/operations.js";
import { FAULT_DESCRIPTIONS, FAULTS } from "../faults.js";

const CSS = `
:root { color-scheme: light dark; --line: #d0d7de; --soft: #f6f8fa; --muted: #6b7280; --ok: #2e7d32; --warn: #b26a00; --bad: #c62828; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --line: #30363d; --soft: #161b22; } }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; padding: 1.25rem; max-width: 84rem; }
h1 { font-size: 1.3rem; margin: 0; } h2 { font-size: 1rem; margin: 0 0 0.5rem; }
header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; margin-bottom: 1rem; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); gap: 1rem; margin-bottom: 1rem; }
section { border: 1px solid var(--line); border-radius: 6px; padding: 0.9rem 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.75rem; margin: 0 0 0.75rem; } dt { color: var(--muted); } dd { margin: 0; }
form { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; align-items: center; }
input[type="number"] { width: 7rem; }
button { font: inherit; padding: 0.25rem 0.8rem; border-radius: 5px; border: 1px solid var(--line); background: var(--soft); color: inherit; cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
.pill { display: inline-block; border-radius: 999px; padding: 0 0.6rem; font-size: 0.85em; border: 1px solid var(--line); }
.ok { color: var(--ok); } .bad { color: var(--bad); } .warn { color: var(--warn); }
#live.on { border-color: var(--ok); color: var(--ok); }
#requests tr.s4 td:nth-child(4) { color: var(--warn); font-weight: 600; }
#requests tr.s5 td:nth-child(4) { color: var(--bad); font-weight: 600; }
#requests tr.s2 td:nth-child(4) { color: var(--ok); }
.log { max-height: 32rem; overflow: auto; }
`;

const SCRIPT = `
(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }
  function api(method, path, body) {
    var init = { method: method, headers: { Accept: "application/json" } };
    if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    return fetch("api/" + path, init).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, body: json }; });
    });
  }
  var shown = {};
  var rows = $("requests");
  function addRequest(r) {
    if (shown[r.id]) return;
    shown[r.id] = true;
    var tr = el("tr", undefined, r.status >= 500 ? "s5" : r.status >= 400 ? "s4" : "s2");
    tr.setAttribute("data-id", r.id);
    [r.at.slice(11, 23), r.method, r.url, r.status === null ? "-" : r.status, r.ms.toFixed(1) + " ms", (r.session ? "session " + r.session + " " : "") + r.note.trim()].forEach(function (value, i) {
      tr.appendChild(el("td", value, i === 2 ? "mono" : i === 4 ? "num" : ""));
    });
    var before = rows.firstChild;
    while (before && Number(before.getAttribute("data-id")) > r.id) before = before.nextSibling;
    rows.insertBefore(tr, before);
    while (rows.children.length > 200) rows.removeChild(rows.lastChild);
    $("request-count").textContent = rows.children.length + " shown, newest first";
  }
  function showDataset(d) {
    $("source").textContent = d.source;
    $("summary").textContent = d.summary;
    $("loaded-at").textContent = d.loadedAt;
    $("live").textContent = d.live ? d.live + ": answers change as records move on" : "off (mock --live moves queued and running records)";
    var reload = $("last-reload");
    reload.className = "";
    if (!d.lastReload) reload.textContent = "none since start";
    else if (d.lastReload.ok) { reload.textContent = d.lastReload.at + ": accepted (" + d.lastReload.summary + ")"; reload.className = "ok"; }
    else { reload.textContent = d.lastReload.at + ": refused, still serving the last good data: " + d.lastReload.error.code + " " + d.lastReload.error.message; reload.className = "bad"; }
    var apps = $("apps");
    apps.textContent = "";
    d.apps.forEach(function (app) {
      var tr = el("tr");
      var id = el("td"); var link = el("a", app.appId, "mono"); link.href = "../evaluations?app_id=" + encodeURIComponent(app.appId); id.appendChild(link);
      tr.appendChild(id);
      tr.appendChild(el("td", app.evaluations, "num"));
      tr.appendChild(el("td", app.humanEvaluations, "num"));
      apps.appendChild(tr);
    });
  }
  function describe(s) {
    var parts = [];
    if (s.delay !== undefined) parts.push("delay " + s.delay + " ms");
    if (s.code !== undefined) parts.push("status " + s.code);
    if (s.empty) parts.push("empty lists");
    if (s.fault) parts.push("fault " + s.fault);
    return (s.operation ? s.operation + ": " : "") + parts.join(", ");
  }
  function showScenario(given) {
    var list = Array.isArray(given) ? given : Object.keys(given).length ? [given] : [];
    var s = list[0] || {};
    $("operation").value = s.operation || "";
    $("delay").value = s.delay === undefined ? "" : s.delay;
    $("code").value = s.code === undefined ? "" : String(s.code);
    $("empty").checked = s.empty === true;
    $("fault").value = s.fault || "";
    $("scenario-now").textContent = list.length ? "Active for every request without its own Prefer or session: " + list.map(describe).join("; ") : "None: every request answers normally.";
    $("scenario-now").className = list.length ? "warn" : "muted";
  }
  function sendScenario(body) {
    return api("POST", "scenario", body).then(function (res) {
      $("scenario-error").textContent = res.ok ? "" : res.body.detail;
      if (res.ok) showScenario(res.body.scenario);
    });
  }
  $("scenario").addEventListener("submit", function (event) {
    event.preventDefault();
    var body = {};
    if ($("delay").value !== "") body.delay = Number($("delay").value);
    if ($("code").value !== "") body.code = Number($("code").value);
    if ($("empty").checked) body.empty = true;
    if ($("fault").value !== "") body.fault = $("fault").value;
    if ($("operation").value !== "") body.operation = $("operation").value;
    sendScenario(body);
  });
  $("clear").addEventListener("click", function () { sendScenario({}); });
  $("reload").addEventListener("click", function () {
    $("reload-result").textContent = "reloading...";
    api("POST", "reload", {}).then(function (res) {
      $("reload-result").textContent = res.ok ? "" : res.body.detail;
      if (res.body.dataset) showDataset(res.body.dataset);
    });
  });
  var events = new EventSource("events");
  events.addEventListener("open", function () { $("live").textContent = "live"; $("live").className = "pill on"; document.body.setAttribute("data-live", "true"); });
  events.addEventListener("error", function () { $("live").textContent = "reconnecting"; $("live").className = "pill"; document.body.removeAttribute("data-live"); });
  events.addEventListener("request", function (event) { addRequest(JSON.parse(event.data)); });
  events.addEventListener("dataset", function (event) { showDataset(JSON.parse(event.data)); });
  events.addEventListener("scenario", function (event) { showScenario(JSON.parse(event.data)); });
  Promise.all([api("GET", "state"), api("GET", "requests")]).then(function (results) {
    $("base-url").textContent = location.origin + results[0].body.basePath;
    showDataset(results[0].body.dataset);
    showScenario(results[0].body.scenario);
    results[1].body.requests.forEach(addRequest);
    document.body.setAttribute("data-ready", "true");
  });
})();
`;

const STATUSES = [401, 403, 404, 422, 429, 500, 502, 503, 504];

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Mock console: Evaluation Listing Service</title><style>${CSS}</style></head>
<body>
<header><h1>Mock console</h1><span class="muted">Evaluation Listing Service at <code id="base-url"></code></span><span id="live" class="pill">connecting</span></header>
<div class="grid">
<section aria-labelledby="dataset-title"><h2 id="dataset-title">Dataset</h2>
<dl><dt>source</dt><dd><code id="source"></code></dd><dt>serving</dt><dd id="summary"></dd><dt>loaded</dt><dd id="loaded-at"></dd><dt>last reload</dt><dd id="last-reload"></dd><dt>live</dt><dd id="live"></dd></dl>
<p><button id="reload" type="button">Reload the data file</button> <span id="reload-result" class="muted"></span></p>
<table><thead><tr><th>app_id (opens its evaluations)</th><th class="num">evaluations</th><th class="num">human evaluations</th></tr></thead><tbody id="apps"></tbody></table>
</section>
<section aria-labelledby="scenario-title"><h2 id="scenario-title">Scenario</h2>
<p class="muted">Applies to every API request after it that sends no <code>Prefer</code> or <code>__</code> parameter of its own and no session.</p>
<form id="scenario"><label>for <select id="operation"><option value="">every operation</option>${OPERATION_IDS.map((id) => `<option value="${id}">${id}</option>`).join("")}</select></label>
<label>delay <input id="delay" type="number" min="0" max="120000" step="50" placeholder="0"> ms</label>
<label>status <select id="code"><option value="">normal</option>${STATUSES.map((s) => `<option value="${s}">${s}</option>`).join("")}</select></label>
<label><input id="empty" type="checkbox"> empty lists</label>
<label>fault <select id="fault"><option value="">none</option>${FAULTS.map((f) => `<option value="${f}" title="${FAULT_DESCRIPTIONS[f]}">${f}</option>`).join("")}</select></label>
<button class="primary" type="submit" id="apply">Apply</button><button type="button" id="clear">Clear</button></form>
<p id="scenario-now" class="muted"></p><p id="scenario-error" class="bad"></p>
</section>
</div>
<section aria-labelledby="log-title"><h2 id="log-title">Requests <span id="request-count" class="muted"></span></h2>
<div class="log"><table><thead><tr><th>time (UTC)</th><th>method</th><th>URL</th><th>status</th><th class="num">time</th><th>scenario</th></tr></thead><tbody id="requests"></tbody></table></div>
</section>
<script>${SCRIPT}</script>
</body></html>
`;

const hash = (source: string): string => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

export const CONSOLE_PAGE = Buffer.from(HTML);

export const CONSOLE_PAGE_CSP = `default-src 'none'; connect-src 'self'; img-src data:; style-src ${hash(CSS)}; script-src ${hash(SCRIPT)}; base-uri 'none'; form-action 'none'`;
