//! What `prlens analyze` was pointed at: a bundle file (or `-`), a pull request URL with any tab
//! or anchor (`https://github.com/o/r/pull/7/files#diff-…`), or `o/r#7`.
//!
//! Why: people paste whatever is in their address bar. A URL is only read for its owner,
//! repository and number, which `PullRef` validates, so nothing in it can choose the endpoint.

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
