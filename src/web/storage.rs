//! The HTTP cache's store in the browser: a `chrome.storage.local`-like object passed in.
//!
//! Why: `fetchBundle` runs wherever wasm runs (panel iframe, popup, www page); only the caller
//! knows which storage it may use, so it passes an object with promise-returning
//! `get(keys)`, `set(items)` and `remove(keys)` (the `chrome.storage.local` API). Values are
//! strings (the JSON of a cached response); keys are `prlens.cache.*` (docs/CONTRACTS.md).
//! A failing or missing store only costs requests, never the view.

use std::collections::BTreeMap;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::fetch::{CacheStore, LocalBoxFuture};

/// A `CacheStore` over a JS storage-area object.
pub struct JsStorage {
    area: JsValue,
}

impl JsStorage {
    /// Wraps `area` if it has `get`, `set` and `remove` functions.
    pub fn new(area: JsValue) -> Option<JsStorage> {
        let has = |name: &str| {
            Reflect::get(&area, &name.into())
                .map(|value| value.is_function())
                .unwrap_or(false)
        };
        (area.is_object() && has("get") && has("set") && has("remove"))
            .then_some(JsStorage { area })
    }

    async fn call(&self, method: &str, argument: JsValue) -> Result<JsValue, String> {
        let function: Function = Reflect::get(&self.area, &method.into())
            .map_err(|_| format!("storage.{method} missing"))?
            .dyn_into()
            .map_err(|_| format!("storage.{method} is not a function"))?;
        let returned = function
            .call1(&self.area, &argument)
            .map_err(|_| format!("storage.{method} threw"))?;
        let promise = Promise::resolve(&returned);
        JsFuture::from(promise)
            .await
            .map_err(|_| format!("storage.{method} failed"))
    }
}

fn key_array(keys: &[String]) -> JsValue {
    keys.iter()
        .map(|key| JsValue::from_str(key))
        .collect::<Array>()
        .into()
}

impl CacheStore for JsStorage {
    fn get(
        &self,
        keys: Vec<String>,
    ) -> LocalBoxFuture<'_, Result<BTreeMap<String, String>, String>> {
        Box::pin(async move {
            let found = self.call("get", key_array(&keys)).await?;
            let mut items = BTreeMap::new();
            for key in keys {
                if let Some(text) = Reflect::get(&found, &JsValue::from_str(&key))
                    .ok()
                    .and_then(|value| value.as_string())
                {
                    items.insert(key, text);
                }
            }
            Ok(items)
        })
    }

    fn set(&self, items: Vec<(String, String)>) -> LocalBoxFuture<'_, Result<(), String>> {
        Box::pin(async move {
            let object = Object::new();
            for (key, value) in &items {
                Reflect::set(&object, &JsValue::from_str(key), &JsValue::from_str(value))
                    .map_err(|_| "could not build storage items".to_string())?;
            }
            self.call("set", object.into()).await.map(|_| ())
        })
    }

    fn remove(&self, keys: Vec<String>) -> LocalBoxFuture<'_, Result<(), String>> {
        Box::pin(async move { self.call("remove", key_array(&keys)).await.map(|_| ()) })
    }
}
