//! Renders a signal into the panel with web-sys (`renderPanel`) and the loading / error
//! states (`renderState`).
//!
//! The panel is: a compact header (always visible), an optional partial-data notice, the
//! full view (one `data-prlens-section` per signal section, shown when expanded) and an
//! actions row. Every node is built with `create_element` + `set_text_content` +
//! fixed-name `set_attribute` (see `dom`), and links go only to validated github.com URLs
//! (see `links`), because everything in a signal derives from hostile PR data.
//!
//! One file per section (declared by the section table, `crate::signal::Section`); shared
//! pieces: `dom` (safe building), `frame` (section chrome),
//! `charts` (SVG), `format` (wording), `events` + `clipboard` (interaction), `theme`.

mod actions;
mod authorship;
mod charts;
mod clipboard;
mod dom;
mod events;
mod footer;
mod for_you;
mod format;
mod frame;
mod header;
mod links;
mod notice;
mod options;
mod section;
mod sheet;
mod sheet_tables;
mod since_approval;
mod state;
mod theme;
mod theme_names;

/// One module per section, named by its key (`risk.rs`, `supply_chain.rs`…): the table in
/// `crate::signal::Section` declares them, so a new section's row brings its file in.
macro_rules! section_modules {
    ($($variant:ident $key:ident $label:literal,)+) => {
        $(mod $key;)+
    };
}
crate::signal::for_each_section!(section_modules);

use std::sync::atomic::{AtomicU32, Ordering};

use wasm_bindgen::prelude::*;
use web_sys::Element;

use crate::signal::{Section, Signal};
use dom::{clear, set, Append, Dom, DomResult};
use options::{DetailsMode, PanelOptions};
pub use sheet::render_sheet;

/// Distinguishes ids when several panels share a document (the playground).
static PANEL_COUNTER: AtomicU32 = AtomicU32::new(0);

/// Renders a signal given as JSON text into `root`, replacing its children: a remembered panel
/// (`chrome.storage.local`) and the playground. A signal the panel holds in wasm is rendered
/// by `PanelView.renderPanel` instead, without JSON (`super::view`). Throws (after showing an
/// error state in `root`) when the signal JSON cannot be read.
#[wasm_bindgen(js_name = renderPanel)]
pub fn render_panel(root: &Element, signal_json: &str, options: JsValue) -> Result<(), JsValue> {
    dom::forget_errors();
    let options = PanelOptions::from_js(&options);
    if let Some(mode) = &options.color_mode {
        theme::apply(root, mode)?;
    }
    let signal: Signal = match crate::signal::from_json(signal_json) {
        Ok(signal) => signal,
        Err(error) => {
            let message = format!("The risk signal could not be read: {error}");
            let detail = js_sys::Object::new();
            js_sys::Reflect::set(&detail, &"message".into(), &JsValue::from_str(&message))?;
            js_sys::Reflect::set(&detail, &"kind".into(), &"malformed".into())?;
            if let Some(on_action) = &options.on_action {
                js_sys::Reflect::set(&detail, &"onAction".into(), on_action)?;
            }
            state::render(root, "error", &detail)?;
            return Err(JsError::new(&message).into());
        }
    };
    render_signal(root, &signal, &options)
}

/// Renders a signal in memory into `root` (`PanelView.renderPanel`); `options` as `renderPanel`'s.
pub(crate) fn render_signal_into(
    root: &Element,
    signal: &Signal,
    options: &JsValue,
) -> Result<(), JsValue> {
    dom::forget_errors();
    let options = PanelOptions::from_js(options);
    if let Some(mode) = &options.color_mode {
        theme::apply(root, mode)?;
    }
    render_signal(root, signal, &options)
}

/// `{level, score, drivers, action}` of a signal as JSON, on the root as
/// `data-prlens-signal-digest`: what the end-to-end tests compare with `prlens analyze`.
fn digest(signal: &Signal) -> String {
    let drivers: Vec<&str> = signal.risk.drivers.iter().map(|d| d.id.as_str()).collect();
    serde_json::json!({
        "level": signal.risk.level.key(),
        "score": signal.risk.score,
        "drivers": drivers,
        "action": signal.review.action.key(),
    })
    .to_string()
}

/// Renders a loading (`detail = {message, progress?}`) or error (`detail = {message, kind?,
/// retry?, onAction?}`) state into `root`.
#[wasm_bindgen(js_name = renderState)]
pub fn render_state(root: &Element, state: &str, detail: JsValue) -> Result<(), JsValue> {
    state::render(root, state, &detail)
}

fn render_signal(root: &Element, signal: &Signal, options: &PanelOptions) -> DomResult<()> {
    let dom = Dom::for_root(root)?;
    let id = PANEL_COUNTER.fetch_add(1, Ordering::Relaxed);
    let full_id = format!("prlens-full-{id}");

    let panel = dom.el("div", "prl-panel");
    set(&panel, "role", "region");
    set(&panel, "aria-label", "prlens risk signal");
    let inline = options.details == DetailsMode::Inline;
    let expanded = inline && options.expanded;
    panel.add(&header::header(
        &dom,
        signal,
        expanded,
        inline.then_some(full_id.as_str()),
    )?);
    if notice::is_partial(&signal.meta) || notice::is_refining(&signal.meta) {
        panel.add(&notice::render(&dom, &signal.meta)?);
    }
    // The viewer's own group comes first, before any section (issue #38).
    if let Some(group) = for_you::group(&dom, signal, true) {
        panel.add(&group);
    }

    // With the sheet, the sections are built there, not (hidden) here.
    if inline {
        let full = dom.el("div", "prl-full");
        set(&full, "id", &full_id);
        set(&full, "data-prlens-full", "");
        if !expanded {
            set(&full, "hidden", "");
        }
        let built = sections(&dom, signal, options)?;
        if built.is_empty() {
            full.add(&section::all_hidden_note(&dom));
        }
        for section in built {
            full.add(&section);
        }
        panel.add(&full);
    }
    panel.add(&actions::render(&dom, options)?);
    panel.add(&footer::render(
        &dom,
        &signal.meta,
        notice::is_partial(&signal.meta),
        options.anonymous_budget,
    )?);

    // A building call that failed leaves the root as it was (see `dom::take_error`).
    dom::take_error()?;
    clear(root);
    let level = signal.risk.level.key();
    set(
        root,
        "data-prlens-state",
        if notice::is_partial(&signal.meta) {
            "partial"
        } else {
            "ready"
        },
    );
    set(root, "data-prlens-level", level);
    set(root, "data-prlens-signal-digest", &digest(signal));
    set(
        root,
        "data-prlens-expanded",
        if expanded { "true" } else { "false" },
    );
    root.add(&panel);
    events::wire(events::PanelWiring {
        root: root.clone(),
        panel,
        markdown: crate::markdown::render(signal),
        on_action: options.on_action.clone(),
        on_toggle: options.on_toggle.clone(),
    })?;
    dom::take_error()
}

/// The full-view sections in reading order, minus those the user hid.
fn sections(dom: &Dom, signal: &Signal, options: &PanelOptions) -> DomResult<Vec<Element>> {
    let mut built = Vec::new();
    for which in Section::ALL.iter().copied() {
        if options.is_hidden(which.key()) {
            continue;
        }
        built.push(section::render(dom, signal, which)?);
    }
    Ok(built)
}
