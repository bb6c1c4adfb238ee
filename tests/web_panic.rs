//! The wasm panic hook (`src/web/panic.rs`) in a real browser (wasm-bindgen-test).
//!
//! What: a recorded panic reaches the JS callback at once and `lastPanicMessage()` afterwards,
//! as one line, capped in length, with anything shaped like a GitHub token redacted.
//! Why: the release wasm aborts on panic, so this message is the only thing the panel can show
//! instead of a dead frame; it must never carry the token or a megabyte of PR text.
//! Run: `cargo test --target wasm32-unknown-unknown --test web_panic`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

use prlens::web::{install_panic_hook, last_panic_message, panic_summary, record_panic};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn panic_summary_is_one_short_line_without_tokens() {
    let raw = format!(
        "panicked at src/engine/diff.rs:10:5:\nbyte index 3 is not a char boundary ghp_AbC123secret and github_pat_11AB_cdef, then {}",
        "x".repeat(5_000)
    );
    let summary = panic_summary(&raw);
    assert!(!summary.contains('\n'));
    assert!(
        summary.chars().count() <= 401,
        "{}",
        summary.chars().count()
    );
    assert!(summary.ends_with('…'));
    assert!(!summary.contains("AbC123secret") && !summary.contains("11AB_cdef"));
    assert_eq!(summary.matches("[redacted]").count(), 2);
    let oauth = panic_summary("token 0123456789abcdef0123456789abcdef01234567 leaked");
    assert_eq!(oauth, "token [redacted] leaked", "40-hex OAuth tokens too");
    assert!(summary.starts_with("panicked at src/engine/diff.rs:10:5: byte index 3"));
}

#[wasm_bindgen_test]
fn a_recorded_panic_reaches_the_callback_and_last_message() {
    let callback =
        js_sys::Function::new_with_args("message", "globalThis.__prlensPanicSeen = message;");
    install_panic_hook(Some(callback));
    record_panic("panicked at src/x.rs:1:1:\nboom");
    assert_eq!(
        last_panic_message().as_deref(),
        Some("panicked at src/x.rs:1:1: boom")
    );
    let seen = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("__prlensPanicSeen"))
        .ok()
        .and_then(|value| value.as_string());
    assert_eq!(seen.as_deref(), Some("panicked at src/x.rs:1:1: boom"));
}

#[wasm_bindgen_test]
fn a_throwing_callback_does_not_stop_recording() {
    let callback =
        js_sys::Function::new_with_args("message", "throw new Error('callback failed');");
    install_panic_hook(Some(callback));
    record_panic("second");
    assert_eq!(last_panic_message().as_deref(), Some("second"));
}
