// The HTML report's inline style and script, the same on every tool's page. The script only
// filters what the page already shows (rows carry data-severity and data-rule) and opens the rule
// groups a filter finds rows in; it never builds markup, so nothing from the provider passes
// through it. The filter bar starts hidden, so a reader with scripts off sees no dead controls.

export const REPORT_CSS = `
:root { color-scheme: light dark; --fail: #c62828; --warn: #b26a00; --pass: #2e7d32; --skip: #6b7280; --line: #d0d7de; --soft: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --line: #30363d; --soft: #161b22; } }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; padding: 1.5rem; max-width: 80rem; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.05rem; margin: 1.75rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; font-weight: 600; }
.verdict { display: inline-block; padding: 0.2rem 0.7rem; border-radius: 4px; color: #fff; font-weight: 700; letter-spacing: 0.03em; }
.verdict-pass { background: var(--pass); } .verdict-fail { background: var(--fail); } .verdict-partial { background: var(--warn); }
.sev-known { color: var(--skip); font-weight: 600; }
ul.items { margin: 0.25rem 0 0.75rem; padding-left: 1.5rem; }
.meta { color: var(--skip); margin: 0.5rem 0 1rem; }
.meta span + span::before { content: " · "; }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0 0.75rem; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.mark { display: inline-block; min-width: 3.2em; text-align: center; border-radius: 3px; color: #fff; font-size: 0.8em; padding: 0 0.3em; margin-right: 0.4em; }
.mark-failed { background: var(--fail); } .mark-warned { background: var(--warn); } .mark-passed { background: var(--pass); } .mark-skipped { background: var(--skip); }
.sev-error { color: var(--fail); font-weight: 600; } .sev-warning { color: var(--warn); font-weight: 600; }
.group, .dur { color: var(--skip); font-weight: 400; font-size: 0.85em; margin-left: 0.5em; }
.skip-reason { color: var(--skip); margin: 0 0 0.5rem 4em; }
details.rule-group { margin-left: 1.5rem; }
details.rule-group > summary { cursor: pointer; padding: 0.15rem 0; }
.notes { background: var(--soft); border-left: 3px solid var(--warn); padding: 0.5rem 0.75rem; margin: 0.75rem 0; }
.notes p { margin: 0.2rem 0; }
#filters { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: center; position: sticky; top: 0; background: Canvas; padding: 0.6rem 0; border-bottom: 1px solid var(--line); z-index: 1; }
#filters[hidden] { display: none; }
#filters input[type="search"] { min-width: 16rem; }
#shown { color: var(--skip); }
[hidden] { display: none !important; }
`;

export const REPORT_SCRIPT = `
(function () {
  var form = document.getElementById("filters");
  if (!form) return;
  form.hidden = false;
  var errorsOnly = form.elements.namedItem("errors");
  var rule = form.elements.namedItem("rule");
  var text = form.elements.namedItem("text");
  var shown = document.getElementById("shown");
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.finding"));
  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }
  function apply() {
    var needle = text.value.trim().toLowerCase();
    var active = errorsOnly.checked || rule.value !== "" || needle !== "";
    var count = 0;
    rows.forEach(function (row) {
      var visible = (!errorsOnly.checked || row.getAttribute("data-severity") === "error") &&
        (rule.value === "" || row.getAttribute("data-rule") === rule.value) &&
        (needle === "" || row.textContent.toLowerCase().indexOf(needle) !== -1);
      row.hidden = !visible;
      if (visible) count++;
    });
    // A filter opens the groups it finds rows in (warnings start collapsed); clearing it restores them.
    each(".rule-group", function (group) {
      var found = !!group.querySelector("tr.finding:not([hidden])");
      group.hidden = !found;
      group.open = active ? found : group.getAttribute("data-open") === "yes";
    });
    each(".check", function (check) { check.hidden = active && !check.querySelector("tr.finding:not([hidden])"); });
    each(".endpoint", function (section) { section.hidden = active && !section.querySelector(".check:not([hidden])"); });
    shown.textContent = count + " of " + rows.length + " findings shown";
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  apply();
})();
`;
