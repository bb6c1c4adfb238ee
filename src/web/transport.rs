//! The browser transport: `fetch` through gloo-net, with a timeout and no HTTP cache.
//!
//! Why: the fetch logic lives in `crate::fetch` behind the `Transport` trait; this is the thin
//! wasm edge. gloo-net binds the global `fetch`, so it works in the panel iframe, the popup,
//! a service worker and the www page alike (extension-platform notes §3). `cache: no-store`
//! keeps the browser's HTTP cache out of the way so our `If-None-Match` reaches GitHub and the
//! 304 comes back to us (a 304 costs no rate limit). A request that takes longer than the
//! time limit is aborted with an `AbortController`.
//!
//! An unconditional request first asks the caller's `early(url, authorized)` function, when it
//! gave one: the background may already hold GitHub's answer to it, asked while this page was
//! still booting (`extension/background/early-requests.js`; docs/architecture.md "Early requests"). It
//! resolves to `{status, headers: [[name, value]], body: Uint8Array}`, to `{error: "timeout"}` or
//! `{error: "offline", message}` when the background's request got no answer (the fetcher treats
//! them as its own request's), or to null (then the request goes to the network). A conditional request (`If-None-Match`) never takes one: its 304
//! costs no rate limit, and the background never asks for what the cache holds.

use std::cell::Cell;
use std::rc::Rc;

use gloo_net::http::Request as GlooRequest;
use js_sys::{Array, Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCache};

use crate::fetch::limits::REQUEST_TIMEOUT_MS;
use crate::fetch::{LocalBoxFuture, Request, Response, Transport, TransportError};

/// `fetch`-based transport for any browser context, with the caller's early answers.
#[derive(Debug, Default, Clone)]
pub struct BrowserTransport {
    early: Option<Function>,
}

impl BrowserTransport {
    /// A transport that first asks `early` (a JS function, see the module doc), if it is one.
    pub fn with_early(early: JsValue) -> BrowserTransport {
        BrowserTransport {
            early: early.dyn_into::<Function>().ok(),
        }
    }
}

/// The early answer to `request`, if the caller's `early` function has one.
async fn take_early(
    early: &Function,
    request: &Request,
) -> Option<Result<Response, TransportError>> {
    let has = |name: &str| request.headers.iter().any(|(header, _)| header == name);
    if has("if-none-match") {
        return None;
    }
    let authorized = JsValue::from_bool(has("authorization"));
    let returned = early
        .call2(
            &JsValue::NULL,
            &JsValue::from_str(&request.url),
            &authorized,
        )
        .ok()?;
    let answer = JsFuture::from(Promise::resolve(&returned)).await.ok()?;
    let field = |name: &str| Reflect::get(&answer, &name.into()).ok();
    match field("error")
        .and_then(|error| error.as_string())
        .as_deref()
    {
        Some("timeout") => return Some(Err(TransportError::Timeout)),
        Some(_) => {
            let message = field("message").and_then(|message| message.as_string());
            return Some(Err(TransportError::Offline(message.unwrap_or_default())));
        }
        None => {}
    }
    let status = field("status")?
        .as_f64()
        .filter(|status| (100.0..600.0).contains(status))? as u16;
    let body = field("body")?.dyn_into::<Uint8Array>().ok()?.to_vec();
    let headers = field("headers")?
        .dyn_into::<Array>()
        .ok()?
        .iter()
        .filter_map(|pair| {
            let pair = pair.dyn_into::<Array>().ok()?;
            let name = pair.get(0).as_string()?.to_ascii_lowercase();
            Some((name, pair.get(1).as_string()?))
        })
        .collect();
    Some(Ok(Response {
        status,
        headers,
        body: utf8(body),
    }))
}

/// Invalid UTF-8 is replaced, as `Response.text()` would.
fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

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
        // (docs/performance.md).
        let bytes = response.binary().await?;
        Ok::<_, gloo_net::Error>(Response {
            status: response.status(),
            headers,
            body: utf8(bytes),
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
        Box::pin(async move {
            if let Some(early) = &self.early {
                if let Some(answer) = take_early(early, &request).await {
                    return answer;
                }
            }
            send(request).await
        })
    }

    fn sleep(&self, millis: u32) -> LocalBoxFuture<'_, ()> {
        Box::pin(sleep(millis))
    }
}
