//! The AI coding agents prlens recognises and how each shows itself on GitHub. One table, so
//! adding an agent is one entry. Sources (read 2026-12-03):
//! - Copilot coding agent: PR author `Copilot` (anthropics/claude-code-action#903: `GET
//!   /users/Copilot` is 404 because it is an app), app account `copilot-swe-agent[bot]`
//!   (posit-dev/ark#1000, microsoft/vscode-pull-request-github#6794), co-author trailer
//!   `Copilot <175728472+Copilot@users.noreply.github.com>` (seen in erigontech/erigon history);
//!   branches `copilot/…`.
//! - Devin: `devin-ai-integration[bot]`, e-mail `158243242+devin-ai-integration[bot]@users.noreply.github.com`,
//!   footer "Generated with [Devin](https://devin.ai)"; branches `devin/…`.
//! - Jules: `google-labs-jules[bot]` (issue trackers that allow-list agent accounts).
//! - OpenAI Codex: `chatgpt-codex-connector[bot]` (open-learning-exchange/myplanet#15436);
//!   branches `codex/…`.
//! - Cursor background agents: git author `Cursor Agent <cursoragent@cursor.com>` and trailer
//!   `Co-authored-by: Cursor <cursoragent@cursor.com>` (vllm-project/vllm history); `cursor/…`.
//! - Claude Code: footer "🤖 Generated with [Claude Code](https://claude.ai/code)" and trailer
//!   `Co-Authored-By: Claude <noreply@anthropic.com>` (Claude Code's default commit and PR
//!   text); the GitHub app `claude[bot]`; branches `claude/…`.

/// One agent's fingerprints (logins and e-mails lower-case, footers lower-case substrings).
pub(crate) struct Agent {
    pub name: &'static str,
    pub logins: &'static [&'static str],
    pub emails: &'static [&'static str],
    pub footers: &'static [&'static str],
    pub branch_prefixes: &'static [&'static str],
}

pub(crate) const AGENTS: &[Agent] = &[
    Agent {
        name: "GitHub Copilot coding agent",
        logins: &["copilot", "copilot-swe-agent[bot]", "copilot-swe-agent"],
        emails: &[
            "175728472+copilot@users.noreply.github.com",
            "198982749+copilot@users.noreply.github.com",
        ],
        footers: &[],
        branch_prefixes: &["copilot/"],
    },
    Agent {
        name: "Devin",
        logins: &["devin-ai-integration[bot]", "devin-ai-integration"],
        emails: &["158243242+devin-ai-integration[bot]@users.noreply.github.com"],
        footers: &["generated with [devin]"],
        branch_prefixes: &["devin/"],
    },
    Agent {
        name: "Google Jules",
        logins: &["google-labs-jules[bot]", "google-labs-jules"],
        emails: &[],
        footers: &[],
        branch_prefixes: &[],
    },
    Agent {
        name: "OpenAI Codex",
        logins: &["chatgpt-codex-connector[bot]", "chatgpt-codex-connector"],
        emails: &[],
        footers: &["generated with codex"],
        branch_prefixes: &["codex/"],
    },
    Agent {
        name: "Cursor agent",
        logins: &["cursor[bot]"],
        emails: &["cursoragent@cursor.com"],
        footers: &[],
        branch_prefixes: &["cursor/"],
    },
    Agent {
        name: "Claude Code",
        logins: &["claude[bot]"],
        emails: &["noreply@anthropic.com"],
        footers: &["generated with [claude code]", "generated with claude code"],
        branch_prefixes: &["claude/"],
    },
];

/// The agent whose account this is.
pub(crate) fn by_login(login: &str) -> Option<&'static Agent> {
    let login = login.to_ascii_lowercase();
    AGENTS
        .iter()
        .find(|agent| agent.logins.contains(&login.as_str()))
}

/// The agent whose commit e-mail this is.
pub(crate) fn by_email(email: &str) -> Option<&'static Agent> {
    let email = email.trim().to_ascii_lowercase();
    AGENTS
        .iter()
        .find(|agent| agent.emails.contains(&email.as_str()))
}

/// The agent whose "Generated with" footer a line carries.
pub(crate) fn by_footer(line: &str) -> Option<&'static Agent> {
    let line = line.to_ascii_lowercase();
    AGENTS
        .iter()
        .find(|agent| agent.footers.iter().any(|footer| line.contains(footer)))
}

/// The agent whose branch prefix starts `branch`.
pub(crate) fn by_branch(branch: &str) -> Option<(&'static Agent, &'static str)> {
    let branch = branch.to_ascii_lowercase();
    AGENTS.iter().find_map(|agent| {
        agent
            .branch_prefixes
            .iter()
            .find(|prefix| branch.starts_with(**prefix))
            .map(|prefix| (agent, *prefix))
    })
}
