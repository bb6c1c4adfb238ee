/**
 * prlens settings model and form, shared by the extension popup and reusable by
 * the www playground.
 *
 * What: re-exports the preferences model of prefs.js for module importers, and a form for the
 * engine Settings JSON (driver weights, thresholds, extra path globs, trusted bots,
 * governance policies) with validation.
 * Why: the popup and the playground must offer the same knobs with the same words, and a
 * typo in settings must produce a clear message, never a silently ignored value.
 * Source: the Settings JSON shape in src/settings/ (mod.rs, thresholds.rs, policy.rs,
 * weights.rs); defaults come from the engine itself (`defaultSettings()` wasm export), and
 * final validation is the engine's own (`analyzeBundle` rejects out-of-range settings).
 *
 * DOM is built with createElement/textContent only; no markup strings.
 */

// The preferences model (key, defaults, normalisation, owner/* matching, schema version) is
// extension/prefs.js, shared with the panel, the background, the content script and www.
import "../../shared/github-names.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";

export const { SECTIONS, PREFS_KEY, TOKEN_KEY, PREFS_VERSION, defaultPrefs, normalizePrefs, migratePrefs, normalizeRepo, isEnabledFor } =
  globalThis.prlensPrefs;

/** Labels for the engine thresholds; unknown keys get a label from their name. */
export const THRESHOLD_LABELS = {
  large_diff_lines: ["Large change from", "counted lines"],
  large_diff_severe_lines: ["Large change at full weight", "counted lines"],
  many_files: ["Many files from", "files"],
  many_files_severe: ["Many files at full weight", "files"],
  young_account_days: ["Young account under", "days"],
  review_rate_loc_per_hour: ["Review rate (minutes-per-line)", "lines per hour"],
  stale_days: ["Stale after", "days without update"],
  stale_high_days: ["Very stale after", "days without update"],
  critical_file_lines: ["Critical file from", "changed lines"],
  approve_readiness: ["Approve at readiness of at least", "%"],
  request_changes_readiness: ["Request changes below readiness", "%"],
};

/** Extra path globs (added to the engine's built-in lists). */
export const PATH_RULES = [
  ["generated", "Generated files", "Excluded from review time, e.g. src/gen/**"],
  ["vendored", "Vendored files", "Excluded from review time, e.g. third_party/**"],
  ["sensitive", "Sensitive paths", "Raise focus priority, e.g. src/auth/**"],
  ["tests", "Test files", "Count as tests, e.g. spec/**/*.rb"],
];

/**
 * Classifies a GitHub token from its prefix and the /user response headers. Fine-grained
 * tokens (`github_pat_`) send no X-OAuth-Scopes header; classic ones (`ghp_`) list scopes.
 */
export function describeToken(token, headers) {
  const scopes = headers?.get ? headers.get("x-oauth-scopes") : null;
  let type;
  if (token.startsWith("github_pat_")) type = "fine-grained";
  else if (token.startsWith("ghp_")) type = "classic";
  else if (scopes === null) type = "fine-grained";
  else type = "classic";
  const expiry = headers?.get ? headers.get("github-authentication-token-expiration") : null;
  return { type, scopes: scopes === null ? null : scopes, expiry: expiry || null };
}

/** A minimal valid bundle, used to let the engine validate settings (it throws on bad ones). */
const PROBE_BUNDLE = JSON.stringify({
  format: "prlens.bundle.v1",
  fetched_at: "2024-01-02T03:04:05Z",
  pull: {
    number: 1, title: "settings probe", state: "open", user: { login: "octocat", type: "User" },
    additions: 1, deletions: 0, changed_files: 1, html_url: "https://github.com/octo/demo/pull/1",
    base: { ref: "main", repo: { name: "demo", owner: { login: "octo" } } }, head: { ref: "probe", sha: "a".repeat(40) },
  },
  files: [{ filename: "README.md", status: "modified", additions: 1, deletions: 0, patch: "@@ -1 +1,2 @@\n a\n+b" }],
});

/**
 * Checks engine settings with the engine itself. Returns "" when valid, otherwise the
 * engine's one-line message (which names the field).
 */
export function validateEngineSettings(engine, settings) {
  try {
    engine.analyzeBundle(PROBE_BUNDLE, JSON.stringify(settings ?? {}));
    return "";
  } catch (error) {
    return String(error?.message ?? error);
  }
}

// ---- form --------------------------------------------------------------------------------

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
  return `prlens-${prefix}-${idCounter}`;
}

