/**
 * Settings side panel: the same tunables as the extension popup — driver weights,
 * thresholds, extra path rules, trusted bots and governance policies — as a form that
 * emits Settings JSON on every change, so the page can re-score instantly ("what if the
 * review rate were 300 lines an hour?").
 *
 * The form is generated from the engine's own defaults (`defaultSettings()`), so every
 * number shown as a default is the engine's, a new threshold appears without a change here,
 * and "Reset to defaults" means exactly what the engine uses. Values are validated by the
 * engine (`analyzeBundle` rejects out-of-range settings with a message naming the field);
 * this form only reports what it cannot even parse (a bad number, policies that are not JSON).
 * Source: the Settings JSON shape in src/settings/ (mod.rs, thresholds.rs, policy.rs).
 */

/** Visitor-facing labels for known thresholds; unknown fields get a label from their key. */
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
  ["generated", "Generated files", "excluded from review time, e.g. src/gen/**"],
  ["vendored", "Vendored files", "excluded from review time, e.g. third_party/**"],
  ["sensitive", "Sensitive paths", "raise focus priority, e.g. src/auth/**"],
  ["tests", "Test files", "count as tests, e.g. spec/**/*.rb"],
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

function lines(text) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

let uniqueId = 0;
function nextId(prefix) {
  uniqueId += 1;
  return `settings-${prefix}-${uniqueId}`;
}

function group(title, open) {
  const details = element("details", { class: "settings-group" });
  details.open = open;
  details.append(element("summary", {}, title));
  return details;
}

/** One weight row: a slider and a number box kept in step (0–1, step 0.05). */
function weightRow(id, defaultValue, onInput) {
  const row = element("div", { class: "settings-weight", "data-weight": id });
  const sliderId = nextId("weight");
  const label = element("label", { for: sliderId, class: "settings-weight-label" });
  label.append(element("span", {}, humanize(id)), element("code", {}, id));
  const slider = element("input", {
    type: "range", id: sliderId, min: "0", max: "1", step: "0.05", "data-weight-slider": id,
  });
  const number = element("input", {
    type: "number", min: "0", max: "1", step: "0.05", inputmode: "decimal",
    "aria-label": `${humanize(id)} weight`, "data-weight-number": id, class: "settings-number",
  });
  const set = (value) => {
    slider.value = String(value);
    number.value = String(value);
  };
  set(defaultValue);
  slider.addEventListener("input", () => {
    number.value = slider.value;
    onInput();
  });
  number.addEventListener("input", () => {
    if (number.value !== "" && !Number.isNaN(Number(number.value))) slider.value = number.value;
    onInput();
  });
  row.append(label, slider, number);
  return { row, set, read: () => number.value.trim() };
}

function thresholdRow(key, defaultValue, onInput) {
  const [labelText, unit] = THRESHOLD_LABELS[key] ?? [humanize(key), ""];
  const row = element("div", { class: "settings-threshold" });
  const inputId = nextId("threshold");
  const label = element("label", { for: inputId }, labelText);
  const input = element("input", {
    type: "number", id: inputId, min: "0", step: "1", inputmode: "numeric",
    "data-threshold": key, class: "settings-number",
  });
  input.value = String(defaultValue);
  input.addEventListener("input", onInput);
  const hint = element("span", { class: "settings-unit" }, unit ? `${unit} · default ${defaultValue}` : `default ${defaultValue}`);
  row.append(label, input, hint);
  return { row, set: (value) => (input.value = String(value)), read: () => input.value.trim(), input };
}

function textareaRow(labelText, hintText, rows, onInput, attributes = {}) {
  const wrap = element("div", { class: "settings-text" });
  const id = nextId("text");
  const hintId = `${id}-hint`;
  wrap.append(element("label", { for: id }, labelText));
  const area = element("textarea", {
    id, rows: String(rows), spellcheck: "false", autocomplete: "off", "aria-describedby": hintId, ...attributes,
  });
  area.addEventListener("input", onInput);
  wrap.append(area, element("p", { id: hintId, class: "settings-hint" }, hintText));
  return { row: wrap, area };
}

/**
 * Builds the settings form in `container`. `onChange(settingsJson)` runs after each edit
 * (debounced to one frame). Returns `{settingsJson(), showError(text), reset()}`.
 */
