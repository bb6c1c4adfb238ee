//! Commit identity: whether the commits of a PR are signed and committed by the people they
//! name. Each fact becomes an [`IdentityNote`] on the Contributors card of the commit's author
//! (or of its e-mail, when no account is linked); the drivers `unsigned_commit` and
//! `commit_identity` weigh them.
//!
//! Why: GitHub marks a commit "Verified" only when its signature matches a key of the account
//! (<https://docs.github.com/en/authentication/managing-commit-signature-verification/about-commit-signature-verification>,
//! read 2026-12-03); in a PR whose other commits are signed, an unsigned one is the commit
//! whose origin nobody vouched for. Git author and committer are free text, so a commit can
//! name anyone; a committer who is neither the author nor the PR author pushed someone else's
//! work, and an e-mail linked to no account cannot be looked up at all.

use crate::bundle::Commit;
use crate::engine::context::Context;
use crate::signal::{IdentityKind, IdentityNote};

/// The account GitHub commits web edits and merges as.
const GITHUB_WEB_COMMITTER: &str = "web-flow";

/// Who a commit's notes belong to: its linked author login, else its author e-mail.
pub fn commit_person(commit: &Commit) -> Option<&str> {
    commit.author_login.as_deref().or(commit
        .author_email
        .as_deref()
        .filter(|email| !email.is_empty()))
}

/// The e-mails of commits whose author is linked to no account, in commit order.
pub fn unlinked_emails(context: &Context) -> Vec<String> {
    let mut emails: Vec<String> = Vec::new();
    for commit in context.bundle.commits.iter().flatten() {
        if commit.author_login.is_some() {
            continue;
        }
        if let Some(email) = commit
            .author_email
            .as_deref()
            .filter(|email| !email.is_empty())
        {
            if !emails.iter().any(|known| known.eq_ignore_ascii_case(email)) {
                emails.push(email.to_string());
            }
        }
    }
    emails
}

/// The commit-identity notes for one person (a login, or an unlinked e-mail).
pub fn notes(context: &Context, person: &str) -> Vec<IdentityNote> {
    let commits = context.bundle.commits.as_deref().unwrap_or_default();
    let pr_author = context.bundle.pull.author.as_deref();
    let signed = commits
        .iter()
        .filter(|commit| commit.verified == Some(true))
        .count();
    let mut notes = Vec::new();
    for commit in commits {
        if !commit_person(commit).is_some_and(|who| who.eq_ignore_ascii_case(person)) {
            continue;
        }
        let sha = short(&commit.sha);
        if commit.verified == Some(false) && signed > 0 {
            notes.push(IdentityNote {
                kind: IdentityKind::UnsignedCommit,
                detail: format!(
                    "Commit {sha} is not signed, while {signed} other commit{} of this PR {}",
                    if signed == 1 { "" } else { "s" },
                    if signed == 1 { "is" } else { "are" }
                ),
            });
        }
        if let Some(committer) = foreign_committer(commit, pr_author) {
            notes.push(IdentityNote {
                kind: IdentityKind::ForeignCommitter,
                detail: format!(
                    "Commit {sha} was committed by {committer}, who is neither its author nor the PR author"
                ),
            });
        }
    }
    if commits.iter().any(|commit| commit.author_login.is_none())
        && unlinked_emails(context)
            .iter()
            .any(|email| email.eq_ignore_ascii_case(person))
    {
        notes.push(IdentityNote {
            kind: IdentityKind::UnlinkedEmail,
            detail: format!(
                "Commits authored as {person}, an e-mail linked to no GitHub account: who wrote them cannot be looked up"
            ),
        });
    }
    notes
}

fn foreign_committer<'a>(commit: &'a Commit, pr_author: Option<&str>) -> Option<&'a str> {
    let committer = commit.committer_login.as_deref()?;
    let same =
        |other: Option<&str>| other.is_some_and(|login| login.eq_ignore_ascii_case(committer));
    let web = committer.eq_ignore_ascii_case(GITHUB_WEB_COMMITTER);
    (!web && !same(commit.author_login.as_deref()) && !same(pr_author)).then_some(committer)
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

#[cfg(test)]
mod tests {
    use crate::engine::drivers::testing::Case;
    use crate::signal::IdentityKind;
    use serde_json::{json, Value};

    fn commit(
        sha: &str,
        author: Option<&str>,
        email: &str,
        committer: &str,
        verified: bool,
    ) -> Value {
        json!({"sha": sha, "author": author.map(|login| json!({"login": login})),
               "committer": {"login": committer},
               "commit": {"author": {"email": email}, "verification": {"verified": verified}}})
    }

    fn kinds(commits: Value, person: &str) -> Vec<IdentityKind> {
        let case =
            Case::new(json!({"pull": {"number": 1, "user": {"login": "ana"}}, "commits": commits}));
        super::notes(&case.context(), person)
            .into_iter()
            .map(|note| note.kind)
            .collect()
    }

    #[test]
    fn an_unsigned_commit_among_signed_ones_is_noted() {
        let commits = json!([
            commit("a1", Some("ana"), "ana@x.org", "web-flow", true),
            commit("b2", Some("ana"), "ana@x.org", "ana", false)
        ]);
        assert_eq!(kinds(commits, "ana"), [IdentityKind::UnsignedCommit]);
    }

    #[test]
    fn a_pr_with_no_signed_commits_notes_nothing_about_signatures() {
        let commits = json!([
            commit("a1", Some("ana"), "ana@x.org", "ana", false),
            commit("b2", Some("ana"), "ana@x.org", "web-flow", false)
        ]);
        assert!(kinds(commits, "ana").is_empty());
    }

    #[test]
    fn a_committer_who_is_neither_author_nor_pr_author_is_noted() {
        let commits = json!([commit("a1", Some("ana"), "ana@x.org", "eve", false)]);
        assert_eq!(kinds(commits, "ana"), [IdentityKind::ForeignCommitter]);
    }

    #[test]
    fn an_e_mail_linked_to_no_account_is_noted_on_that_e_mail() {
        let commits = json!([commit("a1", None, "who@example.net", "web-flow", false)]);
        assert_eq!(
            kinds(commits, "who@example.net"),
            [IdentityKind::UnlinkedEmail]
        );
    }
}
