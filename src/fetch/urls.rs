//! The GitHub REST URLs one PR view needs, built from validated parts.
//!
//! Why: owner, repo and number arrive from a page message (hostile until checked) and logins
//! and paths arrive from API bodies; each is validated or percent-encoded here so no input can
//! change which endpoint is called. Endpoints: docs.github.com REST reference (pulls, commits,
//! checks, statuses, users, search) and extension-platform notes §6.1.

use super::error::FetchError;
use super::limits::PER_PAGE;
use crate::text::{is_commit_sha, percent_encode};

/// A validated pull request reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullRef {
    pub owner: String,
    pub repo: String,
    pub number: u64,
}

impl PullRef {
    /// Checks the contract's shapes: owner `^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$`, repo
    /// `^[A-Za-z0-9._-]{1,100}$`, number 1..2^31.
    pub fn new(owner: &str, repo: &str, number: u64) -> Result<PullRef, FetchError> {
        let owner_ok = !owner.is_empty()
            && owner.len() <= 39
            && owner.starts_with(|c: char| c.is_ascii_alphanumeric())
            && owner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !owner_ok {
            return Err(FetchError::invalid_request(
                "the owner is not a GitHub login",
            ));
        }
        let repo_ok = !repo.is_empty()
            && repo.len() <= 100
            && repo != "."
            && repo != ".."
            && repo
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if !repo_ok {
            return Err(FetchError::invalid_request(
                "the repository name is not valid",
            ));
        }
        if number == 0 || number > (1 << 31) {
            return Err(FetchError::invalid_request("the number is out of range"));
        }
        Ok(PullRef {
            owner: owner.to_string(),
            repo: repo.to_string(),
            number,
        })
    }
}

/// URL builder for one PR on one API base.
#[derive(Debug, Clone)]
pub struct Api {
    base: String,
    pull: PullRef,
}

impl Api {
    /// `base` is e.g. `https://api.github.com` (a trailing slash is dropped).
    pub fn new(base: &str, pull: PullRef) -> Result<Api, FetchError> {
        let base = base.trim_end_matches('/');
        if !(base.starts_with("https://") || base.starts_with("http://")) || base.contains('?') {
            return Err(FetchError::invalid_request(
                "apiBase must be an http(s) URL",
            ));
        }
        Ok(Api {
            base: base.to_string(),
            pull,
        })
    }

    /// The PR these URLs are for.
    pub fn pull_ref(&self) -> &PullRef {
        &self.pull
    }

    /// Whether a URL (e.g. from a `Link` header) is on this API base.
    pub fn owns(&self, url: &str) -> bool {
        url.strip_prefix(&self.base)
            .is_some_and(|rest| rest.starts_with('/'))
    }

    fn repo_path(&self) -> String {
        format!("{}/repos/{}/{}", self.base, self.pull.owner, self.pull.repo)
    }

    pub fn pull(&self) -> String {
        format!("{}/pulls/{}", self.repo_path(), self.pull.number)
    }

    pub fn files(&self) -> String {
        format!("{}/files?per_page={PER_PAGE}", self.pull())
    }

    pub fn commits(&self) -> String {
        format!("{}/commits?per_page={PER_PAGE}", self.pull())
    }

    pub fn reviews(&self) -> String {
        format!("{}/reviews?per_page={PER_PAGE}", self.pull())
    }

    pub fn check_runs(&self, sha: &str) -> String {
        format!(
            "{}/commits/{}/check-runs?per_page={PER_PAGE}",
            self.repo_path(),
            percent_encode(sha, false)
        )
    }

    pub fn status(&self, sha: &str) -> String {
        format!(
            "{}/commits/{}/status",
            self.repo_path(),
            percent_encode(sha, false)
        )
    }

    pub fn user(&self, login: &str) -> String {
        // A plain login or an app's `name[bot]` goes into the path as is (as GitHub's own
        // clients send it); anything else is percent-encoded so it stays one path segment.
        let app = login.strip_suffix("[bot]").unwrap_or(login);
        let plain = !app.is_empty() && app.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        let segment = if plain {
            login.to_string()
        } else {
            percent_encode(login, false)
        };
        format!("{}/users/{segment}", self.base)
    }

    /// The issue timeline of this PR (its events: pushes, force-pushes, reviews, references).
    pub fn timeline(&self) -> String {
        self.issue_timeline(self.pull.number)
    }

    /// The issue timeline of issue (or PR) `number` in this repository.
    pub fn issue_timeline(&self, number: u64) -> String {
        format!(
            "{}/issues/{number}/timeline?per_page={PER_PAGE}",
            self.repo_path()
        )
    }

    /// Issue `number` in this repository.
    pub fn issue(&self, number: u64) -> String {
        format!("{}/issues/{number}", self.repo_path())
    }

    /// The public events of `login` (GitHub keeps the last 90 days).
    pub fn user_events(&self, login: &str) -> String {
        format!("{}/events/public?per_page={PER_PAGE}", self.user(login))
    }

    /// The PR template file on the base branch `base_ref` (contents API: base64 body).
    pub fn pr_template(&self, base_ref: &str) -> String {
        format!(
            "{}/contents/.github/pull_request_template.md?ref={}",
            self.repo_path(),
            percent_encode(base_ref, false)
        )
    }

