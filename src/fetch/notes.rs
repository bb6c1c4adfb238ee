//! What a failed GET means: a `FetchError` for the pull (the only essential request), a
//! `fetch_notes` line for every other section.
//!
//! Why: a missing section lowers the signal's evidence completeness, and the reviewer must
//! be able to see why it is missing (a token without Checks, a search rate limit, a 502) to
//! trust or fix it. Notes never contain the token. Status semantics: docs.github.com REST
//! "Troubleshooting" and "Rate limits"; extension-platform notes §6.6 (fine-grained tokens).

use super::client::GetError;
use super::error::{clock_time, FetchError};
use super::limits::REQUEST_TIMEOUT_MS;
use super::transport::TransportError;

/// The contract's note when check runs are unreadable with the token.
pub const CHECKS_FALLBACK_NOTE: &str = "check_runs: checks not readable with this token (fine-grained tokens lack Checks); using commit statuses";

/// The note of a no-token view that read the PR's own diff from github.com: what it left out to
/// keep within the anonymous hourly budget (none of it changes the level or the action of any
/// project bundle: docs/sources.md "Session sources").
pub const SESSION_SKIPPED: &str = "history, familiarity, public events, linked issues and the PR template: not read without a token, to keep within the 60 anonymous requests an hour (a token adds them)";

/// How the note of a first view ends that names the sections still on the network.
const AFTER_FIRST_VIEW: &str = "after the first view";

/// The first view's note naming what is still coming (`"familiarity and linked issues arrive
/// after the first view"`); empty `sections` give no note.
pub fn later_note(sections: &[&str]) -> Option<String> {
    let (last, init) = sections.split_last()?;
    let (names, verb) = match init {
        [] => (last.to_string(), "arrives"),
        _ => (format!("{} and {last}", init.join(", ")), "arrive"),
    };
    Some(format!("{names} {verb} {AFTER_FIRST_VIEW}"))
}

/// The sections a [`later_note`] names, or none when `note` is not one.
pub fn later_sections(note: &str) -> Vec<&str> {
    let Some(names) = note.strip_suffix(AFTER_FIRST_VIEW).and_then(|rest| {
        rest.strip_suffix(" arrive ")
            .or_else(|| rest.strip_suffix(" arrives "))
    }) else {
        return Vec::new();
    };
    names
        .split(", ")
        .flat_map(|part| part.split(" and "))
        .collect()
}

/// The user-facing error when the pull itself cannot be read.
pub fn pull_error(error: &GetError, with_token: bool) -> FetchError {
    match error {
        GetError::Status {
            status: 403 | 429,
            rate_limit_reset: Some(reset),
        } => FetchError::rate_limited(Some(*reset), with_token),
        GetError::Exhausted { reset } => FetchError::rate_limited(Some(*reset), with_token),
        GetError::OverBudget { .. } => FetchError::rate_limited(None, with_token),
        GetError::Status { status: 401, .. } => FetchError::bad_token(),
        GetError::Status { status: 403, .. } => FetchError::no_access(with_token, 403),
        GetError::Status { status: 404, .. } if with_token => FetchError::not_found(),
        GetError::Status { status: 404, .. } => FetchError::no_access(false, 404),
        GetError::Status { status, .. } if *status >= 500 => FetchError::server_error(*status),
        GetError::Status { status, .. } => FetchError::unexpected(*status),
        GetError::Transport(TransportError::Timeout) => {
            FetchError::timeout(REQUEST_TIMEOUT_MS / 1000)
        }
        GetError::Transport(TransportError::Offline(_)) => FetchError::offline(),
        GetError::Malformed | GetError::Unreadable(_) => FetchError::malformed("the pull request"),
    }
}

/// One `fetch_notes` line saying why `section` is missing or incomplete.
pub fn failure_note(section: &str, error: &GetError) -> String {
    let reason = match error {
        GetError::Status {
            status,
            rate_limit_reset: Some(reset),
        } => format!(
            "skipped, GitHub's rate limit is used up{} ({status})",
            until(*reset)
        ),
        GetError::Exhausted { reset } => {
            format!("skipped, GitHub's rate limit is used up{}", until(*reset))
        }
        GetError::OverBudget { min_remaining } => format!(
            "skipped to save the hourly rate limit (fewer than {min_remaining} requests left)"
        ),
        GetError::Status { status: 401, .. } => "the token was rejected (401)".to_string(),
        GetError::Status { status, .. } if matches!(status, 403 | 404) => {
            format!("not readable ({status})")
        }
        GetError::Status { status, .. } if *status >= 500 => {
            format!("GitHub server error ({status}), also on retry")
        }
        GetError::Status { status, .. } => format!("GitHub answered {status}"),
        GetError::Transport(TransportError::Timeout) => {
            format!("no answer within {} s", REQUEST_TIMEOUT_MS / 1000)
        }
        GetError::Transport(TransportError::Offline(_)) => "network unreachable".to_string(),
        GetError::Malformed => "the answer was not the JSON expected".to_string(),
        GetError::Unreadable(why) => format!("github.com's answer was not usable ({why})"),
    };
    format!("{section}: {reason}")
}

/// The note for data served from cache because GitHub could not be asked.
pub fn stale_note(section: &str, exhausted_until: Option<i64>) -> String {
    match exhausted_until {
        Some(reset) => format!(
            "{section}: cached copy shown; GitHub's rate limit is used up{}",
            until(reset)
        ),
        None => format!("{section}: cached copy shown; GitHub could not be reached"),
    }
}

fn until(reset: i64) -> String {
    clock_time(reset)
        .map(|time| format!(" until {time}"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::error::ErrorKind;

    fn status(code: u16) -> GetError {
        GetError::Status {
            status: code,
            rate_limit_reset: None,
        }
    }

    #[test]
    fn pull_failures_map_to_contract_kinds() {
        let cases = [
            (status(401), true, ErrorKind::BadToken),
            (status(403), false, ErrorKind::NoAccess),
            (status(404), false, ErrorKind::NoAccess),
            (status(404), true, ErrorKind::NotFound),
            (status(502), false, ErrorKind::ServerError),
            (
                GetError::Status {
                    status: 429,
                    rate_limit_reset: Some(5),
                },
                false,
                ErrorKind::RateLimited,
            ),
            (
                GetError::Exhausted { reset: 5 },
                true,
                ErrorKind::RateLimited,
            ),
            (
                GetError::Transport(TransportError::Timeout),
                false,
                ErrorKind::Timeout,
            ),
            (
                GetError::Transport(TransportError::Offline("x".into())),
                false,
                ErrorKind::Offline,
            ),
            (GetError::Malformed, false, ErrorKind::Malformed),
        ];
        for (error, with_token, kind) in cases {
            assert_eq!(pull_error(&error, with_token).kind, kind, "{error:?}");
        }
    }

    #[test]
    fn no_access_message_suggests_a_token_when_none_is_set() {
        assert!(pull_error(&status(404), false)
            .message
            .contains("Add a read-only token"));
    }
}
