/**
 * Fallback engine-settings form, used only when this build lacks the shared form
 * (`settings-form.js`, written by panel-ui for the popup and copied next to the page by
 * build.sh). It offers the same knobs under the same `buildEngineForm(container, {defaults,
 * initial, onChange}) -> {read(), set(settings)}` interface, so the page behaves the same.
 *
 * Why: the settings side panel is the playground's main "what if" tool; a packaging slip
 * must not remove it. Values are validated by the engine (`analyzeBundle` names the field);
 * this form reports only what it cannot parse.
 * Source: the Settings JSON shape in src/settings/ (mod.rs, thresholds.rs, policy.rs).
 */

/** Panel sections in panel order (`data-prlens-section` keys), as the popup lists them. */
export const SECTIONS = [
  ["risk", "Risk drivers"],
  ["intent", "Intent"],
  ["contributors", "Contributors"],
  ["evidence", "Evidence"],
  ["supply_chain", "Supply chain"],
  ["focus", "Focus files"],
  ["triage", "Triage"],
  ["conventions", "Conventions"],
  ["governance", "Governance"],
  ["next_steps", "Next steps"],
];

const THRESHOLD_LABELS = {
  large_diff_lines: ["Large change from", "counted lines"],
  large_diff_severe_lines: ["Large change at full weight", "counted lines"],
  many_files: ["Many files from", "files"],
  many_files_severe: ["Many files at full weight", "files"],
  young_account_days: ["Young account under", "days"],
  review_rate_loc_per_hour: ["Review rate", "lines per hour"],
  stale_days: ["Stale after", "days without update"],
  stale_high_days: ["Very stale after", "days without update"],
  critical_file_lines: ["Critical file from", "changed lines"],
  approve_readiness: ["Approve at readiness of at least", "%"],
  request_changes_readiness: ["Request changes below readiness", "%"],
};

const PATH_RULES = [
  ["generated", "Generated files", "Excluded from review time, e.g. src/gen/**"],
  ["vendored", "Vendored files", "Excluded from review time, e.g. third_party/**"],
  ["sensitive", "Sensitive paths", "Raise focus priority, e.g. src/auth/**"],
  ["tests", "Test files", "Count as tests, e.g. spec/**/*.rb"],
];

