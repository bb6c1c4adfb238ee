//! The wasm build of the engine in a real browser (headless Chromium via wasm-bindgen-test).
//!
//! What: for the project's 45-file PR bundle (`tests/bundles/owner-45-files.json`), the
//! wasm `analyzeBundle` gives a signal identical to the native CLI's `prlens analyze` output,
//! and the wasm renderer puts that signal into a live DOM as text.
//! Why: the extension, the playground and the CLI must agree on every number; a difference
//! would mean a platform-dependent engine (float formatting, time, hashing) and an untrustworthy
//! panel. Source of the golden: `./build.sh test` writes `target/web-golden/signal.json` with the
//! native CLI from the same bundle just before running this test (see build.sh, `write_web_golden`).
#![cfg(target_arch = "wasm32")]

use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const BUNDLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/bundles/owner-45-files.json"
));
const NATIVE_SIGNAL: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/target/web-golden/signal.json"
));

fn wasm_signal(bundle: &str) -> Value {
    let json = prlens::web::analyze_bundle(&JsValue::from_str(bundle), "", None)
        .map_err(JsValue::from)
        .expect("wasm analyzeBundle accepts the golden bundle");
    serde_json::from_str(&json).expect("wasm signal is JSON")
}

/// JSON paths where `left` and `right` differ (at most `limit`), for a readable failure.
fn differences(left: &Value, right: &Value, path: &str, found: &mut Vec<String>, limit: usize) {
    if found.len() >= limit || left == right {
        return;
    }
    match (left, right) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let (x, y) = (
                    a.get(key).unwrap_or(&Value::Null),
                    b.get(key).unwrap_or(&Value::Null),
                );
                differences(x, y, &format!("{path}.{key}"), found, limit);
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (index, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{path}[{index}]"), found, limit);
            }
        }
        _ => found.push(format!("{path}: wasm {left} vs native {right}")),
    }
}

#[wasm_bindgen_test]
fn wasm_signal_is_identical_to_the_native_cli_signal_for_a_45_file_pr() {
    let native: Value = serde_json::from_str(NATIVE_SIGNAL).expect("native golden is JSON");
    let wasm = wasm_signal(BUNDLE);
    assert_eq!(
        native["pr"]["number"], 212,
        "golden is tidewater/harbor-client#212"
    );
    let mut found = Vec::new();
    differences(&wasm, &native, "signal", &mut found, 10);
    assert!(
        found.is_empty(),
        "wasm and native signals differ:\n{}",
        found.join("\n")
    );
}

#[wasm_bindgen_test]
fn wasm_engine_version_matches_the_signal_meta() {
    let wasm = wasm_signal(BUNDLE);
    assert_eq!(
        wasm["meta"]["engine_version"],
        Value::String(prlens::web::engine_version())
    );
}

/// An empty `<main>` attached to the test page's body.
fn fresh_root() -> web_sys::Element {
    let document = web_sys::window()
        .and_then(|window| window.document())
        .expect("a browser document");
    let root = document.create_element("main").expect("create root");
    document
        .body()
        .expect("body")
        .append_child(&root)
        .expect("attach root");
    root
}

fn render_into_fresh_root(signal_json: &str) -> web_sys::Element {
    let root = fresh_root();
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"expanded".into(), &JsValue::TRUE).expect("options");
    prlens::web::render_panel(&root, signal_json, options.into()).expect("renderPanel succeeds");
    root
}

#[wasm_bindgen_test]
fn rendered_panel_shows_the_title_and_counts_as_text_with_a_final_state() {
    let signal = serde_json::to_string(&wasm_signal(BUNDLE)).expect("serialize");
    let root = render_into_fresh_root(&signal);
    let state = root.get_attribute("data-prlens-state");
    assert!(
        matches!(state.as_deref(), Some("ready") | Some("partial")),
        "state {state:?}"
    );
    let text = root
        .dyn_ref::<web_sys::HtmlElement>()
        .and_then(|element| element.text_content())
        .unwrap_or_default();
    assert!(
        text.contains("Lazy pagination and a retry policy for the REST client"),
        "{text}"
    );
    assert!(text.contains("337") && text.contains("102"), "{text}");
    root.remove();
}

#[wasm_bindgen_test]
fn hostile_title_is_rendered_as_text_not_markup() {
    let mut bundle: Value = serde_json::from_str(BUNDLE).expect("bundle JSON");
    bundle["pull"]["title"] =
        Value::String("<img src=x onerror=alert(1)><script>alert(2)</script>".into());
    let signal = serde_json::to_string(&wasm_signal(&bundle.to_string())).expect("serialize");
    let root = render_into_fresh_root(&signal);
    assert!(root.query_selector("img, script").expect("query").is_none());
    assert!(root
        .text_content()
        .unwrap_or_default()
        .contains("<script>alert(2)</script>"));
    root.remove();
}

