//! Panel-only words and numbers: state glyphs, CSS-safe severity keys and number formats
//! (score with two decimals, percentages, line counts). The enum words themselves (`key()`,
//! `label()`) live with the signal types in `crate::signal` so the panel, the Markdown
//! export and the engine's badges share them.

use crate::signal::SignalState;

/// A glyph next to the word, never instead of it (colour-blind and screen-reader safe).
pub fn state_mark(state: SignalState) -> &'static str {
    match state {
        SignalState::Passing => "✓",
        SignalState::Failing => "✗",
        SignalState::Pending => "●",
        SignalState::Missing => "○",
    }
}

/// A 0–1 fraction clamped to 0–1 (NaN becomes 0) so charts never draw outside their box.
pub fn unit(value: f64) -> f64 {
    if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// `0.9` → `"0.90"`.
pub fn score(value: f64) -> String {
    format!("{:.2}", unit(value))
}

/// `0.9` → `"90%"`.
pub fn percent(value: f64) -> String {
    format!("{}%", (unit(value) * 100.0).round())
}

/// `1` → `"1 file"`, `2` → `"2 files"`.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}

/// `None` → `"unknown"`.
pub fn optional_count(value: Option<u64>) -> String {
    value.map_or_else(|| "unknown".to_string(), |count| count.to_string())
}
