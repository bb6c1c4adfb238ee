//! The browser's name, major version and system, read from `navigator.userAgent` (a window or
//! a worker), for the "Report a problem" issue (`crate::report_issue`).

use wasm_bindgen::JsValue;

/// "Chrome 131 on Linux"; "unknown browser" when the agent string says nothing usable.
pub fn browser() -> String {
    let agent = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("navigator"))
        .and_then(|navigator| js_sys::Reflect::get(&navigator, &JsValue::from_str("userAgent")))
        .ok()
        .and_then(|agent| agent.as_string())
        .unwrap_or_default();
    crate::report_issue::browser_from_user_agent(&agent)
}
