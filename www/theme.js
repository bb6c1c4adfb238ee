/**
 * Theme toggle: cycles the page between "auto" (follow the system), "light" and "dark".
 *
 * Why: the page follows `prefers-color-scheme` by default, but a visitor comparing the
 * panel with their GitHub theme may want to force one. The choice is stored locally only
 * (`localStorage`, key `prlens.www.colorMode`); `theme-boot.js` re-applies it before paint.
 * Source: Primer primitives theme selectors on `<html data-color-mode=…>`.
 */

const STORAGE_KEY = "prlens.www.colorMode";
const MODES = ["auto", "light", "dark"];
const LABELS = {
  auto: "Theme: system",
  light: "Theme: light",
  dark: "Theme: dark",
};

/** The mode currently applied to the document. */
export function currentColorMode() {
  const mode = document.documentElement.getAttribute("data-color-mode");
  return MODES.includes(mode) ? mode : "auto";
}

/** The mode the page actually shows ("light" or "dark"), resolving "auto" via the media query. */
export function effectiveColorMode() {
  const mode = currentColorMode();
  if (mode !== "auto") return mode;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function applyColorMode(mode, button) {
  document.documentElement.setAttribute("data-color-mode", mode);
  try {
    if (mode === "auto") window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, mode);
  } catch (_storageBlocked) {
    // The toggle still works for this visit.
  }
  const label = button.querySelector("[data-theme-label]");
  if (label) label.textContent = LABELS[mode];
  button.setAttribute("aria-label", `${LABELS[mode]}. Activate to change.`);
  button.dataset.mode = mode;
}

/**
 * Wires the toggle button. `onChange(effectiveMode)` runs after every change, and when the
 * system theme changes while in "auto", so the panel can be re-rendered in the right mode.
 */
export function initThemeToggle(button, onChange) {
  applyColorMode(currentColorMode(), button);
  button.addEventListener("click", () => {
    const next = MODES[(MODES.indexOf(currentColorMode()) + 1) % MODES.length];
    applyColorMode(next, button);
    onChange(effectiveColorMode());
  });
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (currentColorMode() === "auto") onChange(effectiveColorMode());
  });
}
