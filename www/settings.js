/**
 * Settings side panel: the popup's engine settings (driver weights, thresholds, extra path
 * rules, trusted bots, governance policies) as a form that re-scores the pull request on
 * every change, plus the page's own additions — a slider beside each weight for quick what-ifs,
 * section toggles, "Reset to defaults", "Copy settings JSON", "Paste settings JSON" and a
 * line for problems.
 *
 * The form is the popup's own (`pages/options/settings-form.js`, the extension's module, copied next to
 * this page by build.sh) so both offer the same knobs with the same words. Defaults come from the engine
 * (`defaultSettings()`), so "reset" means exactly what the engine uses.
 * Source: docs/CONTRACTS.md (`buildEngineForm`, `defaultSettings`).
 */

/** The popup's shared form module; build.sh fails when it is not copied next to this page. */
async function loadFormModule() {
  const shared = await import("./pages/options/settings-form.js");
  if (typeof shared.buildEngineForm !== "function") {
    throw new Error("settings-form.js lacks buildEngineForm(); rebuild with ./build.sh");
  }
  return shared;
}

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** Adds a 0–1 slider beside each weight's number box; the box stays the source of truth. */
function addWeightSliders(container) {
  for (const number of container.querySelectorAll('input[type="number"][data-weight]')) {
    const id = number.getAttribute("data-weight");
    const slider = element("input", {
      type: "range", min: "0", max: "1", step: "0.05", class: "form-slider",
      "data-weight-slider": id, "aria-label": `${id} weight slider`, tabindex: "-1",
    });
    const sync = () => {
      if (number.value !== "" && !Number.isNaN(Number(number.value))) slider.value = number.value;
    };
    sync();
    slider.addEventListener("input", () => {
      number.value = slider.value;
      number.dispatchEvent(new Event("input", { bubbles: true }));
    });
    number.addEventListener("input", sync);
    number.closest(".form-row")?.classList.add("form-row-weight");
    number.insertAdjacentElement("beforebegin", slider);
  }
}

/** The popup's "sections shown" toggles; `onToggle(hiddenKeys)` after each change. */
function sectionToggles(sections, onToggle) {
  const details = element("details", { class: "form-group" });
  details.append(element("summary", {}, "Panel sections"));
  details.append(element("p", { class: "form-hint" }, "Hide sections you do not need; the score does not change."));
  const boxes = [];
  for (const [key, label] of sections) {
    const row = element("label", { class: "form-check" });
    const box = element("input", { type: "checkbox", "data-section-toggle": key });
    box.checked = true;
    box.addEventListener("change", () => onToggle(hidden()));
    row.append(box, ` ${label}`);
    details.append(row);
    boxes.push(box);
  }
  function hidden() {
    return boxes.filter((box) => !box.checked).map((box) => box.getAttribute("data-section-toggle"));
  }
  function showAll() {
    for (const box of boxes) box.checked = true;
  }
  return { element: details, hidden, showAll };
}

/**
 * Builds the panel in `container`. `onChange(settingsJson)` runs after each edit (once per
 * frame); `onSections(hiddenKeys)` when a section is shown or hidden. Returns
 * `{settingsJson(), hiddenSections(), showError(text), markFiring(ids), effectiveThresholds()}`;
 * the engine's own rejections are shown through `showError` by the caller.
 */
