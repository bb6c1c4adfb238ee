//! How the CLI fails: one line on stderr and an exit code per cause, so scripts and CI can tell
//! "fix your input" from "fix your token" from "try again later".

use std::fmt::Display;

/// Exit codes (also listed in `--help`, from [`EXIT_CODES_HELP`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// The output could not be written.
    Output = 1,
    /// Bad input: arguments, files, bundles, settings, PR references.
    BadInput = 2,
    /// `--fail-on`: the risk level is at or above the given level.
    RiskAtOrAbove = 3,
    /// GitHub rejected the token (401).
    BadToken = 4,
    /// GitHub's rate limit is used up (403/429).
    RateLimited = 5,
    /// The pull request or repository does not exist or cannot be read with this access (403/404).
    NoAccess = 6,
    /// GitHub could not be reached: offline, DNS, TLS, timeout.
    Network = 7,
    /// GitHub answered with a server error or something that is not the JSON expected.
    GitHub = 8,
}

/// The `--help` footer; one fact in one place with [`Exit`].
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success (with --fail-on: the risk is below the level)
  1  the output could not be written
  2  bad input: arguments, files, bundles, settings, pull request references
  3  --fail-on: the risk level is at or above the given level
  4  GitHub rejected the token (401)
  5  GitHub's rate limit is used up (403/429); the message says until when
  6  not found, or no access with this token (or without one) (403/404)
  7  GitHub could not be reached: offline, DNS, TLS certificate, timeout
  8  GitHub answered with a server error or unexpected data

Token: GITHUB_TOKEN, else GH_TOKEN, else `gh auth token` when the GitHub CLI is installed;
anonymous otherwise (60 requests per hour). It is sent only to the API base.";

/// A failure: its exit code and one line for the user.
#[derive(Debug)]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    pub fn new(exit: Exit, message: impl Into<String>) -> Self {
        Failure {
            exit,
            message: message.into(),
        }
    }
}

/// Any displayable error is bad input unless said otherwise.
impl<E: Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure::new(Exit::BadInput, error.to_string())
    }
}
