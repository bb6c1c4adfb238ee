/** The frames' styles: their own stylesheets, and the one Primer theme in use (panel and sheet). */

/**
 * GitHub's nine themes (Settings → Appearance), each a Primer theme file shipped in primer/
 * (build.sh PRIMER_FILES). The same list as content/facts.js THEMES and src/web/render/options.rs.
 */
export const THEME_FILES = new Set(["light", "light_high_contrast", "light_colorblind", "light_tritanopia", "dark", "dark_dimmed", "dark_high_contrast", "dark_colorblind", "dark_tritanopia"]);

/** Resolves once `link` has loaded (or failed: the page's CSS then falls back to its own colours). */
export function sheetLoaded(link) {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

/** The document's own stylesheets: modules are async, so they may run before these are in. */
export function documentStyles() {
  return Promise.all([...document.querySelectorAll('link[rel="stylesheet"]')].map(sheetLoaded));
}

const themeLoads = new Map();

/** The Primer theme file a colorMode needs ("auto": the system's light or dark), or null. */
function themeFile(colorMode) {
  if (colorMode == null || colorMode === "auto") {
    return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  return THEME_FILES.has(colorMode) ? colorMode : null;
}

/** Adds `primer/<theme>.css` once; resolves when it applies. */
export function loadTheme(colorMode) {
  const theme = themeFile(colorMode);
  if (!theme) return Promise.resolve();
  if (!themeLoads.has(theme)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(`../../primer/${theme}.css`, import.meta.url).href; // primer/ at the package's root
    const loaded = sheetLoaded(link);
    document.head.append(link);
    themeLoads.set(theme, loaded);
  }
  return themeLoads.get(theme);
}
