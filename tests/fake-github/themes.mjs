/**
 * The fake github.com's colours in every GitHub theme: the few Primer tokens its own page
 * style and prlens' list badges read, taken from GitHub's token files (npm
 * `@primer/primitives`, the same files build.sh ships in the extension), with Primer's own
 * selectors (`[data-color-mode][data-light-theme|data-dark-theme]`, and the `auto` mode's
 * `prefers-color-scheme` blocks). So a page in `dark_colorblind` is dark, as on GitHub, and a
 * test that checks contrast on the page checks it against the theme's real colours.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const THEMES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules/@primer/primitives/dist/css/functional/themes");

/** GitHub's nine themes (Settings → Appearance) and their token files. */
export const GITHUB_THEMES = ["light", "light_high_contrast", "light_colorblind", "light_tritanopia", "dark", "dark_dimmed", "dark_high_contrast", "dark_colorblind", "dark_tritanopia"];

/** The tokens the fake page's style and the list badges use. */
const TOKENS = new Set([
  "--bgColor-default", "--bgColor-muted", "--bgColor-accent-muted", "--fgColor-default", "--fgColor-muted", "--fgColor-accent",
  "--borderColor-default", "--fgColor-success", "--fgColor-attention", "--fgColor-severe", "--fgColor-danger",
  "--bgColor-success-muted", "--bgColor-attention-muted", "--bgColor-severe-muted", "--bgColor-danger-muted",
]);
const DECLARATION = /^\s*(--[A-Za-z0-9_-]+)\s*:\s*([^;]*);/;

/** One theme file reduced to its selectors and the tokens above (blocks and `@media` kept). */
function subset(file) {
  const out = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const declaration = DECLARATION.exec(line);
    if (declaration) {
      if (TOKENS.has(declaration[1])) out.push(`${declaration[1]}: ${declaration[2]};`);
    } else if (!/^\s*(\/?\*|$)/.test(line)) out.push(line.trim());
  }
  return out.join("\n");
}

let cached = null;

/** The CSS text of every theme's tokens (read once per process; "" without node_modules). */
export function themeTokensCss() {
  if (cached !== null) return cached;
  cached = fs.existsSync(THEMES_DIR)
    ? GITHUB_THEMES.map((theme) => subset(path.join(THEMES_DIR, `${theme.replaceAll("_", "-")}.css`))).join("\n")
    : "";
  return cached;
}
