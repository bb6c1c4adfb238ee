//! Issues the PR says it closes: closing keywords and issue URLs of this repository.

use super::description::{strip_html_comments, CLOSING_KEYWORDS};
use crate::engine::context::Context;

/// Issue numbers this PR closes (closing keywords in title or body) or links by URL in this
/// repository, ascending and distinct.
pub fn linked_issues(context: &Context) -> Vec<u64> {
    let pull = &context.bundle.pull;
    let text = format!(
        "{}\n{}",
        pull.title,
        strip_html_comments(&pull.body.replace("\r\n", "\n"))
    );
    let mut issues = Vec::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for (index, word) in words.iter().enumerate() {
        let keyword = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase();
        if CLOSING_KEYWORDS.contains(&keyword.as_str()) {
            if let Some(next) = words.get(index + 1) {
                if let Some(number) = issue_reference(next, &pull.owner, &pull.repo) {
                    issues.push(number);
                }
            }
        }
        if let Some(number) = issue_url(word, &pull.owner, &pull.repo) {
            issues.push(number);
        }
    }
    crate::order::sort(&mut issues);
    issues.dedup();
    issues.retain(|number| *number != pull.number);
    issues
}

fn leading_number(text: &str) -> Option<u64> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|number| *number > 0)
}

/// `#12`, `owner/repo#12` (this repository only) or an issue URL.
fn issue_reference(word: &str, owner: &str, repo: &str) -> Option<u64> {
    let word = word.trim_start_matches(['(', '[', '*', '_']);
    if let Some(rest) = word.strip_prefix('#') {
        return leading_number(rest);
    }
    if let Some((full_name, number)) = word.split_once('#') {
        let this_repo = format!("{owner}/{repo}");
        if full_name.eq_ignore_ascii_case(&this_repo) {
            return leading_number(number);
        }
        return None;
    }
    issue_url(word, owner, repo)
}

/// `https://github.com/owner/repo/issues/12` of this repository.
fn issue_url(word: &str, owner: &str, repo: &str) -> Option<u64> {
    let start = word.find("https://github.com/")?;
    let path = &word[start + "https://github.com/".len()..];
    let mut parts = path.splitn(4, '/');
    let (url_owner, url_repo, kind, rest) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    (url_owner.eq_ignore_ascii_case(owner)
        && url_repo.eq_ignore_ascii_case(repo)
        && kind == "issues")
        .then(|| leading_number(rest))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_references_are_limited_to_this_repository() {
        assert_eq!(issue_reference("#12,", "o", "r"), Some(12));
        assert_eq!(issue_reference("o/r#3", "o", "r"), Some(3));
        assert_eq!(issue_reference("other/r#3", "o", "r"), None);
        assert_eq!(
            issue_reference("https://github.com/O/R/issues/9.", "o", "r"),
            Some(9)
        );
        assert_eq!(
            issue_reference("https://github.com/o/r/pull/9", "o", "r"),
            None
        );
    }
}