export async function initSettingsPanel(container, { engine, onChange, onSections = () => {} }) {
  const defaults = JSON.parse(engine.defaultSettings());
  const module = await loadFormModule();
  let pending = 0;
  let form = null;
  const problems = element("p", { class: "settings-error", role: "alert" });
  problems.hidden = true;

  function showError(text) {
    problems.textContent = text;
    problems.hidden = text === "";
    container.dataset.invalid = text === "" ? "false" : "true";
  }

  /** The current Settings JSON, or null after showing what could not be read. */
  function current() {
    const { settings, error } = form.read();
    if (error) {
      showError(`These settings were not applied: ${error}.`);
      return null;
    }
    showError("");
    return JSON.stringify(settings);
  }

  const changed = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      const json = current();
      if (json !== null) onChange(json);
    });
  };

  const formHost = element("div", { class: "settings-fields" });
  form = module.buildEngineForm(formHost, { defaults, initial: {}, onChange: changed });
  for (const details of formHost.querySelectorAll("details")) {
    // Weights and thresholds are what visitors play with: show them open, weights first
    // (the popup orders for configuring once; the playground for trying what-ifs).
    if (details.querySelector("[data-weight], [data-threshold]")) details.open = true;
  }
  const weightGroup = formHost.querySelector("[data-weight]")?.closest("details");
  if (weightGroup) formHost.prepend(weightGroup);
  addWeightSliders(formHost);
  const sections = sectionToggles(module.SECTIONS ?? [], onSections);
  if ((module.SECTIONS ?? []).length) formHost.append(sections.element);

  const resetButton = element("button", { type: "button", class: "btn btn-sm", id: "settings-reset" }, "Reset to defaults");
  const copyButton = element("button", { type: "button", class: "btn btn-sm", id: "settings-copy" }, "Copy settings JSON");
  resetButton.addEventListener("click", () => {
    form.set({});
    if (sections.hidden().length) {
      sections.showAll();
      onSections([]);
    }
    for (const slider of formHost.querySelectorAll("[data-weight-slider]")) {
      slider.value = String(defaults.weights?.[slider.getAttribute("data-weight-slider")] ?? 0);
    }
    const json = current();
    if (json !== null) onChange(json);
  });
  copyButton.addEventListener("click", async () => {
    const json = current();
    if (json === null) return;
    try {
      await navigator.clipboard.writeText(JSON.stringify(JSON.parse(json), null, 2));
      copyButton.textContent = "Copied ✓";
    } catch {
      copyButton.textContent = "Copy blocked by the browser";
    }
    setTimeout(() => (copyButton.textContent = "Copy settings JSON"), 2000);
  });
  const buttons = element("div", { class: "settings-buttons" });
  buttons.append(resetButton, copyButton);

  // Paste settings copied from here or from the popup: the form takes them, then re-scores.
  const importGroup = element("details", { class: "form-group" });
  importGroup.append(element("summary", {}, "Paste settings JSON"));
  const importId = "settings-import-text";
  const importArea = element("textarea", {
    id: importId, rows: "4", spellcheck: "false", autocomplete: "off", class: "form-control form-code",
    "aria-label": "Settings JSON to apply",
  });
  const importButton = element("button", { type: "button", class: "btn btn-sm", id: "settings-import" }, "Apply");
  importButton.addEventListener("click", () => {
    let parsed;
    try {
      parsed = JSON.parse(importArea.value);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("expected a JSON object");
    } catch (error) {
      showError(`Those settings were not applied: ${error.message}.`);
      return;
    }
    // The engine's own check first: the form keeps only the ids it knows, so a misspelt driver
    // id would otherwise vanish without a word.
    const rejected = module.validateEngineSettings(engine, parsed);
    if (rejected) {
      showError(`Those settings were not applied: ${rejected}`);
      return;
    }
    form.set(parsed);
    for (const slider of formHost.querySelectorAll("[data-weight-slider]")) {
      const id = slider.getAttribute("data-weight-slider");
      slider.value = String(parsed.weights?.[id] ?? defaults.weights?.[id] ?? 0);
    }
    const json = current();
    if (json !== null) onChange(json);
  });
  importGroup.append(importArea, importButton);
  formHost.append(importGroup);
  const note = element("p", { class: "settings-hint" },
    "Copy settings JSON gives only what differs from the defaults, the form the extension stores.");

  container.replaceChildren(formHost, problems, buttons, note);
  /**
   * Marks the weights of drivers that fire on the shown PR: those sliders move the score.
   * With `reorder` (a new PR, not a settings change) they also move to the top of the list;
   * never while the visitor is dragging one.
   */
  function markFiring(driverIds, { reorder = false } = {}) {
    const firing = new Set(driverIds);
    if (reorder) {
      const rows = [...formHost.querySelectorAll('input[type="number"][data-weight]')]
        .map((number) => number.closest(".form-row"))
        .filter(Boolean);
      const parent = rows[0]?.parentElement;
      const ordered = [
        ...rows.filter((row) => firing.has(row.querySelector("[data-weight]")?.getAttribute("data-weight"))),
        ...rows.filter((row) => !firing.has(row.querySelector("[data-weight]")?.getAttribute("data-weight"))),
      ];
      if (parent) parent.append(...ordered);
    }
    for (const number of formHost.querySelectorAll('input[type="number"][data-weight]')) {
      const row = number.closest(".form-row");
      if (!row) continue;
      const fires = firing.has(number.getAttribute("data-weight"));
      row.classList.toggle("is-firing", fires);
      let badge = row.querySelector(".firing-badge");
      if (fires && !badge) {
        badge = element("span", { class: "firing-badge" }, "fires on this PR");
        row.querySelector("label")?.append(" ", badge);
      } else if (!fires && badge) {
        badge.remove();
      }
    }
  }

  /** Every threshold in force: the visitor's values over the engine defaults. */
  function effectiveThresholds() {
    return { ...(defaults.thresholds ?? {}), ...(form.read().settings.thresholds ?? {}) };
  }

  return {
    settingsJson: () => current() ?? "",
    hiddenSections: () => sections.hidden(),
    showError,
    markFiring,
    effectiveThresholds,
  };
}
