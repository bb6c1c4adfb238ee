//! Link validation: the panel and the Markdown link only to `https://github.com/` URLs of a
//! strict shape, and build their own URLs from validated owner/repo/number parts.
//!
//! Why: the signal carries PR-derived strings (the PR URL, issue numbers, logins, anchors),
//! and a bundle can be shared by anyone; a `javascript:` URL or a look-alike host in an `href`
//! or a Markdown link would run code or phish when clicked (extension-platform notes §7).
//! Shapes follow GitHub's naming rules as pinned in docs/CONTRACTS.md (owner, repo and anchor
//! regexes). One module for every surface: the panel renderer (`web::render`), the Markdown
//! (`markdown`) and the engine's canonical PR URL (`engine::sections::pr`).

const GITHUB_PREFIX: &str = "https://github.com/";

/// True for `https://github.com/` followed by path segments of `[A-Za-z0-9._-]` (no empty,
/// `.` or `..` segments) and an optional `#fragment` of `[A-Za-z0-9_-]`; no query string,
/// no credentials, no other host.
pub fn is_safe_github_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix(GITHUB_PREFIX) else {
        return false;
    };
    let (path, fragment) = match rest.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (rest, None),
    };
    let path = path.strip_suffix('/').unwrap_or(path);
    let path_ok = !path.is_empty()
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        });
    let fragment_ok = fragment.is_none_or(|fragment| {
        !fragment.is_empty()
            && fragment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
    });
    path_ok && fragment_ok
}

/// `^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$` (GitHub login / owner rule; bots add `[bot]`, which
/// is not linkable as a profile path, so bot logins stay text).
pub fn is_valid_owner(owner: &str) -> bool {
    let mut chars = owner.chars();
    matches!(chars.next(), Some(first) if first.is_ascii_alphanumeric())
        && owner.len() <= 39
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// `^[A-Za-z0-9._-]{1,100}$`, excluding `.` and `..`.
pub fn is_valid_repo(repo: &str) -> bool {
    (1..=100).contains(&repo.len())
        && repo != "."
        && repo != ".."
        && repo
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// `^diff-[0-9a-f]{64}$`: GitHub's Files-tab anchor for one file.
pub fn is_valid_anchor(anchor: &str) -> bool {
    anchor.strip_prefix("diff-").is_some_and(|hex| {
        hex.len() == 64
            && hex
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
    })
}

/// `https://github.com/{owner}/{repo}` when both parts are valid.
pub fn repo_url(owner: &str, repo: &str) -> Option<String> {
    (is_valid_owner(owner) && is_valid_repo(repo)).then(|| format!("{GITHUB_PREFIX}{owner}/{repo}"))
}

/// The PR's Files tab scrolled to one file's diff.
pub fn file_diff_url(owner: &str, repo: &str, number: u64, anchor: &str) -> Option<String> {
    let base = repo_url(owner, repo)?;
    (number > 0 && is_valid_anchor(anchor)).then(|| format!("{base}/pull/{number}/files#{anchor}"))
}

/// A linked issue (GitHub redirects `/issues/N` to `/pull/N` when N is a PR).
pub fn issue_url(owner: &str, repo: &str, number: u64) -> Option<String> {
    let base = repo_url(owner, repo)?;
    (number > 0).then(|| format!("{base}/issues/{number}"))
}

/// GitHub's compare view between two commits, when both are hex commit ids.
pub fn compare_url(owner: &str, repo: &str, from: &str, to: &str) -> Option<String> {
    let base = repo_url(owner, repo)?;
    let hex =
        |sha: &str| (7..=64).contains(&sha.len()) && sha.chars().all(|c| c.is_ascii_hexdigit());
    (hex(from) && hex(to)).then(|| format!("{base}/compare/{from}...{to}"))
}

/// `url` when it passes `is_safe_github_url`, else GitHub's home page: what a Markdown link
/// or an `href` built from a signal may point at.
pub fn safe_or_home(url: &str) -> String {
    if is_safe_github_url(url) {
        url.to_string()
    } else {
        GITHUB_PREFIX.to_string()
    }
}

/// A user's profile, when the login is a plain GitHub login.
pub fn profile_url(login: &str) -> Option<String> {
    is_valid_owner(login).then(|| format!("{GITHUB_PREFIX}{login}"))
}
