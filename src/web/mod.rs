//! The browser edge (wasm32 only): wasm-bindgen exports used by the extension panel, the
//! popup and the www playground. Everything here is thin: parse, call the engine or the
//! fetcher, render with web-sys.

use wasm_bindgen::prelude::*;

/// `renderPanel` and `renderState`: web-sys rendering of the signal.
mod render;
pub use render::{render_panel, render_sheet, render_state};

/// `installPanicHook` and `lastPanicMessage`: a panic becomes a panel error state.
mod panic;
pub use panic::{install_panic_hook, last_panic_message, panic_summary, record_panic};

/// `fetchBundle`: the PR bundle from the GitHub API, cached and rate-limit aware.
mod app;
mod storage;
mod transport;
pub use app::fetch_bundle;

/// `fetchCompareAndAnalyze`, `compareWithPage`: the compare page's self-check.
mod compare;

/// Analysis errors as JS errors with a `kind`.
mod errors;

/// `PanelView`: a bundle read once and its signal, kept in wasm for the panel.
mod view;
pub use view::PanelView;

/// `listBadges`, `listBadgeOf`, `reviewFirstOrder`: the pull-list badges (the query itself is
/// `extension/shared/list-query.json`, kept equal to the CLI queue's by tests/list_query_file.rs).
mod list;

/// `analyzeBundle`'s bundle text enters wasm through `TextEncoder.encodeInto`.
mod text_in;

/// The browser's name for "Report a problem" (`reportIssueUrl`, the details sheet).
mod navigator;

/// Computes a signal from bundle JSON and settings JSON; returns the signal as JSON text.
/// `now` is an optional RFC 3339 reference time. The bundle is taken as a JS value and copied
/// by [`text_in::string`], not as `&str`: see that module for why.
#[wasm_bindgen(js_name = analyzeBundle)]
pub fn analyze_bundle(
    bundle_json: &JsValue,
    settings_json: &str,
    now: Option<String>,
) -> Result<String, JsValue> {
    let bundle_json = text_in::string(bundle_json, "the bundle")?;
    let now = match now.as_deref() {
        Some(text) => Some(
            crate::timestamp::parse(text)
                .ok_or_else(|| JsError::new("now must be an RFC 3339 time"))?,
        ),
        None => None,
    };
    let signal = crate::analyze_json(&bundle_json, settings_json, now)
        .map_err(|e| errors::analysis_error(&e))?;
    serde_json::to_string(&signal).map_err(|error| JsError::new(&error.to_string()).into())
}

/// The default settings as JSON, with every driver's default weight filled in from
/// the driver catalogue ([`crate::engine::drivers::default_weights`]) and every low-effort check on,
/// so settings forms (popup, playground) show
/// the real defaults and "reset" means exactly what the engine uses.
#[wasm_bindgen(js_name = defaultSettings)]
pub fn default_settings() -> Result<String, JsError> {
    let mut settings = crate::settings::Settings::default();
    for (id, weight) in crate::engine::drivers::default_weights() {
        settings.weights.insert(id.to_string(), weight);
    }
    for check in crate::signal::CheckId::ALL {
        settings.checks.insert(check.key().to_string(), true);
    }
    serde_json::to_string(&settings).map_err(|error| JsError::new(&error.to_string()))
}

/// The engine version, for the about box and the smoke test.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    crate::engine::context::ENGINE_VERSION.to_string()
}

/// "Report a problem" (popup and details sheet): the prefilled "wrong score" issue address for
/// `signalJson` (a signal, or nothing in the popup) and this browser (`navigator.userAgent`).
#[wasm_bindgen(js_name = reportIssueUrl)]
pub fn report_issue_url(signal_json: Option<String>) -> String {
    let signal = signal_json.and_then(|text| crate::signal::from_json(&text).ok());
    crate::report_issue::wrong_score_url(&navigator::browser(), signal.as_ref())
}
