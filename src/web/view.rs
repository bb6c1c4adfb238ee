//! `PanelView`: a bundle read once and the signal the panel draws from it, kept in wasm memory
//! between calls; JS holds only the handle (docs/CONTRACTS.md "wasm exports").
//!
//! Why: the panel used to get the bundle and the signal back from `fetchAndAnalyze` as JSON
//! text, hand the signal text to `renderPanel` (read again by `crate::signal::read`) together
//! with the whole bundle text (to set one flag), and parse the bundle text in JS to compare
//! polls, to digest its file names and to re-score with new page facts (after which the bundle
//! went back into wasm and was read again). A view holds the `Bundle` read once from the
//! fetcher's `Value` (`Bundle::from_value`) and the `Signal`: a render, a re-score or a poll
//! comparison crosses into wasm once with a handle, and JSON text leaves wasm only for what
//! needs text (the remembered panel in storage, the details sheet, the download).

use std::cell::{OnceCell, RefCell};
use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::rc::Rc;

use serde_json::Value;
use wasm_bindgen::prelude::*;
use web_sys::Element;

use super::errors::analysis_error;
use crate::bundle::{Bundle, PageFacts};
use crate::signal::Signal;
use crate::AnalyzeError;

/// One bundle and its signal (see the module doc).
#[wasm_bindgen]
pub struct PanelView {
    /// The bundle as fetched, shared by the views re-scored from it.
    document: Rc<Value>,
    /// Page facts given after the fetch (re-scoring), standing in for `document.page`.
    page: Option<Value>,
    /// The bundle read once, shared by the views re-scored from it (with its fetched page).
    bundle: Rc<RefCell<Bundle>>,
    /// The page facts this view was scored with (the bundle's own, or `page`'s).
    scored_page: Option<PageFacts>,
    signal: Signal,
    /// [`PanelView::content`], made on first use.
    content: OnceCell<String>,
}

impl PanelView {
    /// Reads `document` once and scores it with `settings_json` (the fetch exports make views
    /// this way; public for the wasm tests).
    pub fn of(document: Value, settings_json: &str) -> Result<PanelView, AnalyzeError> {
        let bundle = Bundle::from_value(&document)?;
        let settings = crate::read_settings(settings_json)?;
        let signal = crate::analyze(&bundle, &settings, None);
        Ok(PanelView {
            document: Rc::new(document),
            page: None,
            scored_page: bundle.page.clone(),
            bundle: Rc::new(RefCell::new(bundle)),
            signal,
            content: OnceCell::new(),
        })
    }

    pub(crate) fn signal(&self) -> &Signal {
        &self.signal
    }

    /// The page section this view was scored with.
    fn effective_page(&self) -> Option<&Value> {
        match &self.page {
            Some(page) => Some(page),
            None => self.document.get("page"),
        }
    }

    /// A key of everything GitHub and the page said, `fetched_at` left out: two views with the
    /// same key show the same signal but for its reference time (a poll that brings the same key
    /// is not drawn again, as before this view: the panel compared the bundle texts).
    fn content(&self) -> String {
        let mut hasher = DefaultHasher::new();
        if let Some(fields) = self.document.as_object() {
            for (key, value) in fields {
                if key == "fetched_at" || key == "page" {
                    continue;
                }
                hasher.write(key.as_bytes());
                hasher.write(value.to_string().as_bytes());
            }
        }
        hasher.write(b"page");
        if let Some(page) = self.effective_page() {
            hasher.write(page.to_string().as_bytes());
        }
        format!("{:016x}", hasher.finish())
    }
}

#[wasm_bindgen]
impl PanelView {
    /// Renders the signal into `root` (options as `renderPanel`'s), replacing its children.
    #[wasm_bindgen(js_name = renderPanel)]
    pub fn render_panel(&self, root: &Element, options: JsValue) -> Result<(), JsValue> {
        super::render::render_signal_into(root, &self.signal, &options)
    }

