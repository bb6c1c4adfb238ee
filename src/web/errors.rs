//! Analysis errors as JS errors (a leaf of `web`: the exports that analyse all use it).

use wasm_bindgen::JsValue;

/// An analysis error as a JS `Error` whose `kind` (also its `name`) says whose fault it is:
/// `settings` (the user's scoring settings, e.g. a misspelt driver id) or `malformed` (the
/// bundle); the panel's error state words its headline and hint by it.
pub(crate) fn analysis_error(error: &crate::AnalyzeError) -> JsValue {
    let kind = match error {
        crate::AnalyzeError::Settings(_) => "settings",
        crate::AnalyzeError::Bundle(_) => "malformed",
    };
    let js = js_sys::Error::new(&error.to_string());
    js.set_name(kind);
    let _ = js_sys::Reflect::set(&js, &"kind".into(), &kind.into());
    js.into()
}
