//! `extension/shared/sections.js` is the section table of `prlens::signal::Section` for the extension's
//! JavaScript: the settings forms' "hide section" list (prefs.js) and the content script's deep
//! links (`#prlens-focus`, content/sheet.js) read it. This test writes it from the Rust table and
//! keeps the file equal to it.
//!
//! Regenerate after changing the table: `PRLENS_BLESS=1 cargo test --test sections_file`.

use std::fmt::Write as _;
use std::path::PathBuf;

use prlens::signal::Section;

/// The file's text for the table as it is now.
fn sections_js() -> String {
    let mut rows = String::new();
    for section in Section::ALL {
        // Keys and labels are fixed words of the table: quoting them as JSON strings is enough.
        let _ = writeln!(
            rows,
            "    Object.freeze({{ key: {}, label: {}, anchor: {} }}),",
            serde_json::json!(section.key()),
            serde_json::json!(section.label()),
            serde_json::json!(section.anchor()),
        );
    }
    format!(
        r#"/**
 * The sections of a signal, in reading order: `key` (the `data-prlens-section` hook and the
 * hidden-sections setting), `label` (what the settings show) and `anchor` (the deep-link id,
 * `#prlens-supply-chain`).
 *
 * Generated from src/signal/section.rs by `PRLENS_BLESS=1 cargo test --test sections_file`
 * (tests/sections_file.rs keeps it equal to the table); do not edit by hand.
 *
 * Loads as a classic script (the manifest lists it before prefs.js and content/sheet.js) and as
 * a module (`import "./sections.js"` before `./prefs.js`): it only defines
 * `globalThis.prlensSections`.
 */
(function defineSections(root) {{
  "use strict";
  if (root.prlensSections) return;
  root.prlensSections = Object.freeze([
{rows}  ]);
}})(globalThis);
"#
    )
}

#[test]
fn the_extension_s_sections_file_is_the_section_table() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("extension/shared/sections.js");
    let expected = sections_js();
    if std::env::var_os("PRLENS_BLESS").is_some() {
        std::fs::write(&path, &expected).expect("extension/shared/sections.js is writable");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "extension/shared/sections.js differs from src/signal/section.rs; run `PRLENS_BLESS=1 cargo test --test sections_file`"
    );
}
