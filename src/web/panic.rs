//! Panic hook: turns a Rust panic in the browser into a message the panel can show.
//!
//! **What it does.** `installPanicHook(onPanic?)` registers a `std::panic` hook that records a
//! one-line, length-capped, token-redacted description of the panic and, when a callback was
//! given, hands it to JavaScript immediately. `lastPanicMessage()` returns the recorded text
//! (or `undefined`).
//!
//! **Why it matters.** The release wasm is built with `panic = "abort"`: a panic runs the hook
//! and then traps, so the JS caller sees only `RuntimeError: unreachable`. Without the hook the
//! panel would die silently; with it the panel can say what failed and offer a retry. The
//! instance that trapped must not be trusted afterwards (its shadow stack and heap may be
//! mid-operation): the callback delivers the message before the trap, and the caller should
//! re-initialise the module (`initSync`/`init` on a fresh instance) before calling it again.
//!
//! **How JS uses it** (panel.js, playground):
//! ```js
//! installPanicHook((message) => { lastPanic = message; });
//! try { render(...); }
//! catch (error) {
//!   if (error instanceof WebAssembly.RuntimeError) {
//!     renderErrorWithoutWasm(lastPanic ?? "internal error"); // plain textContent, no wasm
//!     await reinitWasm();                                      // fresh instance for the retry
//!   }
//! }
//! ```
//!
//! **Source.** The pattern of `console_error_panic_hook` (rustwasm), minus the console output:
//! panic text can contain PR data, so it is rendered as text by the panel, never logged to the
//! page.

use std::cell::RefCell;
use std::sync::Mutex;

use wasm_bindgen::prelude::*;

/// Longest panic text kept; panic messages can quote whole input strings.
const MAX_PANIC_MESSAGE_CHARS: usize = 400;

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

thread_local! {
    /// The JS callback given to `installPanicHook`; wasm is single-threaded in the browser.
    static ON_PANIC: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Installs the panic hook. Safe to call more than once; the latest callback wins.
#[wasm_bindgen(js_name = installPanicHook)]
pub fn install_panic_hook(on_panic: Option<js_sys::Function>) {
    ON_PANIC.with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = on_panic;
        }
    });
    std::panic::set_hook(Box::new(|info| record_panic(&info.to_string())));
}

/// The last recorded panic, one line, or `undefined` when none happened.
#[wasm_bindgen(js_name = lastPanicMessage)]
pub fn last_panic_message() -> Option<String> {
    LAST_PANIC.try_lock().ok().and_then(|slot| slot.clone())
}

/// Records a panic description and passes it to the JS callback. Public so tests can drive
/// it without trapping the test instance.
pub fn record_panic(raw: &str) {
    let message = panic_summary(raw);
    if let Ok(mut slot) = LAST_PANIC.try_lock() {
        *slot = Some(message.clone());
    }
    ON_PANIC.with(|slot| {
        if let Ok(slot) = slot.try_borrow() {
            if let Some(callback) = slot.as_ref() {
                // A throwing callback must not turn one panic into a double panic.
                let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(&message));
            }
        }
    });
}

/// One line, at most [`MAX_PANIC_MESSAGE_CHARS`] characters, control characters removed, and
/// anything shaped like a GitHub token replaced by `[redacted]`.
pub fn panic_summary(raw: &str) -> String {
    let one_line: String = raw
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let redacted = crate::redact::redact_tokens(&one_line);
    let collapsed = redacted.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut summary: String = collapsed.chars().take(MAX_PANIC_MESSAGE_CHARS).collect();
    if summary.len() < collapsed.len() {
        summary.push('…');
    }
    summary
}
