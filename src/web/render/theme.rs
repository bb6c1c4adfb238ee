//! Follows GitHub's colour mode: copies the page's mode and theme names onto the panel
//! document's `<html>` so the Primer token files (`@primer/primitives`, shipped in
//! `dist/primer/`) switch every `var(--fgColor-…)` the panel CSS uses.
//!
//! Why: the panel sits inside GitHub's page and must match every theme GitHub offers exactly
//! ([`super::theme_names::GITHUB_THEMES`]: light, dark, dimmed, high contrast and the four colour-blind ones), using
//! GitHub's own tokens rather than picked colours. A theme name GitHub may add later has no
//! shipped token file, so it reads as its base (`light` or `dark`), never as an unstyled white
//! panel on a dark page (issue #35).
//! Source: GitHub Settings → Appearance (the nine themes, read 2026-12-06); the theme files of
//! npm `@primer/primitives` 11.10 (`dist/css/functional/themes/`), copied by build.sh.

use super::dom::{set, take_error, DomResult};
use super::options::ColorMode;
use web_sys::Element;

/// Sets `data-color-mode`, `data-light-theme` and `data-dark-theme` on the document element
/// that owns `root`.
pub fn apply(root: &Element, color_mode: &ColorMode) -> DomResult<()> {
    let Some(html) = root.owner_document().and_then(|doc| doc.document_element()) else {
        return Ok(());
    };
    set(&html, "data-color-mode", &color_mode.mode);
    set(&html, "data-light-theme", &color_mode.light_theme);
    set(&html, "data-dark-theme", &color_mode.dark_theme);
    take_error()
}
