//! Panel interaction: one delegated click listener per render handles the expander, copy
//! as Markdown, focus-file links and the actions that panel.js performs (downloads,
//! refresh, retry), which are passed on through `options.onAction(name, payload)`.
//!
//! Why: a single listener on the freshly built panel keeps event wiring in one place and
//! leaves nothing attached to the long-lived root between renders; actions that need the
//! extension (storage, downloads, the page) stay in panel.js, per docs/CONTRACTS.md.

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event};

use super::clipboard;
use super::dom::{forget_errors, set, take_error, DomResult};
use super::header::set_expanded;
use super::links::is_valid_anchor;

/// What the click handler needs to know about one rendered panel.
pub struct PanelWiring {
    pub root: Element,
    pub panel: Element,
    pub markdown: String,
    pub on_action: Option<Function>,
    pub on_toggle: Option<Function>,
}

/// Attaches the delegated click listener to `panel`.
pub fn wire(wiring: PanelWiring) -> DomResult<()> {
    let panel = wiring.panel.clone();
    let handler = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        // `take_error`: a DOM building call (`set`, `add`) that failed while handling it.
        forget_errors();
        if let Err(error) = on_click(&wiring, &event).and_then(|()| take_error()) {
            web_sys::console::warn_2(&JsValue::from_str("prlens: panel action failed"), &error);
        }
    });
    panel.add_event_listener_with_callback("click", handler.as_ref().unchecked_ref())?;
    // The listener lives as long as the panel element; the panel is replaced on re-render
    // and the closure is small, so leaking it is the simplest correct ownership.
    handler.forget();
    Ok(())
}

/// A click on a focus-file link (`data-prlens-anchor`, in the panel and the sheet): its anchor,
/// if valid, goes to `on_action` as "focus-file". True when the click was on such a link.
pub(super) fn on_focus_file_click(
    target: &Element,
    on_action: Option<&Function>,
    event: &Event,
) -> DomResult<bool> {
    let Some(link) = target.closest("[data-prlens-anchor]")? else {
        return Ok(false);
    };
    let anchor = link.get_attribute("data-prlens-anchor").unwrap_or_default();
    if let (true, Some(on_action)) = (is_valid_anchor(&anchor), on_action) {
        event.prevent_default();
        let payload = Object::new();
        Reflect::set(&payload, &"anchor".into(), &JsValue::from_str(&anchor))?;
        on_action.call2(&JsValue::NULL, &"focus-file".into(), &payload)?;
    }
    Ok(true)
}

fn on_click(wiring: &PanelWiring, event: &Event) -> DomResult<()> {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return Ok(());
    };
    if on_focus_file_click(&target, wiring.on_action.as_ref(), event)? {
        return Ok(());
    }
    let Some(button) = target.closest("[data-prlens-action]")? else {
        return Ok(());
    };
    let action = button
        .get_attribute("data-prlens-action")
        .unwrap_or_default();
    match action.as_str() {
        "expand" => toggle(wiring, &button),
        "copy-markdown" => {
            clipboard::copy_with_feedback(&wiring.panel, &button, &wiring.markdown);
            Ok(())
        }
        "download-signal" | "download-bundle" | "refresh" | "retry" | "open-details" => {
            if let Some(on_action) = &wiring.on_action {
                on_action.call2(&JsValue::NULL, &JsValue::from_str(&action), &Object::new())?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn toggle(wiring: &PanelWiring, button: &Element) -> DomResult<()> {
    let expanded = button.get_attribute("aria-expanded").as_deref() != Some("true");
    set_expanded(button, expanded)?;
    if let Some(full) = wiring.panel.query_selector("[data-prlens-full]")? {
        full.toggle_attribute_with_force("hidden", !expanded)?;
    }
    set(
        &wiring.root,
        "data-prlens-expanded",
        if expanded { "true" } else { "false" },
    );
    if let Some(on_toggle) = &wiring.on_toggle {
        on_toggle.call1(&JsValue::NULL, &JsValue::from_bool(expanded))?;
    }
    Ok(())
}
