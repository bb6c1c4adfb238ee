//! `fetchBundle`: the wasm export that assembles a PR's bundle from the GitHub API (and
//! `fetchAndAnalyze`, the same followed by the analysis, for a panel's view).
//!
//! Why: the panel (and any other extension page) needs the bundle behind a panel, fetched
//! with the cache, the token rules and the rate-limit rules of `crate::fetch`. This file only
//! translates JS arguments and errors (docs/CONTRACTS.md "wasm exports"):
//! `fetchBundle({owner, repo, number, page?}, {token?, apiBase?, storage?, freshnessSeconds?,
//! onProgress?, now?, early?})` resolves to the bundle JSON text, or rejects with an `Error` whose
//! `message` is user-facing and whose `name` and `kind` are the error kind. `now` is in
//! milliseconds since the epoch (like `Date.now()`); `early(url, authorized)` may answer a request
//! before it goes to the network (`super::transport`). The promise settles before the HTTP cache
//! is written to `storage`: the write follows in the background. `fetchAndAnalyze` resolves to
//! `{view}`, a `PanelView` (`super::view`: the bundle read once and its signal, kept in wasm),
//! and says `roundTrips` (the sequential API round trips the view waited for),
//! `firstRenderRoundTrips` (those the first renderable bundle waited for) and `firstWave` (what
//! wave 1 was built from: `pull-only`, `page-facts` or `page-facts-corrected`). With the option
//! `unchangedSince` (a view's `contentKey`) it resolves to `{unchanged: true}` without analysing
//! when the fetched bundle says the same (a poll). Its option `onFirstSignal` is called at most
//! once, before the promise settles, with `{view}` of a bundle that is complete for everything
//! that can affect risk while the rest (familiarity, linked issues, the PR template) is still on
//! the network (`FetchIo::on_first_render`).

