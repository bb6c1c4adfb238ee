//! The signal as a review-comment-ready Markdown summary. OWNER: engine-sections helper.

use crate::signal::Signal;

/// Renders a signal as Markdown.
pub fn render(signal: &Signal) -> String {
    format!("## prlens: {} #{}\n", signal.pr.title, signal.pr.number)
}
