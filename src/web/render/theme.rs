//! Follows GitHub's colour mode: copies the page's mode and theme names onto the panel
//! document's `<html>` so the Primer token files (`@primer/primitives`, shipped in
//! `dist/primer/`) switch every `var(--fgColor-…)` the panel CSS uses.
//!
//! Why: the panel sits inside GitHub's page and must match light, dark, dark-dimmed and
//! high-contrast themes exactly, using GitHub's own tokens rather than picked colours.

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