use js_sys::{Function, Object, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::errors::analysis_error;
use super::storage::JsStorage;
use super::transport::BrowserTransport;
use super::view::PanelView;
use crate::fetch::{FetchError, FetchIo, FetchOptions, FirstWave, MemoryStore, Progress, PullRef};

pub(super) fn field(object: &JsValue, name: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &name.into()).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// A JS `Error` carrying the kind as `name` and `kind`.
pub(super) fn js_error(error: &FetchError) -> JsValue {
    let js = js_sys::Error::new(&error.message);
    js.set_name(error.kind.as_str());
    let _ = Reflect::set(&js, &"kind".into(), &error.kind.as_str().into());
    js.into()
}

fn read_request(request: &JsValue) -> Result<(PullRef, Option<Value>), FetchError> {
    let owner = field(request, "owner").as_string().unwrap_or_default();
    let repo = field(request, "repo").as_string().unwrap_or_default();
    let number = field(request, "number")
        .as_f64()
        .filter(|number| number.fract() == 0.0 && *number >= 1.0 && *number <= 2_147_483_648.0)
        .ok_or_else(|| FetchError::invalid_request("the number is not a positive integer"))?;
    let pull = PullRef::new(&owner, &repo, number as u64)?;
    let page = field(request, "page");
    let page = if page.is_object() {
        let text = js_sys::JSON::stringify(&page)
            .ok()
            .and_then(|text| text.as_string())
            .unwrap_or_default();
        serde_json::from_str::<Value>(&text)
            .ok()
            .filter(Value::is_object)
    } else {
        None
    };
    Ok((pull, page))
}

pub(super) fn read_options(options: &JsValue) -> FetchOptions {
    let now_ms = field(options, "now")
        .as_f64()
        .filter(|now| now.is_finite() && *now > 0.0)
        .unwrap_or_else(js_sys::Date::now);
    let mut fetch_options = FetchOptions::new((now_ms / 1000.0).floor() as i64);
    fetch_options.token = field(options, "token")
        .as_string()
        .map(|token| token.trim().to_string())
        .filter(|token| !token.is_empty());
    if let Some(base) = field(options, "apiBase").as_string() {
        fetch_options.api_base = base;
    }
    if let Some(seconds) = field(options, "freshnessSeconds")
        .as_f64()
        .filter(|seconds| seconds.is_finite() && *seconds >= 0.0)
    {
        fetch_options.freshness_seconds = seconds.floor() as i64;
    }
    fetch_options
}

fn progress_object(progress: &Progress) -> JsValue {
    let object = Object::new();
    let _ = Reflect::set(&object, &"phase".into(), &progress.phase.as_str().into());
    let _ = Reflect::set(&object, &"done".into(), &progress.done.into());
    let _ = Reflect::set(&object, &"total".into(), &progress.total.into());
    let _ = Reflect::set(
        &object,
        &"message".into(),
        &progress.message.as_str().into(),
    );
    object.into()
}

/// Fetches the bundle of one PR; see the module doc for the arguments.
#[wasm_bindgen(js_name = fetchBundle)]
pub async fn fetch_bundle(request: JsValue, options: JsValue) -> Result<String, JsValue> {
    fetch_bundle_text(request, options).await
}

/// `fetchAndAnalyze(request, options, settingsJson)`: `fetchBundle`, then the analysis, in one
/// call; resolves to `{view}` (a `PanelView`; see the module doc). Fetch errors reject as in
/// `fetchBundle`; an analysis error rejects with its message and `kind` (`settings` or
/// `malformed`).
///
/// Why one call and a view: the bundle (~250 KB for a 45-file PR) stays in wasm, read once from
/// the fetcher's `Value`; neither it nor the signal crosses into JS as text on the way to the
/// render.
#[wasm_bindgen(js_name = fetchAndAnalyze)]
pub async fn fetch_and_analyze(
    request: JsValue,
    options: JsValue,
    settings_json: String,
) -> Result<JsValue, JsValue> {
    let on_first_signal = field(&options, "onFirstSignal").dyn_into::<Function>().ok();
    let unchanged_since = field(&options, "unchangedSince").as_string();
    let first_signal = |bundle: &Value| {
        let Some(callback) = &on_first_signal else {
            return;
        };
        // A first view that cannot be analysed is simply not shown early: the final one will be.
        if let Ok(view) = PanelView::of(bundle.clone(), &settings_json) {
            let first = Object::new();
            if Reflect::set(&first, &"view".into(), &view.into()).is_ok() {
                // A throwing callback must not break the fetch.
                let _ = callback.call1(&JsValue::NULL, &first);
            }
        }
    };
    let on_first_render: Option<&dyn Fn(&Value)> = match &on_first_signal {
        Some(_) => Some(&first_signal),
        None => None,
    };
    let Fetched {
        bundle,
        round_trips,
        first_render_round_trips,
        first_wave,
    } = fetch_bundle_value(request, options, on_first_render).await?;
    let result = Object::new();
    let view = PanelView::of(bundle, &settings_json).map_err(|error| analysis_error(&error))?;
    if unchanged_since.is_some_and(|key| key == view.content_key()) {
        Reflect::set(&result, &"unchanged".into(), &true.into())?;
    } else {
        Reflect::set(&result, &"view".into(), &view.into())?;
    }
    // The sequential API round trips this view waited for (the panel marks them for the bench).
    Reflect::set(&result, &"roundTrips".into(), &round_trips.into())?;
    Reflect::set(
        &result,
        &"firstRenderRoundTrips".into(),
        &first_render_round_trips.into(),
    )?;
    Reflect::set(&result, &"firstWave".into(), &first_wave.key().into())?;
    Ok(result.into())
}

async fn fetch_bundle_text(request: JsValue, options: JsValue) -> Result<String, JsValue> {
    let bundle = fetch_bundle_value(request, options, None).await?.bundle;
    serde_json::to_string(&bundle)
        .map_err(|error| js_error(&FetchError::malformed(&format!("the bundle ({error})"))))
}

/// A fetched bundle, with what the caller measures of its fetch.
struct Fetched {
    bundle: Value,
    round_trips: u32,
    first_render_round_trips: u32,
    first_wave: FirstWave,
}

async fn fetch_bundle_value(
    request: JsValue,
    options: JsValue,
    on_first_render: Option<&dyn Fn(&Value)>,
) -> Result<Fetched, JsValue> {
    let (pull, page) = read_request(&request).map_err(|error| js_error(&error))?;
    let fetch_options = read_options(&options);
    let on_progress = field(&options, "onProgress").dyn_into::<Function>().ok();
    let report = |progress: &Progress| {
        if let Some(callback) = &on_progress {
            // A throwing progress callback must not break the fetch.
            let _ = callback.call1(&JsValue::NULL, &progress_object(progress));
        }
    };
    let memory = MemoryStore::default();
    let js_store = JsStorage::new(field(&options, "storage"));
    let store: &dyn crate::fetch::CacheStore = match &js_store {
        Some(store) => store,
        None => &memory,
    };
    let now = fetch_options.now;
    let warm_up = move |draft: &Value| warm_up_engine(draft, now);
    let transport = BrowserTransport::with_early(field(&options, "early"));
    let io = FetchIo {
        transport: &transport,
        store,
        on_progress: &report,
        on_draft: Some(&warm_up),
        on_first_render,
    };
    let outcome = crate::fetch::fetch_bundle(pull, page, &fetch_options, io).await;
    let (bundle, writes) = (outcome.bundle, outcome.writes);
    let (round_trips, first_wave) = (outcome.round_trips, outcome.first_wave);
    let first_render_round_trips = outcome.first_render_round_trips;
    // The caller gets the bundle now; the cache is written behind it (chrome.storage runs its
    // operations in order, so a later fetch still reads what this one wrote).
    if let Some(js_store) = js_store {
        wasm_bindgen_futures::spawn_local(async move { writes.apply(&js_store).await });
    }
    let bundle = bundle.map_err(|error| js_error(&error))?;
    Ok(Fetched {
        bundle,
        round_trips,
        first_render_round_trips,
        first_wave,
    })
}

/// A small invented PR built into the panel (src/web/panel_warm_up.json): a source change with
/// its test, a `pull_request_target` workflow, docs, a dependency and registry change, a binary
/// and a rename, with reviews, checks, a timeline and public events.
const PANEL_WARM_UP_BUNDLE: &str = include_str!("panel_warm_up.json");

/// Reads and analyses the built-in PR as a fetched one is (`PanelView`) and writes its signal as
/// JSON, dropping both. The panel calls it once, on a cold view, right after its first requests
/// went out.
///
/// Why: V8 compiles a wasm function the first time it is called, so the first analysis in a
/// fresh panel would pay for compiling the engine on the critical path (measured in
/// docs/performance.md, "Warm-up"). The network wait of wave 1 is idle time in the panel; this
/// moves that compile into it.
#[wasm_bindgen(js_name = warmUpPanel)]
pub fn warm_up_panel() {
    if let Ok(document) = serde_json::from_str::<Value>(PANEL_WARM_UP_BUNDLE) {
        if let Ok(view) = PanelView::of(document, "{}") {
            // What a render does besides the DOM: the signal written for the remembered panel
            // and the sheet.
            let _ = view.signal_json();
        }
    }
}

/// Analyses the draft bundle of wave 1 and drops the signal, while wave 2 is on the network.
///
/// Why: V8 runs wasm in its baseline tier until a function has been hot for a while, so the
/// first analysis in a fresh panel is much slower than later ones (docs/performance.md).
/// Running the same code on real data while the network is busy moves that cost off the
/// critical path. The fetcher calls this only when wave 2 went to the network: with
/// everything cached there is nothing to wait for, so it would only delay the view.
fn warm_up_engine(draft: &Value, now: i64) {
    if let Ok(bundle) = crate::Bundle::from_value(draft) {
        let _ = crate::analyze(&bundle, &crate::Settings::default(), Some(now));
    }
}
