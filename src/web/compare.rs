//! `fetchCompareAndAnalyze` and `compareWithPage`: the compare page's self-check in the panel.
//!
//! `fetchCompareAndAnalyze({owner, repo, base?, head, viewer?, page?}, options, settingsJson)`
//! (options as `fetchBundle`'s) fetches the compare bundle (`crate::fetch::compare`) and scores
//! it; it resolves to `{bundle, signal, fetchedAt}` (JSON text) or rejects like `fetchBundle`.
//! `compareWithPage(bundleJson, pageJson)` puts edited form fields into a compare bundle, so
//! an edit re-scores without a request and exactly as a first fetch with that text would.

use js_sys::{Object, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::app::{field, js_error, read_options};
use super::storage::JsStorage;
use super::transport::BrowserTransport;
use crate::fetch::compare::{apply_page, fetch_compare_bundle, CompareRef};
use crate::fetch::{FetchError, MemoryStore};

fn text(object: &JsValue, name: &str) -> Option<String> {
    field(object, name).as_string()
}

fn json_of(value: &JsValue) -> Option<Value> {
    if !value.is_object() {
        return None;
    }
    let text = js_sys::JSON::stringify(value).ok()?.as_string()?;
    serde_json::from_str::<Value>(&text)
        .ok()
        .filter(Value::is_object)
}

fn error_value(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

#[wasm_bindgen(js_name = fetchCompareAndAnalyze)]
pub async fn fetch_compare_and_analyze(
    request: JsValue,
    options: JsValue,
    settings_json: String,
) -> Result<JsValue, JsValue> {
    let compare = CompareRef::new(
        &text(&request, "owner").unwrap_or_default(),
        &text(&request, "repo").unwrap_or_default(),
        text(&request, "base").as_deref(),
        &text(&request, "head").unwrap_or_default(),
        text(&request, "viewer").as_deref(),
    )
    .map_err(|error| js_error(&error))?;
    let page = json_of(&field(&request, "page"));
    let fetch_options = read_options(&options);
    let memory = MemoryStore::default();
    let js_store = JsStorage::new(field(&options, "storage"));
    let store: &dyn crate::fetch::CacheStore = match &js_store {
        Some(store) => store,
        None => &memory,
    };
    let (bundle, writes) = fetch_compare_bundle(
        &compare,
        page,
        &fetch_options,
        &BrowserTransport::default(),
        store,
    )
    .await;
    if let Some(js_store) = js_store {
        wasm_bindgen_futures::spawn_local(async move { writes.apply(&js_store).await });
    }
    let bundle = bundle.map_err(|error| js_error(&error))?;
    let bundle_text = serde_json::to_string(&bundle)
        .map_err(|error| js_error(&FetchError::malformed(&format!("the bundle ({error})"))))?;
    let signal = crate::analyze_json(&bundle_text, &settings_json, None)
        .map_err(|error| super::app::analysis_error(&error))?;
    let signal = serde_json::to_string(&signal).map_err(|error| error_value(&error.to_string()))?;
    let result = Object::new();
    Reflect::set(&result, &"bundle".into(), &bundle_text.into())?;
    Reflect::set(&result, &"signal".into(), &signal.into())?;
    if let Some(at) = bundle.get("fetched_at").and_then(Value::as_str) {
        Reflect::set(&result, &"fetchedAt".into(), &at.into())?;
    }
    Ok(result.into())
}

#[wasm_bindgen(js_name = compareWithPage)]
pub fn compare_with_page(bundle_json: &str, page_json: &str) -> Result<String, JsError> {
    let mut bundle: Value = serde_json::from_str(bundle_json)
        .map_err(|error| JsError::new(&format!("the compare bundle is not JSON ({error})")))?;
    let page: Value = serde_json::from_str(page_json)
        .map_err(|error| JsError::new(&format!("the page facts are not JSON ({error})")))?;
    apply_page(&mut bundle, Some(&page).filter(|page| page.is_object()));
    serde_json::to_string(&bundle).map_err(|error| JsError::new(&error.to_string()))
}