function humanize(key) {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

let idCounter = 0;
function uniqueId(prefix) {
  idCounter += 1;
  return `prlens-www-${prefix}-${idCounter}`;
}

function lines(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

function group(title, open) {
  const details = element("details", { class: "form-group" });
  details.open = open;
  details.append(element("summary", {}, title));
  return details;
}

function numberRow(labelText, unit, defaultValue, attributes, onInput) {
  const row = element("div", { class: "form-row" });
  const id = uniqueId("num");
  const input = element("input", {
    type: "number", id, min: "0", inputmode: "decimal", class: "form-control form-number", ...attributes,
  });
  input.addEventListener("input", onInput);
  const hint = element("span", { class: "form-unit" }, unit ? `${unit} · default ${defaultValue}` : `default ${defaultValue}`);
  row.append(element("label", { for: id }, labelText), input, hint);
  return input;
}

function textRow(labelText, hintText, rows, attributes, onInput) {
  const row = element("div", { class: "form-row form-row-text" });
  const id = uniqueId("text");
  const area = element("textarea", {
    id, rows: String(rows), spellcheck: "false", autocomplete: "off", "aria-describedby": `${id}-hint`,
    class: "form-control", ...attributes,
  });
  area.addEventListener("input", onInput);
  row.append(element("label", { for: id }, labelText), area, element("p", { id: `${id}-hint`, class: "form-hint" }, hintText));
  return area;
}

/** Same contract as settings-form.js: `read()` gives `{settings, error}` with only non-default values. */
export function buildEngineForm(container, { defaults, initial = {}, onChange = () => {} }) {
  const defaultThresholds = defaults?.thresholds ?? {};
  const defaultWeights = defaults?.weights ?? {};
  container.replaceChildren();

  const weightGroup = group("Driver weights", true);
  weightGroup.append(element("p", { class: "form-hint" },
    "How much each risk driver adds when it fires: 0 ignores it, 1 makes a PR critical on its own."));
  const weightInputs = {};
  for (const id of Object.keys(defaultWeights).sort()) {
    weightInputs[id] = numberRow(humanize(id), "0–1", defaultWeights[id], { step: "0.05", max: "1", "data-weight": id }, onChange);
    weightGroup.append(weightInputs[id].parentElement);
  }

  const thresholdGroup = group("Thresholds", true);
  const thresholdInputs = {};
  for (const key of Object.keys(defaultThresholds)) {
    const [label, unit] = THRESHOLD_LABELS[key] ?? [humanize(key), ""];
    thresholdInputs[key] = numberRow(label, unit, defaultThresholds[key], { step: "1", "data-threshold": key }, onChange);
    thresholdGroup.append(thresholdInputs[key].parentElement);
  }

  const pathGroup = group("Path rules and trusted bots", false);
  pathGroup.append(element("p", { class: "form-hint" },
    "One glob per line (** matches any depth). Added to the built-in lists, never replacing them."));
  const pathInputs = {};
  for (const [key, label, hint] of PATH_RULES) {
    pathInputs[key] = textRow(label, hint, 2, { "data-paths": key }, onChange);
    pathGroup.append(pathInputs[key].parentElement);
  }
  const bots = textRow("Trusted bots", "One login per line, e.g. renovate[bot].", 2, { "data-bots": "" }, onChange);
  pathGroup.append(bots.parentElement);

  const policyGroup = group("Governance policies (JSON)", false);
  const policies = textRow("Policies",
    'A JSON array of {id, name, rules: [{id, name, when, require, on_violation: "warn"|"fail"}]}; conditions are {field, operator, value} or {AND|OR: [...]}, {NOT: {...}}.',
    6, { "data-policies": "", class: "form-control form-code" }, onChange);
  policyGroup.append(policies.parentElement);

  container.append(weightGroup, thresholdGroup, pathGroup, policyGroup);

  function set(settings) {
    const value = settings ?? {};
    for (const [key, input] of Object.entries(thresholdInputs)) input.value = String(value.thresholds?.[key] ?? defaultThresholds[key]);
    for (const [id, input] of Object.entries(weightInputs)) input.value = String(value.weights?.[id] ?? defaultWeights[id]);
    for (const [key, area] of Object.entries(pathInputs)) area.value = (value.paths?.[key] ?? []).join("\n");
    bots.value = (value.trusted_bots ?? []).join("\n");
    policies.value = value.policies?.length ? JSON.stringify(value.policies, null, 2) : "";
    for (const input of container.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  }

  function read() {
    const settings = {};
    const problems = [];
    const thresholds = {};
    for (const [key, input] of Object.entries(thresholdInputs)) {
      const number = Number(input.value.trim());
      const bad = input.value.trim() === "" || !Number.isInteger(number) || number < 0;
      input.toggleAttribute("aria-invalid", bad);
      if (bad) problems.push(`${THRESHOLD_LABELS[key]?.[0] ?? humanize(key)} must be a whole number ≥ 0`);
      else if (number !== defaultThresholds[key]) thresholds[key] = number;
    }
    if (Object.keys(thresholds).length) settings.thresholds = thresholds;
    const weights = {};
    for (const [id, input] of Object.entries(weightInputs)) {
      const number = Number(input.value.trim());
      const bad = input.value.trim() === "" || Number.isNaN(number) || number < 0 || number > 1;
      input.toggleAttribute("aria-invalid", bad);
      if (bad) problems.push(`weight of ${id} must be a number from 0 to 1`);
      else if (number !== defaultWeights[id]) weights[id] = number;
    }
    if (Object.keys(weights).length) settings.weights = weights;
    const paths = {};
    for (const [key, area] of Object.entries(pathInputs)) {
      const globs = lines(area.value);
      if (globs.length) paths[key] = globs;
    }
    if (Object.keys(paths).length) settings.paths = paths;
    const botLogins = lines(bots.value);
    if (botLogins.length) settings.trusted_bots = botLogins;
    const policyText = policies.value.trim();
    policies.removeAttribute("aria-invalid");
    if (policyText) {
      try {
        const parsed = JSON.parse(policyText);
        if (!Array.isArray(parsed)) throw new Error("policies must be a JSON array [ … ]");
        settings.policies = parsed;
      } catch (error) {
        policies.setAttribute("aria-invalid", "true");
        problems.push(`Governance policies: ${error.message}`);
      }
    }
    return { settings, error: problems.join("; ") };
  }

  set(initial);
  return { read, set };
}