    /// The same bundle scored again: with `settings_json`, and with `page_json` (page facts as
    /// JSON; `"null"`: none) instead of the page it was scored with when given. The bundle is
    /// not read again; rejects like `analyzeBundle` (`kind` `settings` or `malformed`).
    pub fn rescore(
        &self,
        settings_json: &str,
        page_json: Option<String>,
    ) -> Result<PanelView, JsValue> {
        let settings = crate::read_settings(settings_json)
            .map_err(|error| analysis_error(&AnalyzeError::Settings(error)))?;
        let mut page = self.page.clone();
        let mut scored_page = self.scored_page.clone();
        if let Some(text) = page_json {
            let facts: Value = serde_json::from_str(&text).map_err(|error| {
                analysis_error(&AnalyzeError::Bundle(crate::BundleError::NotJson(
                    crate::text::clip(&error.to_string(), 200),
                )))
            })?;
            scored_page = Bundle::page_from_value(&facts).map_err(|e| analysis_error(&e.into()))?;
            page = Some(facts);
        }
        // The shared bundle with this view's page facts for the analysis, then as it was: a
        // clone of the whole bundle per re-score cost ~8 KB of wasm for the clone code alone.
        let signal = {
            let mut bundle = self.bundle.borrow_mut();
            let fetched = std::mem::replace(&mut bundle.page, scored_page.clone());
            let signal = crate::analyze(&bundle, &settings, None);
            bundle.page = fetched;
            signal
        };
        Ok(PanelView {
            document: Rc::clone(&self.document),
            page,
            bundle: Rc::clone(&self.bundle),
            scored_page,
            signal,
            content: OnceCell::new(),
        })
    }

    /// The signal as JSON text (`prlens.signal.v1`): the remembered panel and the details sheet.
    #[wasm_bindgen(js_name = signalJson)]
    pub fn signal_json(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.signal).map_err(|error| JsError::new(&error.to_string()))
    }

    /// The bundle as JSON text, with the page facts it was last scored with ("Download bundle";
    /// `prlens analyze` on it gives this signal).
    #[wasm_bindgen(js_name = bundleJson)]
    pub fn bundle_json(&self) -> String {
        match (&self.page, self.document.as_object()) {
            (Some(page), Some(fields)) => {
                let mut fields = fields.clone();
                fields.insert("page".into(), page.clone());
                Value::Object(fields).to_string()
            }
            _ => self.document.to_string(),
        }
    }

    /// The bundle's `fetched_at`, as fetched.
    #[wasm_bindgen(getter, js_name = fetchedAt)]
    pub fn fetched_at(&self) -> Option<String> {
        self.document
            .get("fetched_at")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    /// Equal for two views of the same content (`fetched_at` aside): a poll that brings this
    /// key again changed nothing (`fetchAndAnalyze`'s `unchangedSince`).
    #[wasm_bindgen(getter, js_name = contentKey)]
    pub fn content_key(&self) -> String {
        self.content.get_or_init(|| self.content()).clone()
    }

    /// The `filename` of every changed file, in bundle order (the page names files by the
    /// SHA-256 of this name in its diff anchors).
    #[wasm_bindgen(js_name = fileNames)]
    pub fn file_names(&self) -> Vec<String> {
        self.document
            .get("files")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|file| file.get("filename").and_then(Value::as_str))
            .map(str::to_string)
            .collect()
    }

    /// A compare-page bundle with the form's edited fields put in (`crate::fetch::compare::
    /// apply_page`), scored with `settings_json`: an edit re-scores without a request, exactly
    /// as a first fetch with that text would.
    #[wasm_bindgen(js_name = withComparePage)]
    pub fn with_compare_page(
        &self,
        page_json: &str,
        settings_json: &str,
    ) -> Result<PanelView, JsValue> {
        let page: Value = serde_json::from_str(page_json).map_err(|error| {
            JsValue::from(js_sys::Error::new(&format!(
                "the page facts are not JSON ({error})"
            )))
        })?;
        let mut document = Value::clone(&self.document);
        crate::fetch::compare::apply_page(
            &mut document,
            Some(&page).filter(|page| page.is_object()),
        );
        PanelView::of(document, settings_json).map_err(|error| analysis_error(&error))
    }

    /// The compare page's `html_url` (GitHub's comparison), if the bundle has one.
    #[wasm_bindgen(getter, js_name = compareUrl)]
    pub fn compare_url(&self) -> Option<String> {
        self.document
            .get("compare")
            .and_then(|compare| compare.get("html_url"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }
}
