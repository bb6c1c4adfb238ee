//! Where the CLI's GitHub token comes from: `GITHUB_TOKEN`, then `GH_TOKEN`, then the GitHub
//! CLI's stored login (`gh auth token`, for the API's host) when `gh` is installed; none means
//! anonymous requests (60 per hour).
//!
//! Why: CI runners export `GITHUB_TOKEN`, and people who use `gh` are already logged in; asking
//! them to paste a token again would push it into shell history. The token is only ever sent to
//! the configured API base (see `net`), never printed, never cached, never in a bundle.
//! Source: cli.github.com/manual/gh_auth_token (2026-12).

use std::process::{Command, Stdio};

/// Where the token was found, for the one-line "using a token from …" hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSource {
    GithubToken,
    GhToken,
    GhCli,
}

impl TokenSource {
    pub fn describe(self) -> &'static str {
        match self {
            TokenSource::GithubToken => "GITHUB_TOKEN",
            TokenSource::GhToken => "GH_TOKEN",
            TokenSource::GhCli => "gh auth token",
        }
    }
}

/// The token to use for `api_base`, if any. `anonymous` skips every source.
pub fn find_token(api_base: &str, anonymous: bool) -> Option<(String, TokenSource)> {
    if anonymous {
        return None;
    }
    let from_env = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|value| value.trim().to_string())
            .filter(|value| !value.is_empty())
    };
    if let Some(token) = from_env("GITHUB_TOKEN") {
        return Some((token, TokenSource::GithubToken));
    }
    if let Some(token) = from_env("GH_TOKEN") {
        return Some((token, TokenSource::GhToken));
    }
    gh_auth_token(api_base).map(|token| (token, TokenSource::GhCli))
}

/// `gh auth token --hostname HOST`; `None` when gh is missing, logged out or fails.
fn gh_auth_token(api_base: &str) -> Option<String> {
    let host = gh_host(api_base)?;
    let output = Command::new("gh")
        .args(["auth", "token", "--hostname", &host])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let token = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (!token.is_empty() && !token.contains(char::is_whitespace)).then_some(token)
}

/// The host gh knows the API by: `github.com` for api.github.com, else the GHES host.
fn gh_host(api_base: &str) -> Option<String> {
    let rest = api_base.strip_prefix("https://")?;
    let host = rest.split('/').next()?.split(':').next()?;
    if host.is_empty() {
        return None;
    }
    Some(if host == "api.github.com" {
        "github.com".to_string()
    } else {
        host.to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::gh_host;

    #[test]
    fn gh_is_asked_for_the_web_host_of_the_api() {
        assert_eq!(
            gh_host("https://api.github.com").as_deref(),
            Some("github.com")
        );
        assert_eq!(
            gh_host("https://ghe.example.com/api/v3").as_deref(),
            Some("ghe.example.com")
        );
        assert_eq!(gh_host("http://insecure.example"), None);
    }
}