export async function initSettingsPanel(container, { engine, onChange }) {
  const defaults = JSON.parse(engine.defaultSettings ? engine.defaultSettings() : "{}");
  const defaultThresholds = defaults.thresholds ?? {};
  const defaultWeights = defaults.weights ?? {};
  let pending = 0;
  const changed = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      const json = collect();
      if (json !== null) onChange(json);
    });
  };

  container.replaceChildren();
  const problems = element("p", { class: "settings-error", role: "alert", hidden: "" });

  const weights = {};
  const weightGroup = group("Risk driver weights", true);
  weightGroup.append(element("p", { class: "settings-hint" },
    "How much each driver adds to the risk score when it fires (0 = ignore it, 1 = on its own makes the PR critical)."));
  const weightIds = Object.keys(defaultWeights).sort();
  if (weightIds.length === 0) {
    weightGroup.append(element("p", { class: "settings-hint" }, "This engine build has no driver weight table."));
  }
  for (const id of weightIds) {
    weights[id] = weightRow(id, defaultWeights[id], changed);
    weightGroup.append(weights[id].row);
  }

  const thresholds = {};
  const thresholdGroup = group("Thresholds", true);
  for (const key of Object.keys(defaultThresholds)) {
    thresholds[key] = thresholdRow(key, defaultThresholds[key], changed);
    thresholdGroup.append(thresholds[key].row);
  }

  const pathGroup = group("Path rules and trusted bots", false);
  pathGroup.append(element("p", { class: "settings-hint" },
    "One glob per line (gitignore-like, ** for any depth). Added to the built-in lists, never replacing them."));
  const paths = {};
  for (const [key, label, hint] of PATH_RULES) {
    paths[key] = textareaRow(label, hint, 2, changed, { "data-paths": key });
    pathGroup.append(paths[key].row);
  }
  const bots = textareaRow("Trusted bots", "One login per line, e.g. renovate[bot]; their PRs get bot trust.", 2, changed, { "data-bots": "" });
  pathGroup.append(bots.row);

  const policyGroup = group("Governance policies (JSON)", false);
  const policies = textareaRow(
    "Policies",
    'A JSON array of {id, name, rules: [{id, name, when, require, on_violation: "warn"|"fail"}]}; conditions are {field, operator, value} or AND/OR/NOT.',
    6, changed, { "data-policies": "", class: "settings-code" },
  );
  policyGroup.append(policies.row);

  const buttons = element("div", { class: "settings-buttons" });
  const resetButton = element("button", { type: "button", class: "btn", id: "settings-reset" }, "Reset to defaults");
  const copyButton = element("button", { type: "button", class: "btn", id: "settings-copy" }, "Copy settings JSON");
  buttons.append(resetButton, copyButton);

  container.append(weightGroup, thresholdGroup, pathGroup, policyGroup, problems, buttons);

  function showError(text) {
    problems.textContent = text;
    problems.hidden = text === "";
    container.dataset.invalid = text === "" ? "false" : "true";
  }

  function parseNumber(text, field, integer) {
    if (text === "") return { error: `${field} is empty` };
    const value = Number(text);
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < 0) {
      return { error: `${field} must be a ${integer ? "whole " : ""}number of 0 or more` };
    }
    return { value };
  }

  /** The Settings JSON for the form, or null (after showing why) when a field cannot be read. */
  function collect() {
    const settings = { thresholds: {}, weights: {}, paths: {}, trusted_bots: lines(bots.area.value), policies: [] };
    const errors = [];
    for (const [key, row] of Object.entries(thresholds)) {
      const parsed = parseNumber(row.read(), key, true);
      row.input.toggleAttribute("aria-invalid", Boolean(parsed.error));
      if (parsed.error) errors.push(parsed.error);
      else settings.thresholds[key] = parsed.value;
    }
    for (const [id, row] of Object.entries(weights)) {
      const parsed = parseNumber(row.read(), `weight of ${id}`, false);
      if (parsed.error) errors.push(parsed.error);
      else settings.weights[id] = parsed.value;
    }
    for (const [key, row] of Object.entries(paths)) settings.paths[key] = lines(row.area.value);
    const policyText = policies.area.value.trim();
    if (policyText !== "") {
      try {
        const parsed = JSON.parse(policyText);
        settings.policies = Array.isArray(parsed) ? parsed : [parsed];
        policies.area.removeAttribute("aria-invalid");
      } catch (error) {
        policies.area.setAttribute("aria-invalid", "true");
        errors.push(`policies are not valid JSON (${error.message})`);
      }
    } else {
      policies.area.removeAttribute("aria-invalid");
    }
    if (errors.length) {
      showError(`These settings were not applied: ${errors.join("; ")}.`);
      return null;
    }
    showError("");
    return JSON.stringify(settings);
  }

  function reset() {
    for (const [id, row] of Object.entries(weights)) row.set(defaultWeights[id]);
    for (const [key, row] of Object.entries(thresholds)) row.set(defaultThresholds[key]);
    for (const row of Object.values(paths)) row.area.value = "";
    bots.area.value = "";
    policies.area.value = "";
    for (const input of container.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const json = collect();
    if (json !== null) onChange(json);
  }

  resetButton.addEventListener("click", reset);
  copyButton.addEventListener("click", async () => {
    const json = collect();
    if (json === null) return;
    const pretty = JSON.stringify(JSON.parse(json), null, 2);
    try {
      await navigator.clipboard.writeText(pretty);
      copyButton.textContent = "Copied ✓";
    } catch {
      copyButton.textContent = "Copy blocked by the browser";
    }
    setTimeout(() => (copyButton.textContent = "Copy settings JSON"), 2000);
  });

  return {
    settingsJson: () => collect() ?? "",
    showError,
    reset,
  };
}
