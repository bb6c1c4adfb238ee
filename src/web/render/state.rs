//! The loading and error states of the panel (`renderState`): a skeleton with progress text
//! ("fetching files 2/7") and a progress bar while the bundle is fetched, and a clear
//! message with a retry button when it fails.
//!
//! Why: the panel must never be a blank box; a user who sees what is
//! happening, or what went wrong and what to do, trusts the tool and can act.

use js_sys::Object;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event};

use super::dom::{clear, forget_errors, set, take_error, Append, Dom, DomResult};
use super::options::{color_mode, field, function};
use super::theme;

/// Renders `state` ("loading" or "error") into `root` from `detail`.
pub fn render(root: &Element, state: &str, detail: &JsValue) -> DomResult<()> {
    forget_errors();
    let dom = Dom::for_root(root)?;
    if let Some(mode) = color_mode(&field(detail, "colorMode")) {
        theme::apply(root, &mode)?;
    }
    let message = field(detail, "message").as_string().unwrap_or_default();
    let panel = dom.el("div", "prl-panel");
    match state {
        "loading" => loading(&dom, &panel, &message, &field(detail, "progress"))?,
        "error" => error(&dom, &panel, &message, detail)?,
        other => {
            return Err(JsValue::from_str(&format!(
                "unknown panel state \"{other}\" (expected loading or error)"
            )))
        }
    }
    // A building call that failed leaves the root as it was (see `dom::take_error`).
    take_error()?;
    clear(root);
    root.remove_attribute("data-prlens-level")?;
    set(root, "data-prlens-state", state);
    root.add(&panel);
    take_error()
}

fn loading(dom: &Dom, panel: &Element, message: &str, progress: &JsValue) -> DomResult<()> {
    set(panel, "aria-busy", "true");
    let status = dom.el("div", "prl-loading");
    set(&status, "role", "status");
    status.add(&dom.text("span", "prl-brand", "prlens"));
    let done = field(progress, "done")
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0);
    let total = field(progress, "total")
        .as_f64()
        .filter(|n| n.is_finite() && *n > 0.0);
    let phase = field(progress, "phase").as_string().unwrap_or_default();
    let text = match (field(progress, "message").as_string(), done, total) {
        (Some(text), _, _) if !text.is_empty() => text,
        (_, Some(done), Some(total)) if !phase.is_empty() => format!("{phase} {done}/{total}"),
        _ if !message.is_empty() => message.to_string(),
        _ => "Loading pull request data…".to_string(),
    };
    status.add(&dom.text("span", "prl-progress-text", &text));
    panel.add(&status);

    let bar = dom.el("div", "prl-progress");
    set(&bar, "role", "progressbar");
    set(&bar, "aria-label", "Loading pull request data");
    set(&bar, "aria-valuetext", &text);
    let fill = dom.el("div", "prl-progress-fill");
    match (done, total) {
        (Some(done), Some(total)) => {
            let done = done.min(total);
            set(&bar, "aria-valuemin", "0");
            set(&bar, "aria-valuemax", &total.to_string());
            set(&bar, "aria-valuenow", &done.to_string());
            // A computed number, never PR text: safe in a style attribute.
            set(
                &fill,
                "style",
                &format!("width: {:.1}%", done / total * 100.0),
            );
        }
        _ => set(&bar, "data-indeterminate", ""),
    }
    bar.add(&fill);
    panel.add(&bar);

    let skeleton = dom.el("div", "prl-skeleton");
    set(&skeleton, "aria-hidden", "true");
    for width in ["wide", "medium", "narrow"] {
        skeleton.add(&dom.el("div", &format!("prl-skeleton-line prl-skeleton-{width}")));
    }
    panel.add(&skeleton);
    Ok(())
}

fn error(dom: &Dom, panel: &Element, message: &str, detail: &JsValue) -> DomResult<()> {
    let kind = field(detail, "kind").as_string().unwrap_or_default();
    let box_ = dom.el("div", "prl-error");
    set(&box_, "role", "alert");
    box_.add(&dom.text("strong", "prl-error-title", title_for(&kind)));
    let text = if message.is_empty() {
        "Something went wrong while building the signal."
    } else {
        message
    };
    box_.add(&dom.text("p", "prl-error-message", text));
    if let Some(hint) = hint_for(&kind) {
        box_.add(&dom.text("p", "prl-muted", hint));
    }
    if field(detail, "retry").as_bool() != Some(false) {
        let retry = dom.action_button("retry", "Retry", "prl-btn");
        if let Some(on_action) = function(detail, "onAction") {
            let handler = Closure::<dyn FnMut(Event)>::new(move |_event: Event| {
                let _ = on_action.call2(&JsValue::NULL, &"retry".into(), &Object::new());
            });
            retry.add_event_listener_with_callback("click", handler.as_ref().unchecked_ref())?;
            handler.forget();
        }
        box_.add(&retry);
    }
    if !kind.is_empty() {
        set(&box_, "data-prlens-error-kind", &kind);
    }
    panel.add(&box_);
    Ok(())
}

/// A headline per fetch error kind (docs/CONTRACTS.md `fetchBundle` kinds).
fn title_for(kind: &str) -> &'static str {
    match kind {
        "bad_token" => "GitHub rejected the token",
        "no_access" => "No access to this repository",
        "rate_limited" => "GitHub rate limit reached",
        "server_error" => "GitHub had a server error",
        "timeout" => "GitHub took too long to answer",
        "offline" => "You appear to be offline",
        "malformed" => "GitHub sent data prlens could not read",
        "not_found" => "Pull request not found",
        "settings" => "Your prlens scoring settings are not valid",
        _ => "prlens could not build the signal",
    }
}

/// What the user can do about it.
fn hint_for(kind: &str) -> Option<&'static str> {
    match kind {
        "bad_token" => Some("Open the prlens popup (toolbar button) to replace or remove the token."),
        "no_access" | "not_found" => Some(
            "For a private repository, add a fine-grained read-only token with access to it in the prlens popup.",
        ),
        "rate_limited" => Some(
            "Without a token GitHub allows 60 requests an hour; add a token in the prlens popup for 5,000.",
        ),
        "offline" => Some("Check your connection, then retry."),
        "settings" => Some(
            "Open the prlens popup (toolbar button): it shows what is wrong, and saving or resetting the scoring settings fixes it.",
        ),
        _ => None,
    }
}
