/**
 * The scoring form of the options page (and the popup's engine version and "Report a problem"
 * link, from the same engine session): the engine's own
 * defaults and validation (wasm `defaultSettings`, `analyzeBundle`), saved to `prefs.engine`
 * when valid.
 *
 * Elements (by id, in the page): `engine-form`, `engine-error`, `engine-reset` (the options
 * page; a page without them, the popup, gets only the next two), `engine-version` and
 * `report-problem` (each optional).
 */
import init, * as wasm from "../../pkg/prlens.js";
import { openEngineSession } from "../../shared/engine-session.js";
import { buildEngineForm, validateEngineSettings } from "./settings-form.js";
import { setUpCalibrations } from "./calibration-import.js";

const $ = (id) => document.getElementById(id);

/** `settings` with the calibrated repositories of `stored` (the form does not show them). */
function keepRepositories(settings, stored) {
  return stored?.repositories ? { ...settings, repositories: stored.repositories } : settings;
}

/**
 * `initial`: the stored `prefs.engine`; `save(change)`: the page's prefs save (prefs-store.js);
 * `current()`: the page's current `prefs.engine` (for the calibrated repositories' list).
 */
export async function setUpEngineForm({ initial, save, current = () => initial }) {
  let engine = null;
  let form = null;
  let timer = 0;
  const showError = (text) => {
    const box = $("engine-error");
    box.textContent = text;
    box.hidden = text === "";
    $("engine-form").dataset.invalid = String(text !== "");
  };
  async function saveEngine() {
    const { settings, error } = form.read();
    if (error) return showError(`Not saved: ${error}`);
    const engineError = validateEngineSettings(engine, settings);
    if (engineError) return showError(`Not saved: ${engineError}`);
    showError("");
    // The form edits the general settings; calibrated repositories are kept as they are.
    await save((fresh) => (fresh.engine = keepRepositories(settings, fresh.engine)));
  }
  try {
    const { analyzeBundle, defaultSettings, engineVersion, reportIssueUrl } = await openEngineSession(() => init({ module_or_path: new URL("../../pkg/prlens_bg.wasm", import.meta.url) }).then(() => wasm)).ready;
    engine = { analyzeBundle };
    if ($("engine-version")) $("engine-version").textContent = `engine ${engineVersion()}`;
    if ($("report-problem")) $("report-problem").href = reportIssueUrl(); // engine version and browser; no PR is known here
    if (!$("engine-form")) return; // the popup: version and "Report a problem" only (the form is the options page's)
    const defaults = JSON.parse(defaultSettings());
    form = buildEngineForm($("engine-form"), {
      defaults,
      initial,
      onChange: () => {
        clearTimeout(timer);
        timer = setTimeout(saveEngine, 300);
      },
    });
    const initialError = validateEngineSettings(engine, initial);
    if (initialError) showError(`The saved settings are not valid, so panels show an error until they are saved again or reset: ${initialError}`);
    $("engine-reset").addEventListener("click", async () => {
      form.set({});
      showError("");
      await save((fresh) => (fresh.engine = keepRepositories({}, fresh.engine)));
    });
    // Calibrated repositories (`prlens calibrate --fit` files), docs/calibration.md.
    setUpCalibrations({
      list: $("calibrated-list"),
      input: $("calibration-file"),
      error: $("calibration-error"),
      getEngineSettings: current,
      save: (settings) => save((fresh) => (fresh.engine = settings)),
      validate: (settings) => validateEngineSettings(engine, settings),
    });
  } catch (error) {
    if (!$("engine-form")) return;
    showError(`The scoring engine could not start, so scoring settings cannot be edited: ${error.message}`);
    $("engine-reset").disabled = true;
  }
}
