//! The browser transport: `fetch` through gloo-net, with a timeout and no HTTP cache.
//!
//! Why: the fetch logic lives in `crate::fetch` behind the `Transport` trait; this is the thin
//! wasm edge. gloo-net binds the global `fetch`, so it works in the panel iframe, the popup,
//! a service worker and the www page alike (extension-platform notes §3). `cache: no-store`
//! keeps the browser's HTTP cache out of the way so our `If-None-Match` reaches GitHub and the
//! 304 comes back to us (a 304 costs no rate limit). A request that takes longer than the
//! time limit is aborted with an `AbortController`.

use std::cell::Cell;
use std::rc::Rc;

use gloo_net::http::Request as GlooRequest;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCache};

use crate::fetch::limits::REQUEST_TIMEOUT_MS;
use crate::fetch::{LocalBoxFuture, Request, Response, Transport, TransportError};

/// `fetch`-based transport for any browser context.
#[derive(Debug, Default, Clone, Copy)]
pub struct BrowserTransport;

/// Calls the global `setTimeout(callback, millis)`; returns the timer id.
fn set_timeout(callback: &Function, millis: u32) -> Option<JsValue> {
    let global = js_sys::global();
    let set_timeout: Function = Reflect::get(&global, &"setTimeout".into())
        .ok()?
        .dyn_into()
        .ok()?;
    set_timeout
        .call2(&global, callback, &JsValue::from(millis))
        .ok()
}

fn clear_timeout(id: &JsValue) {
    let global = js_sys::global();
    if let Ok(clear) = Reflect::get(&global, &"clearTimeout".into()) {
        if let Ok(clear) = clear.dyn_into::<Function>() {
            let _ = clear.call1(&global, id);
        }
    }
}

async fn send(request: Request) -> Result<Response, TransportError> {
    let controller =
        AbortController::new().map_err(|_| TransportError::Offline("no AbortController".into()))?;
    let timed_out = Rc::new(Cell::new(false));
    let on_timeout = {
        let controller = controller.clone();
        let timed_out = timed_out.clone();
        Closure::once_into_js(move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let timer = on_timeout
        .dyn_ref::<Function>()
        .and_then(|callback| set_timeout(callback, REQUEST_TIMEOUT_MS));

    let mut builder = GlooRequest::get(&request.url)
        .cache(RequestCache::NoStore)
        .abort_signal(Some(&controller.signal()));
    for (name, value) in &request.headers {
        builder = builder.header(name, value);
    }
    let outcome = async {
        let response = builder.send().await?;
        let headers = response
            .headers()
            .entries()
            .map(|(name, value)| (name.to_ascii_lowercase(), value))
            .collect();
        // A 304 has no body; reading it gives "". Read as bytes, not text: a JS string enters
        // wasm through a per-character loop in the bindgen glue, an ArrayBuffer through one copy
        // (docs/performance.md). Invalid UTF-8 is replaced as `Response.text()` would.
        let bytes = response.binary().await?;
        let body = String::from_utf8(bytes)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
        Ok::<_, gloo_net::Error>(Response {
            status: response.status(),
            headers,
            body,
        })
    }
    .await;
    if let Some(timer) = &timer {
        clear_timeout(timer);
    }
    outcome.map_err(|error| {
        if timed_out.get() {
            TransportError::Timeout
        } else {
            TransportError::Offline(error.to_string())
        }
    })
}

async fn sleep(millis: u32) {
    let promise = Promise::new(&mut |resolve, _reject| {
        let _ = set_timeout(&resolve, millis);
    });
    let _ = JsFuture::from(promise).await;
}

impl Transport for BrowserTransport {
    fn send(&self, request: Request) -> LocalBoxFuture<'_, Result<Response, TransportError>> {
        Box::pin(send(request))
    }

    fn sleep(&self, millis: u32) -> LocalBoxFuture<'_, ()> {
        Box::pin(sleep(millis))
    }
}
