//! A long JS string into wasm through `TextEncoder.encodeInto`, which writes UTF-8 straight
//! into wasm memory.
//!
//! Why: wasm-bindgen's glue copies a `&str` argument with a JS loop, one `charCodeAt` per
//! character, until the first non-ASCII character; a bundle is mostly ASCII, so for the
//! 3,000-file PR (1.3 MB) that loop ran over the whole text on every `analyzeBundle` call
//! (docs/performance.md, "Measurements behind code choices").
//!
//! Source: WHATWG Encoding Standard, `TextEncoder.encodeInto` (read 2026-12-03): it returns how
//! many UTF-16 code units it read and bytes it wrote; lone surrogates become U+FFFD, so the
//! bytes are always UTF-8, and 3 bytes per code unit always suffice.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    type TextEncoder;

    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;

    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(
        this: &TextEncoder,
        source: &js_sys::JsString,
        destination: &mut [u8],
    ) -> EncodeIntoResult;

    type EncodeIntoResult;

    #[wasm_bindgen(method, getter)]
    fn written(this: &EncodeIntoResult) -> f64;
}

/// The JS string `value` as a Rust `String`; `what` names the argument in the error.
pub fn string(value: &JsValue, what: &str) -> Result<String, JsError> {
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(JsError::new(&format!("{what} must be a string")));
    };
    let units = usize::try_from(text.length()).unwrap_or(usize::MAX);
    let mut bytes = vec![0u8; units.saturating_mul(3)];
    let written = TextEncoder::new().encode_into(text, &mut bytes).written();
    // `as` saturates: a count larger than the buffer cannot come back from encodeInto.
    bytes.truncate(written as usize);
    String::from_utf8(bytes).map_err(|error| JsError::new(&error.to_string()))
}
