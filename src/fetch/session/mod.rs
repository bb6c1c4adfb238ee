//! github.com's own answers for the PR on screen, read with the user's session instead of the
//! API quota: today the PR's unified diff (`/{o}/{r}/pull/{n}.diff`, [`diff`]).
//!
//! Why: without a token GitHub allows 60 API requests an hour per address, and the files list
//! alone costs one request per 100 files (30 for a 3,000-file PR). The signed-in user's
//! browser may read the diff of any PR it shows, public or private, without touching that
//! quota. What is and is not used, and why, with public references: docs/sources.md "Session
//! sources"; the rules (one origin, one PR, never with the token): docs/security.md "Session".
//!
//! The rules this module keeps:
//! - a session source is used only when the fetch has **no token** and the caller named the
//!   web origin, which must be exactly `https://github.com` ([`SessionSources::new`]);
//! - its URL is built here from the validated [`PullRef`] of the PR being fetched, never from a
//!   page or a response, so no input can point the session at another PR or host;
//! - its answer is parsed as its structured format and checked against the API's pull
//!   ([`check_against_pull`]); anything else falls back to the API with a note.

pub mod diff;

use serde_json::Value;

use super::urls::PullRef;

/// The only origin whose session prlens uses.
pub const GITHUB_WEB_ORIGIN: &str = "https://github.com";

/// Whether `url` is on `https://github.com` itself (the only URLs a browser transport may send
/// with the user's cookies): not a subdomain, not another scheme or port.
pub fn is_github_web(url: &str) -> bool {
    url.strip_prefix(GITHUB_WEB_ORIGIN)
        .is_some_and(|rest| rest.starts_with('/'))
}

/// The session sources of one PR.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSources {
    diff: String,
}

impl SessionSources {
    /// The sources for `pull` when `web_base` is github.com and there is no token; `None`
    /// otherwise (the token path is unchanged, and no other host gets the session).
    pub fn new(web_base: Option<&str>, has_token: bool, pull: &PullRef) -> Option<Self> {
        let web_base = web_base?.trim_end_matches('/');
        if has_token || web_base != GITHUB_WEB_ORIGIN {
            return None;
        }
        Some(SessionSources {
            diff: format!(
                "{GITHUB_WEB_ORIGIN}/{}/{}/pull/{}.diff",
                pull.owner, pull.repo, pull.number
            ),
        })
    }

    /// `https://github.com/{o}/{r}/pull/{n}.diff`.
    pub fn diff_url(&self) -> &str {
        &self.diff
    }
}

/// Whether the files read from the diff agree with the pull the API sent: the same number of
/// files and of added and deleted lines. `Err` says what differs (for the note); the plan then
/// reads the files from the API.
pub fn check_against_pull(files: &[Value], pull: &Value) -> Result<(), String> {
    let sum = |key: &str| {
        files
            .iter()
            .map(|file| file.get(key).and_then(Value::as_u64).unwrap_or(0))
            .sum::<u64>()
    };
    let count = files.len() as u64;
    for (key, found) in [
        ("changed_files", count),
        ("additions", sum("additions")),
        ("deletions", sum("deletions")),
    ] {
        match pull.get(key).and_then(Value::as_u64) {
            Some(expected) if expected == found => {}
            Some(expected) => {
                return Err(format!(
                    "it has {found} {} where the pull request says {expected}",
                    key.replace('_', " ")
                ))
            }
            None => return Err(format!("the pull request does not give its {key}")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pull() -> PullRef {
        PullRef::new("o", "r", 7).unwrap()
    }

    #[test]
    fn only_github_com_without_a_token_gets_session_sources() {
        let sources = SessionSources::new(Some("https://github.com"), false, &pull()).unwrap();
        assert_eq!(sources.diff_url(), "https://github.com/o/r/pull/7.diff");
        assert!(SessionSources::new(Some("https://github.com"), true, &pull()).is_none());
        assert!(SessionSources::new(None, false, &pull()).is_none());
        for other in [
            "https://github.com.evil.example",
            "http://github.com",
            "https://gist.github.com",
            "https://ghe.example.com",
        ] {
            assert!(
                SessionSources::new(Some(other), false, &pull()).is_none(),
                "{other}"
            );
        }
    }

    #[test]
    fn only_github_com_urls_count_as_the_session_origin() {
        assert!(is_github_web("https://github.com/o/r/pull/7.diff"));
        for url in [
            "https://github.com.evil.example/x",
            "https://api.github.com/repos",
            "http://github.com/x",
            "https://github.com:8443/x",
            "https://patch-diff.githubusercontent.com/raw/o/r/pull/7.diff",
        ] {
            assert!(!is_github_web(url), "{url}");
        }
    }

    #[test]
    fn the_diff_must_agree_with_the_pull_in_files_and_lines() {
        let files = vec![
            json!({"additions": 2, "deletions": 1}),
            json!({"additions": 1, "deletions": 0}),
        ];
        let pull = json!({"changed_files": 2, "additions": 3, "deletions": 1});
        assert_eq!(check_against_pull(&files, &pull), Ok(()));
        let more = json!({"changed_files": 3, "additions": 3, "deletions": 1});
        assert_eq!(
            check_against_pull(&files, &more),
            Err("it has 2 changed files where the pull request says 3".to_string())
        );
        assert!(check_against_pull(&files, &json!({})).is_err());
    }
}