function lines(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

function numberRow(labelText, unit, defaultValue, attributes, onInput) {
  const row = element("div", { class: "form-row" });
  const id = uniqueId("num");
  const label = element("label", { for: id }, labelText);
  const input = element("input", {
    type: "number", id, min: "0", inputmode: "decimal", class: "form-control form-number", ...attributes,
  });
  input.addEventListener("input", onInput);
  const hint = element("span", { class: "form-unit" }, unit ? `${unit} · default ${defaultValue}` : `default ${defaultValue}`);
  row.append(label, input, hint);
  return input;
}

function textRow(labelText, hintText, rows, attributes, onInput) {
  const row = element("div", { class: "form-row form-row-text" });
  const id = uniqueId("text");
  const hintId = `${id}-hint`;
  const area = element("textarea", {
    id, rows: String(rows), spellcheck: "false", autocomplete: "off", "aria-describedby": hintId,
    class: "form-control", ...attributes,
  });
  area.addEventListener("input", onInput);
  row.append(element("label", { for: id }, labelText), area, element("p", { id: hintId, class: "form-hint" }, hintText));
  return area;
}

function group(title, open) {
  const details = element("details", { class: "form-group" });
  details.open = open;
  details.append(element("summary", {}, title));
  return details;
}

/**
 * Builds the engine-settings form in `container`.
 *
 * `defaults`: the engine's default Settings object (from `defaultSettings()`), which lists
 * every threshold and driver weight; `initial`: the user's saved overrides (partial Settings);
 * `onChange()`: called after each edit. Returns `{read(), set(settings), showError(text)}`,
 * where `read()` gives `{settings, error}`: `settings` holds only values that differ from the
 * defaults (so future default changes reach users who never touched a knob) and `error` says
 * what could not be parsed.
 */
export function buildEngineForm(container, { defaults, initial = {}, onChange = () => {} }) {
  const defaultThresholds = defaults?.thresholds ?? {};
  const defaultWeights = defaults?.weights ?? {};
  container.replaceChildren();

  const weightGroup = group("Driver weights", false);
  weightGroup.append(element("p", { class: "form-hint" },
    "How much each risk driver adds when it fires: 0 ignores it, 1 makes a PR critical on its own."));
  const weightInputs = {};
  for (const id of Object.keys(defaultWeights).sort()) {
    weightInputs[id] = numberRow(humanize(id), "0–1", defaultWeights[id],
      { step: "0.05", max: "1", "data-weight": id }, onChange);
  }
  weightGroup.append(...Object.values(weightInputs).map((input) => input.parentElement));

  const thresholdGroup = group("Thresholds", false);
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

  // Low-effort checks: advice shown in the Checks section; each can be switched off.
  const defaultChecks = defaults?.checks ?? {};
  const checkGroup = group("Low-effort checks (advice)", false);
  checkGroup.append(element("p", { class: "form-hint" },
    "Advice in the Checks section; no weight unless you give low_effort_checks one above. Untick to hide a check."));
  const checkBoxes = {};
  for (const id of Object.keys(defaultChecks)) {
    const row = element("div", { class: "form-row form-row-check" });
    const boxId = uniqueId("check");
    const box = element("input", { type: "checkbox", id: boxId, "data-check": id });
    box.addEventListener("change", onChange);
    row.append(box, element("label", { for: boxId }, humanize(id)));
    checkGroup.append(row);
    checkBoxes[id] = box;
  }

  const policyGroup = group("Governance policies (JSON)", false);
  const policies = textRow("Policies",
    'A JSON array of {id, name, rules: [{id, name, when, require, on_violation: "warn"|"fail"}]}; conditions are {field, operator, value} or {AND|OR: [...]}, {NOT: {...}}.',
    6, { "data-policies": "", class: "form-control form-code" }, onChange);
  policyGroup.append(policies.parentElement);

  container.append(thresholdGroup, weightGroup, checkGroup, pathGroup, policyGroup);

  function set(settings) {
    const value = settings ?? {};
    for (const [key, input] of Object.entries(thresholdInputs)) {
      input.value = String(value.thresholds?.[key] ?? defaultThresholds[key]);
    }
    for (const [id, input] of Object.entries(weightInputs)) {
      input.value = String(value.weights?.[id] ?? defaultWeights[id]);
    }
    for (const [key, area] of Object.entries(pathInputs)) area.value = (value.paths?.[key] ?? []).join("\n");
    bots.value = (value.trusted_bots ?? []).join("\n");
    for (const [id, box] of Object.entries(checkBoxes)) box.checked = value.checks?.[id] ?? defaultChecks[id] ?? true;
    policies.value = value.policies?.length ? JSON.stringify(value.policies, null, 2) : "";
    for (const input of [...Object.values(thresholdInputs), ...Object.values(weightInputs), policies]) {
      input.removeAttribute("aria-invalid");
    }
  }

  function read() {
    const settings = {};
    const problems = [];
    const thresholds = {};
    for (const [key, input] of Object.entries(thresholdInputs)) {
      const text = input.value.trim();
      const number = Number(text);
      const bad = text === "" || !Number.isInteger(number) || number < 0;
      input.toggleAttribute("aria-invalid", bad);
      if (bad) problems.push(`${THRESHOLD_LABELS[key]?.[0] ?? humanize(key)} must be a whole number ≥ 0`);
      else if (number !== defaultThresholds[key]) thresholds[key] = number;
    }
    if (Object.keys(thresholds).length) settings.thresholds = thresholds;
    const weights = {};
    for (const [id, input] of Object.entries(weightInputs)) {
      const text = input.value.trim();
      const number = Number(text);
      const bad = text === "" || Number.isNaN(number) || number < 0 || number > 1;
      input.toggleAttribute("aria-invalid", bad);
      if (bad) problems.push(`weight of ${id} must be a number from 0 to 1`);
      else if (number !== defaultWeights[id]) weights[id] = number;
    }
    if (Object.keys(weights).length) settings.weights = weights;
    const checks = {};
    for (const [id, box] of Object.entries(checkBoxes)) {
      if (box.checked !== (defaultChecks[id] ?? true)) checks[id] = box.checked;
    }
    if (Object.keys(checks).length) settings.checks = checks;
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
