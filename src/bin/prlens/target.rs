//! What `prlens analyze` was pointed at: a bundle file (or `-`), a pull request URL with any tab
//! or anchor (`https://github.com/o/r/pull/7/files#diff-…`), or `o/r#7`.
//!
//! Why: people paste whatever is in their address bar. A URL is read for its owner, repository
//! and number, which `PullRef` validates, and for its host (`web_host`): a GitHub Enterprise
//! Server URL is analysed with that server's API, never github.com's repository of the same
//! name. Nothing else in it can choose the endpoint.

use prlens::fetch::PullRef;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A bundle file path, or `-` for standard input.
    BundleFile(String),
    Pull(PullRef),
}

/// Reads the argument; a file that exists wins over a look-alike reference.
pub fn parse(argument: &str) -> Result<Target, String> {
    if argument == "-" || std::path::Path::new(argument).is_file() {
        return Ok(Target::BundleFile(argument.to_string()));
    }
    if let Some(pull) = parse_pull(argument) {
        return pull.map(Target::Pull);
    }
    if argument.ends_with(".json") {
        // Let the bundle reader say the file is missing.
        return Ok(Target::BundleFile(argument.to_string()));
    }
    Err(format!(
        "{argument:?} is not a bundle file, a pull request URL (https://github.com/OWNER/REPO/pull/N) or OWNER/REPO#N"
    ))
}

/// `Some` when the text has the shape of a PR reference (the result says if it is valid).
pub fn parse_pull(text: &str) -> Option<Result<PullRef, String>> {
    let text = text.trim();
    let parts: Option<(String, String, String)> = if let Some(rest) = strip_web_origin(text) {
        let mut segments = rest.split(['/', '?', '#']);
        let owner = segments.next()?.to_string();
        let repo = segments.next()?.to_string();
        (segments.next()? == "pull").then_some(())?;
        Some((owner, repo, segments.next()?.to_string()))
    } else {
        let (repo_part, number) = text.split_once('#')?;
        let (owner, repo) = repo_part.split_once('/')?;
        Some((owner.to_string(), repo.to_string(), number.to_string()))
    };
    let (owner, repo, number) = parts?;
    let checked = number
        .parse::<u64>()
        .map_err(|_| format!("{number:?} is not a pull request number"))
        .and_then(|number| PullRef::new(&owner, &repo, number).map_err(|error| error.to_string()));
    Some(checked)
}

/// The host (with its port, if any; lower case) of a pull request URL, or None for `o/r#N` and
/// for a host that is not a plain host name.
pub fn web_host(argument: &str) -> Option<String> {
    let text = argument.trim();
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))?;
    let authority = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority.as_str(), None),
    };
    let host_ok = !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    let port_ok = port.is_none_or(|port| {
        !port.is_empty() && port.len() <= 5 && port.chars().all(|c| c.is_ascii_digit())
    });
    (host_ok && port_ok).then_some(authority)
}

/// The REST API base of a web host: `https://api.github.com` for github.com, else a GitHub
/// Enterprise Server's `https://HOST/api/v3` (GitHub's docs, "REST API endpoints": the base
/// URL on GHES is `http(s)://HOSTNAME/api/v3`).
pub fn api_base_of(web_host: &str) -> String {
    match web_host {
        "github.com" | "www.github.com" => crate::live::GITHUB_API.to_string(),
        host => format!("https://{host}/api/v3"),
    }
}

/// The authority (`host[:port]`) of an API base URL, lower case.
pub fn api_host(api_base: &str) -> String {
    api_base
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// The path after `https://github.com/` (or `www.github.com`, or any GHES host's web URL).
fn strip_web_origin(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))?;
    let (_host, path) = rest.split_once('/')?;
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pull(owner: &str, repo: &str, number: u64) -> Option<Result<PullRef, String>> {
        Some(Ok(PullRef::new(owner, repo, number).expect("valid")))
    }

    #[test]
    fn urls_with_any_tab_or_anchor_and_short_references_name_the_pull() {
        assert_eq!(
            parse_pull("https://github.com/o/r/pull/7"),
            pull("o", "r", 7)
        );
        assert_eq!(
            parse_pull("https://github.com/o-x/r.s/pull/7/files#diff-abc"),
            pull("o-x", "r.s", 7)
        );
        assert_eq!(
            parse_pull("https://github.com/o/r/pull/7?w=1"),
            pull("o", "r", 7)
        );
        assert_eq!(
            parse_pull("https://github.com/o/r/pull/7#issuecomment-1"),
            pull("o", "r", 7)
        );
        assert_eq!(parse_pull("o/r#12"), pull("o", "r", 12));
    }

    #[test]
    fn a_pull_request_url_names_its_host_and_so_its_api() {
        assert_eq!(
            web_host("https://github.com/o/r/pull/7").as_deref(),
            Some("github.com")
        );
        assert_eq!(
            web_host("https://GHE.Example.com:8443/o/r/pull/7/files").as_deref(),
            Some("ghe.example.com:8443")
        );
        assert_eq!(web_host("o/r#7"), None);
        assert_eq!(web_host("https://evil.example@host/o/r/pull/1"), None);
        assert_eq!(web_host("https://-bad.example/o/r/pull/1"), None);
        assert_eq!(api_base_of("github.com"), "https://api.github.com");
        assert_eq!(api_base_of("www.github.com"), "https://api.github.com");
        assert_eq!(
            api_base_of("ghe.example.com"),
            "https://ghe.example.com/api/v3"
        );
        assert_eq!(
            api_host("https://ghe.example.com/api/v3"),
            "ghe.example.com"
        );
        assert_eq!(api_host("https://api.github.com"), "api.github.com");
    }

    #[test]
    fn references_with_bad_parts_are_refused_and_other_text_is_not_a_reference() {
        assert!(matches!(parse_pull("o/r#x"), Some(Err(_))));
        assert!(matches!(
            parse_pull("https://github.com/o/../pull/1"),
            Some(Err(_))
        ));
        assert_eq!(parse_pull("https://github.com/o/r/issues/7"), None);
        assert_eq!(parse_pull("bundle"), None);
    }
}