    /// GitHub's comparison of two commits of this repository (`GET
    /// /repos/{o}/{r}/compare/{base}...{head}`), when both are hex commit ids.
    pub fn compare_commits(&self, base: &str, head: &str) -> Option<String> {
        (is_commit_sha(base) && is_commit_sha(head))
            .then(|| compare_endpoint(&self.repo_path(), base, head))
    }

    /// PRs by `login` in this repository (`merged_only`: only merged ones); read `total_count`.
    pub fn history_search(&self, login: &str, merged_only: bool) -> String {
        // Apps are searched as `author:app/<name>`, not by their `[bot]` login.
        let author = match login.strip_suffix("[bot]") {
            Some(app) => format!("app/{}", percent_encode(app, false)),
            None => percent_encode(login, false),
        };
        let merged = if merged_only { "+is:merged" } else { "" };
        format!(
            "{}/search/issues?q=repo:{}/{}+type:pr+author:{author}{merged}&per_page=1",
            self.base, self.pull.owner, self.pull.repo
        )
    }

    /// Commits by `login` touching `path` on the default branch; the count is the last page.
    /// A file's commits, one per page: `Link rel="last"` counts them (the viewer's share).
    pub fn path_commits(&self, path: &str) -> String {
        format!(
            "{}/commits?path={}&per_page=1",
            self.repo_path(),
            percent_encode(path, true)
        )
    }

    /// A file of the repository on branch `branch` (`GET …/contents/{path}?ref=`; CODEOWNERS).
    pub fn contents(&self, path: &str, branch: &str) -> String {
        format!(
            "{}/contents/{}?ref={}",
            self.repo_path(),
            percent_encode(path, true),
            percent_encode(branch, false)
        )
    }

    /// The token's own account (`GET /user`).
    pub fn authenticated_user(&self) -> String {
        format!("{}/user", self.base)
    }

    /// The teams of the token's account (`GET /user/teams`; needs `read:org`).
    pub fn authenticated_user_teams(&self) -> String {
        format!("{}/user/teams?per_page=100", self.base)
    }

    pub fn familiarity(&self, login: &str, path: &str) -> String {
        format!(
            "{}/commits?path={}&author={}&per_page=1",
            self.repo_path(),
            percent_encode(path, true),
            percent_encode(login, false)
        )
    }
}

/// `{repo_url}/compare/{base}...{head}` (the REST "compare two commits" path; the compare page
/// uses the same shape). Slashes in branch names stay, as in GitHub's own compare URLs;
/// everything else outside the unreserved set is encoded.
pub fn compare_endpoint(repo_url: &str, base: &str, head: &str) -> String {
    format!(
        "{repo_url}/compare/{}...{}",
        percent_encode(base, true),
        percent_encode(head, true)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api() -> Api {
        Api::new(
            "https://api.github.com/",
            PullRef::new("octo-org", "hello.rs", 42).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn rejects_owner_repo_and_number_outside_the_contract() {
        assert!(PullRef::new("-bad", "r", 1).is_err());
        assert!(PullRef::new("o/../x", "r", 1).is_err());
        assert!(PullRef::new("o", "r?x=1", 1).is_err());
        assert!(PullRef::new("o", "..", 1).is_err());
        assert!(PullRef::new("o", "r", 0).is_err());
        assert!(PullRef::new("o", "r", (1 << 31) + 1).is_err());
        assert!(PullRef::new("a-b", "c_d.e", 7).is_ok());
    }

    #[test]
    fn builds_endpoint_urls_with_encoded_inputs() {
        let api = api();
        assert_eq!(
            api.pull(),
            "https://api.github.com/repos/octo-org/hello.rs/pulls/42"
        );
        assert_eq!(
            api.history_search("dependabot[bot]", true),
            "https://api.github.com/search/issues?q=repo:octo-org/hello.rs+type:pr+author:app/dependabot+is:merged&per_page=1"
        );
        assert_eq!(
            api.familiarity("alice", "src/a b&c.rs"),
            "https://api.github.com/repos/octo-org/hello.rs/commits?path=src/a%20b%26c.rs&author=alice&per_page=1"
        );
        assert_eq!(
            api.user("dependabot[bot]"),
            "https://api.github.com/users/dependabot[bot]"
        );
        assert_eq!(
            api.user("x/../y"),
            "https://api.github.com/users/x%2F..%2Fy"
        );
        assert_eq!(
            api.timeline(),
            "https://api.github.com/repos/octo-org/hello.rs/issues/42/timeline?per_page=100"
        );
        assert_eq!(
            api.user_events("x/../y"),
            "https://api.github.com/users/x%2F..%2Fy/events/public?per_page=100"
        );
        assert_eq!(
            api.pr_template("release/2.x"),
            "https://api.github.com/repos/octo-org/hello.rs/contents/.github/pull_request_template.md?ref=release%2F2.x"
        );
        assert_eq!(
            api.compare_commits("b3606bb", "D184FAE0").as_deref(),
            Some("https://api.github.com/repos/octo-org/hello.rs/compare/b3606bb...D184FAE0")
        );
        for (base, head) in [
            ("main", "d184fae"),
            ("b3606bb", "../../x"),
            ("b36", "d184fae"),
        ] {
            assert!(
                api.compare_commits(base, head).is_none(),
                "{base}...{head} is not two commit ids"
            );
        }
        assert!(api.owns("https://api.github.com/repositories/1/pulls/42/files?page=2"));
        assert!(!api.owns("https://api.github.com.evil/x"));
    }
}
