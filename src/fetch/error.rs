//! Why a bundle could not be fetched, as the user-facing kinds of `docs/CONTRACTS.md`.
//!
//! Why: only the pull request itself is essential; when it cannot be read the panel shows one
//! of these messages (and nothing else changes on the page). Each message says what happened
//! and what the user can do. Source of the status semantics: GitHub REST docs
//! ("Troubleshooting", "Rate limits for the REST API") and extension-platform notes §6.

use std::fmt;

/// The error kinds the extension distinguishes (the JS `Error.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    BadToken,
    NoAccess,
    RateLimited,
    ServerError,
    Timeout,
    Offline,
    Malformed,
    NotFound,
    /// The request itself was invalid (bad owner/repo/number); never reaches the network.
    InvalidRequest,
}

impl ErrorKind {
    /// The contract's name for the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::BadToken => "bad_token",
            ErrorKind::NoAccess => "no_access",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::ServerError => "server_error",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Offline => "offline",
            ErrorKind::Malformed => "malformed",
            ErrorKind::NotFound => "not_found",
            ErrorKind::InvalidRequest => "invalid_request",
        }
    }
}

/// A failed fetch: a kind and a one-line message for the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchError {
    pub kind: ErrorKind,
    pub message: String,
}

impl fmt::Display for FetchError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.message)
    }
}

impl std::error::Error for FetchError {}

impl FetchError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        FetchError {
            kind,
            message: message.into(),
        }
    }

    pub fn bad_token() -> Self {
        Self::new(
            ErrorKind::BadToken,
            "Your GitHub token was rejected (401). Check or replace it in the prlens popup.",
        )
    }

    pub fn no_access(with_token: bool, status: u16) -> Self {
        if with_token {
            Self::new(
                ErrorKind::NoAccess,
                format!("Your GitHub token cannot read this repository ({status}). Give it read access to this repository (Metadata, Contents, Pull requests) in the prlens popup."),
            )
        } else {
            Self::new(
                ErrorKind::NoAccess,
                format!("GitHub did not show this pull request without a token ({status}); the repository is probably private. Add a read-only token with access to it in the prlens popup."),
            )
        }
    }

    pub fn not_found() -> Self {
        Self::new(
            ErrorKind::NotFound,
            "GitHub says this pull request does not exist, or your token cannot see it (404).",
        )
    }

    pub fn rate_limited(reset: Option<i64>, with_token: bool) -> Self {
        let until = match reset.and_then(clock_time) {
            Some(time) => format!(" until {time}"),
            None => String::new(),
        };
        let hint = if with_token {
            ""
        } else {
            " Add a token in the prlens popup for 5,000 requests per hour."
        };
        Self::new(
            ErrorKind::RateLimited,
            format!("GitHub's API rate limit is used up{until}; nothing cached for this pull request yet.{hint}"),
        )
    }

    pub fn server_error(status: u16) -> Self {
        Self::new(
            ErrorKind::ServerError,
            format!("GitHub answered with a server error ({status}), also on retry. Try again in a minute."),
        )
    }

    pub fn timeout(seconds: u32) -> Self {
        Self::new(
            ErrorKind::Timeout,
            format!("GitHub did not answer within {seconds} s. Try again."),
        )
    }

    pub fn offline() -> Self {
        Self::new(
            ErrorKind::Offline,
            "Cannot reach api.github.com: you seem to be offline.",
        )
    }

    pub fn malformed(what: &str) -> Self {
        Self::new(
            ErrorKind::Malformed,
            format!("GitHub's answer for {what} was not the JSON expected."),
        )
    }

    pub fn invalid_request(detail: &str) -> Self {
        Self::new(
            ErrorKind::InvalidRequest,
            format!("Not a pull request: {detail}."),
        )
    }

    /// An unexpected status on the pull (e.g. 410, 422).
    pub fn unexpected(status: u16) -> Self {
        Self::new(
            ErrorKind::ServerError,
            format!("GitHub answered {status} for this pull request."),
        )
    }
}

/// `HH:MM UTC` for a Unix time, for "until …" messages.
pub fn clock_time(unix_seconds: i64) -> Option<String> {
    let text = crate::timestamp::format(unix_seconds)?;
    // RFC 3339: "2026-12-02T11:37:00Z" → "11:37 UTC".
    let clock = text.get(11..16)?;
    Some(format!("{clock} UTC"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_limit_message_names_the_reset_time() {
        let error = FetchError::rate_limited(Some(1_764_675_420), false);
        assert_eq!(error.kind.as_str(), "rate_limited");
        assert!(
            error.message.contains("until 11:37 UTC"),
            "{}",
            error.message
        );
        assert!(error.message.contains("Add a token"));
    }

    #[test]
    fn bad_token_message_is_the_contract_text() {
        assert_eq!(
            FetchError::bad_token().message,
            "Your GitHub token was rejected (401). Check or replace it in the prlens popup."
        );
    }
}
