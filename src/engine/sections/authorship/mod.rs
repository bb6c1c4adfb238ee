//! `authorship`: whether an AI coding agent wrote or co-wrote the PR, with the evidence.
//!
//! **What it does.** Looks for agent accounts (the PR's author, commit authors and
//! committers), `Co-authored-by:` trailers and commit e-mails of agents, "Generated with …"
//! footers in the description or commit messages, and agent branch prefixes (`copilot/`,
//! `codex/`, `cursor/`, `devin/`, `claude/`). The agents and their fingerprints are one table
//! ([`agents::AGENTS`], with sources).
//!
//! **Why it matters.** Maintainers want to know when an agent wrote a change, to review it
//! accordingly, but agent PRs are merged at high rates and using a tool is no fault: this is
//! a label in Contributors, not a risk. Its driver (`agent_authored`) weighs 0 unless the user
//! gives it a weight. Branch names and footers are text the author controls: they can only
//! add the label, never remove a risk.

mod agents;

use crate::engine::context::Context;
use crate::signal::{AgentEvidence, AgentEvidenceKind};
use crate::text::clip;

/// Evidence lines kept (the first ones, in the order found).
const MAX_EVIDENCE: usize = 12;
/// Characters of a quoted trailer or footer.
const MAX_QUOTE_CHARS: usize = 100;

pub fn assess(context: &Context) -> Vec<AgentEvidence> {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let mut found = Evidence::default();

    if let Some(author) = &pull.author {
        if let Some(agent) = agents::by_login(author) {
            found.add(
                agent.name,
                AgentEvidenceKind::AuthorLogin,
                format!("PR opened by {author}"),
            );
        }
    }
    if let Some(branch) = &pull.head_ref {
        if let Some((agent, prefix)) = agents::by_branch(branch) {
            found.add(
                agent.name,
                AgentEvidenceKind::BranchPrefix,
                format!(
                    "head branch {} starts with {prefix}",
                    clip(branch, MAX_QUOTE_CHARS)
                ),
            );
        }
    }
    for line in pull.body.lines() {
        if let Some(agent) = agents::by_footer(line) {
            found.add(
                agent.name,
                AgentEvidenceKind::GeneratedFooter,
                format!("PR description: {}", clip(line.trim(), MAX_QUOTE_CHARS)),
            );
        }
    }
    for commit in bundle.commits.iter().flatten() {
        let short = commit.sha.get(..7).unwrap_or(&commit.sha);
        for login in [&commit.author_login, &commit.committer_login]
            .into_iter()
            .flatten()
        {
            if let Some(agent) = agents::by_login(login) {
                found.add(
                    agent.name,
                    AgentEvidenceKind::CommitAccount,
                    format!("commit {short} by {login}"),
                );
            }
        }
        if let Some(agent) = commit.author_email.as_deref().and_then(agents::by_email) {
            found.add(
                agent.name,
                AgentEvidenceKind::CommitEmail,
                format!(
                    "commit {short} authored as {}",
                    commit.author_email.as_deref().unwrap_or_default()
                ),
            );
        }
        for line in commit.message.lines() {
            if let Some(agent) = co_author(line) {
                found.add(
                    agent.name,
                    AgentEvidenceKind::CoAuthorTrailer,
                    format!("commit {short}: {}", clip(line.trim(), MAX_QUOTE_CHARS)),
                );
            } else if let Some(agent) = agents::by_footer(line) {
                found.add(
                    agent.name,
                    AgentEvidenceKind::GeneratedFooter,
                    format!("commit {short}: {}", clip(line.trim(), MAX_QUOTE_CHARS)),
                );
            }
        }
    }
    found.items
}

/// The agent a `Co-authored-by: Name <email>` trailer names (by its e-mail or login-like
/// e-mail local part).
fn co_author(line: &str) -> Option<&'static agents::Agent> {
    let (key, value) = line.trim().split_once(':')?;
    if !key.trim().eq_ignore_ascii_case("co-authored-by") {
        return None;
    }
    let email = value.split_once('<')?.1.split_once('>')?.0;
    agents::by_email(email)
}

/// Evidence found so far: one line per (agent, kind, detail), at most [`MAX_EVIDENCE`], and
/// one line per (agent, kind) for commits so a 200-commit agent PR lists each kind once.
#[derive(Default)]
struct Evidence {
    items: Vec<AgentEvidence>,
}

impl Evidence {
    fn add(&mut self, agent: &str, kind: AgentEvidenceKind, detail: String) {
        let seen = self
            .items
            .iter()
            .any(|item| item.agent == agent && item.kind == kind);
        if seen || self.items.len() >= MAX_EVIDENCE {
            return;
        }
        self.items.push(AgentEvidence {
            agent: agent.to_string(),
            kind,
            detail,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailers_name_agents_by_their_email_only() {
        assert_eq!(
            co_author("Co-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>")
                .map(|agent| agent.name),
            Some("GitHub Copilot coding agent")
        );
        assert_eq!(
            co_author("Co-Authored-By: Claude <noreply@anthropic.com>").map(|agent| agent.name),
            Some("Claude Code")
        );
        assert!(co_author("Co-authored-by: Alice <alice@example.com>").is_none());
        assert!(co_author("Mentions noreply@anthropic.com").is_none());
    }
}
