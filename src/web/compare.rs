//! `fetchCompareAndAnalyze`: the compare page's self-check in the panel.
//!
//! `fetchCompareAndAnalyze({owner, repo, base?, head, viewer?, page?}, options, settingsJson)`
//! (options as `fetchBundle`'s) fetches the compare bundle (`crate::fetch::compare`) and scores
//! it; it resolves to `{view}` (a `PanelView`, as `fetchAndAnalyze`) or rejects like
//! `fetchBundle`. The view's `withComparePage(pageJson, settingsJson)` puts edited form fields
//! into the bundle, so an edit re-scores without a request and exactly as a first fetch with
//! that text would.

use js_sys::{Object, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::app::{field, js_error, read_options};
use super::errors::analysis_error;
use super::storage::JsStorage;
use super::transport::BrowserTransport;
use super::view::PanelView;
use crate::fetch::compare::{fetch_compare_bundle, CompareRef};
use crate::fetch::MemoryStore;

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
    let view = PanelView::of(bundle, &settings_json).map_err(|error| analysis_error(&error))?;
    let result = Object::new();
    Reflect::set(&result, &"view".into(), &view.into())?;
    Ok(result.into())
}
