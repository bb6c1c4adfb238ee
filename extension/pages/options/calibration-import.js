/**
 * Calibrated repositories on the options page (the scoring card): import the settings file `prlens calibrate --fit`
 * writes, list the repositories it calibrated, remove one.
 *
 * What: the file's `repositories` entries ({"owner/name": {weights, thresholds, calibration}})
 * are merged into the engine settings (`prefs.engine.repositories`), validated by the engine
 * first; the engine applies each entry to that repository's pull requests only, and the panel
 * then shows "Calibrated for this repository" (docs/calibration.md).
 * Why a separate list: the scoring form edits the general settings; a calibration belongs to
 * one repository and is replaced by importing a newer file, not edited field by field.
 * The file is the user's own, read as data (JSON.parse) and shown as text only.
 */

/** The settings with `entries` merged into their `repositories`. */
export function withRepositories(settings, entries) {
  return { ...settings, repositories: { ...(settings?.repositories ?? {}), ...entries } };
}

/** The `repositories` entries of a settings file, or an error message for the user. */
export function readSettingsFile(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "This file is not JSON. Choose the file prlens calibrate --fit wrote." };
  }
  const entries = value && typeof value === "object" && !Array.isArray(value) ? value.repositories : null;
  if (!entries || typeof entries !== "object" || Array.isArray(entries) || Object.keys(entries).length === 0) {
    return { error: "This file names no repository. prlens calibrate --fit writes one for a single clone." };
  }
  return { entries };
}

/**
 * Wires the list and the import control. `getEngineSettings()` gives the stored engine
 * settings, `save(settings)` stores them (resolves to false when storage refused), and
 * `validate(settings)` returns "" or the engine's message.
 */
export function setUpCalibrations({ list, input, error, getEngineSettings, save, validate }) {
  const showError = (text) => {
    error.textContent = text;
    error.hidden = text === "";
  };
  const render = () => {
    list.replaceChildren();
    const entries = Object.entries(getEngineSettings()?.repositories ?? {});
    if (entries.length === 0) {
      const none = document.createElement("li");
      none.className = "hint";
      none.textContent = "None: every repository uses the settings above.";
      list.append(none);
      return;
    }
    for (const [name, entry] of entries) {
      const item = document.createElement("li");
      item.dataset.repository = name;
      const label = document.createElement("strong");
      label.textContent = name;
      const about = document.createElement("span");
      about.className = "hint";
      const calibration = entry?.calibration;
      about.textContent = calibration
        ? ` ${calibration.prs} merged PRs at ${String(calibration.commit ?? "").slice(0, 12)}, AUC ${calibration.auc_before} → ${calibration.auc}`
        : " weights set by hand";
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "btn";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove the calibration of ${name}`);
      remove.addEventListener("click", async () => {
        const settings = structuredClone(getEngineSettings() ?? {});
        delete settings.repositories?.[name];
        if (await save(settings)) render();
      });
      item.append(label, about, " ", remove);
      list.append(item);
    }
  };
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const { entries, error: problem } = readSettingsFile(await file.text());
    if (problem) return showError(problem);
    const settings = withRepositories(getEngineSettings() ?? {}, entries);
    const invalid = validate(settings);
    if (invalid) return showError(`Not imported: ${invalid}`);
    if (!(await save(settings))) return showError("Not imported: the browser refused to store it (settings are limited to 8 KB).");
    showError("");
    render();
  });
  render();
  return { render };
}