/// The wasm module has no derived `Deserialize` for signals (it reads them with
/// `signal::from_json`); the native CLI's signal must read back to exactly the same JSON.
#[wasm_bindgen_test]
fn signal_reader_reads_the_native_golden_signal_back_unchanged() {
    let signal = prlens::signal::from_json(NATIVE_SIGNAL).expect("the golden signal reads");
    let written: Value = serde_json::to_value(&signal).expect("serialize");
    let native: Value = serde_json::from_str(NATIVE_SIGNAL).expect("native golden is JSON");
    let mut found = Vec::new();
    differences(&written, &native, "signal", &mut found, 10);
    assert!(found.is_empty(), "read-back differs:\n{}", found.join("\n"));
}

#[wasm_bindgen_test]
fn a_signal_missing_a_section_shows_the_error_state_naming_it_and_throws() {
    let mut signal: Value = serde_json::from_str(NATIVE_SIGNAL).expect("native golden is JSON");
    signal.as_object_mut().expect("object").remove("triage");
    let root = fresh_root();
    let result = prlens::web::render_panel(&root, &signal.to_string(), JsValue::UNDEFINED);
    assert!(
        result.is_err(),
        "renderPanel must throw for a malformed signal"
    );
    assert_eq!(
        root.get_attribute("data-prlens-state").as_deref(),
        Some("error")
    );
    let text = root.text_content().unwrap_or_default();
    assert!(text.contains("has no field `triage`"), "{text}");
    root.remove();
}

/// The panel's DOM with the per-render counters in its ids and ARIA references taken out.
fn panel_markup(root: &web_sys::Element) -> String {
    let html = root.inner_html();
    let mut out = String::with_capacity(html.len());
    let mut rest = html.as_str();
    // `prlens-full-N` and `prlens-h-<key>-N` count renders; everything else must be equal.
    while let Some(at) = rest.find("prlens-") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| c == '"' || c == ' ')
            .unwrap_or(tail.len());
        let id = &tail[..end];
        out.push_str(id.trim_end_matches(|c: char| c.is_ascii_digit()));
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[wasm_bindgen_test]
fn a_panel_view_renders_the_same_panel_as_its_signal_json_without_reading_json() {
    let document: Value = serde_json::from_str(BUNDLE).expect("the golden bundle is JSON");
    let view = prlens::web::PanelView::of(document, "").expect("the view analyses");
    let signal = view
        .signal_json()
        .map_err(JsValue::from)
        .expect("serialises");
    let from_json = render_into_fresh_root(&signal);
    let from_view = fresh_root();
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"expanded".into(), &JsValue::TRUE).expect("options");
    view.render_panel(&from_view, options.into())
        .expect("PanelView.renderPanel succeeds");
    assert_eq!(panel_markup(&from_view), panel_markup(&from_json));
    assert!(from_view
        .get_attribute("data-prlens-signal-digest")
        .is_some_and(|digest| digest.contains("\"level\"")));
    from_json.remove();
    from_view.remove();
}

#[wasm_bindgen_test]
fn rendered_sheet_has_every_section_with_navigation_deep_link_ids_and_copy_buttons() {
    let signal = serde_json::to_string(&wasm_signal(BUNDLE)).expect("serialize");
    let root = fresh_root();
    prlens::web::render_sheet(&root, &signal, js_sys::Object::new().into())
        .expect("renderSheet succeeds");
    assert_eq!(
        root.get_attribute("data-prlens-state").as_deref(),
        Some("ready")
    );
    let count = |selector: &str| {
        root.query_selector_all(selector)
            .expect("valid selector")
            .length()
    };
    // One per section of the Markdown summary, which the sheet lists in its own order.
    let sections = prlens::signal::Section::ALL.len() as u32;
    assert_eq!(count("main [data-prlens-section]"), sections);
    assert_eq!(count("nav a[data-prlens-nav]"), sections);
    assert_eq!(
        count("button[data-prlens-action=\"copy-section\"]"),
        sections
    );
    assert_eq!(count("h1"), 1);
    assert_eq!(count("main section > h2"), sections);
    assert!(root
        .query_selector("#prlens-supply-chain")
        .expect("selector")
        .is_some());
    assert!(
        count("[data-prlens-section=\"focus\"] table") == 1,
        "focus files as a table"
    );
    root.remove();
}
