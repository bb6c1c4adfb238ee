//! The themes GitHub offers and the ones prlens ships tokens for: a leaf both the options
//! reader (`options.rs`, which maps a page's theme to a shipped one) and the theme writer
//! (`theme.rs`) use, so neither imports the other (tests/import_graph.rs).

/// Every theme GitHub offers, as its `data-light-theme`/`data-dark-theme` value; each has a
/// Primer token file in `primer/` (build.sh `PRIMER_FILES`, `extension/pages/panel/theme.js`
/// `THEME_FILES` and `extension/content/facts.js` `THEMES` name the same nine).
pub const GITHUB_THEMES: [&str; 9] = [
    "light",
    "light_high_contrast",
    "light_colorblind",
    "light_tritanopia",
    "dark",
    "dark_dimmed",
    "dark_high_contrast",
    "dark_colorblind",
    "dark_tritanopia",
];

/// `theme` when prlens ships its tokens, else its base (`dark…` → `dark`, anything else →
/// `light`).
pub fn shipped(theme: &str) -> &'static str {
    GITHUB_THEMES
        .iter()
        .copied()
        .find(|known| *known == theme)
        .unwrap_or(if theme.starts_with("dark") {
            "dark"
        } else {
            "light"
        })
}
