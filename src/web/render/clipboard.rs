//! Copy as Markdown: writes the review-comment-ready summary (`crate::markdown::render`)
//! to the clipboard and says "Copied" on the button; when the async Clipboard API is
//! unavailable or refused (e.g. an iframe without `clipboard-write`), it falls back to a
//! selected read-only text box (and `execCommand("copy")` on it), so the copy still works
//! in an iframe without `clipboard-write`, or the user can copy by hand.
//!
//! Why: the summary is meant to be pasted into a review comment; a silent failure would
//! leave the user thinking it worked. The Clipboard API is reached through `Reflect` so the
//! crate needs no extra web-sys features.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;

/// The button label in its resting state.
pub const COPY_LABEL: &str = "Copy Markdown";
/// How long the "Copied" confirmation stays.
const FEEDBACK_MS: i32 = 2000;

/// Copies `markdown` and reports the result on `button`.
pub fn copy_with_feedback(panel: &Element, button: &Element, markdown: &str) {
    let panel = panel.clone();
    let button = button.clone();
    let markdown = markdown.to_string();
    wasm_bindgen_futures::spawn_local(async move {
        let mut copied = false;
        if clipboard_allowed(&panel) {
            if let Some(promise) = clipboard_write(&markdown) {
                copied = JsFuture::from(promise).await.is_ok();
            }
        }
        if !copied {
            // The legacy path works in iframes whose embedder did not grant clipboard-write.
            copied = manual_copy_box(&panel, &markdown, true).unwrap_or(false);
        }
        if copied {
            show(&button, "Copied ✓");
        } else {
            show(&button, "Copy blocked — select below");
            // Best effort: if even the fallback box cannot be built there is nothing else to do.
            let _ = manual_copy_box(&panel, &markdown, false);
        }
    });
}

/// Whether the embedding page lets this document use the async Clipboard API (Chromium's
/// `document.featurePolicy`); asking when it does not only logs a policy violation.
fn clipboard_allowed(panel: &Element) -> bool {
    let Some(document) = panel.owner_document() else {
        return false;
    };
    let Ok(policy) = Reflect::get(&document, &"featurePolicy".into()) else {
        return true;
    };
    if policy.is_undefined() || policy.is_null() {
        return true;
    }
    Reflect::get(&policy, &"allowsFeature".into())
        .ok()
        .and_then(|allows| allows.dyn_into::<Function>().ok())
        .and_then(|allows| allows.call1(&policy, &"clipboard-write".into()).ok())
        .and_then(|answer| answer.as_bool())
        .unwrap_or(true)
}

fn clipboard_write(text: &str) -> Option<Promise> {
    let window = web_sys::window()?;
    let navigator = Reflect::get(&window, &"navigator".into()).ok()?;
    let clipboard = Reflect::get(&navigator, &"clipboard".into()).ok()?;
    if clipboard.is_undefined() || clipboard.is_null() {
        return None;
    }
    let write = Reflect::get(&clipboard, &"writeText".into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    write
        .call1(&clipboard, &JsValue::from_str(text))
        .ok()?
        .dyn_into::<Promise>()
        .ok()
}

fn show(button: &Element, text: &str) {
    button.set_text_content(Some(text));
    let Some(window) = web_sys::window() else {
        return;
    };
    let button = button.clone();
    let restore = Closure::once_into_js(move || button.set_text_content(Some(COPY_LABEL)));
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
        restore.unchecked_ref(),
        FEEDBACK_MS,
    );
}

/// A read-only, pre-selected text box under the actions row holding the Markdown. With
/// `try_copy`, runs `document.execCommand("copy")` on it and removes it again when that
/// worked; returns whether the text was copied.
fn manual_copy_box(panel: &Element, markdown: &str, try_copy: bool) -> Result<bool, JsValue> {
    let document = panel
        .owner_document()
        .ok_or_else(|| JsValue::from_str("no document"))?;
    if let Some(old) = panel.query_selector("[data-prlens-copy-box]")? {
        old.remove();
    }
    let area = document
        .create_element("textarea")?
        .dyn_into::<web_sys::HtmlTextAreaElement>()?;
    area.set_attribute("class", "prl-copy-box")?;
    area.set_attribute("data-prlens-copy-box", "")?;
    area.set_attribute("readonly", "")?;
    area.set_attribute("aria-label", "Markdown summary to copy")?;
    area.set_value(markdown);
    panel.append_child(&area)?;
    area.select();
    if try_copy {
        let copied = Reflect::get(&document, &"execCommand".into())?
            .dyn_into::<Function>()?
            .call1(&document, &"copy".into())?
            .as_bool()
            .unwrap_or(false);
        area.remove();
        return Ok(copied);
    }
    area.focus()?;
    Ok(false)
}
