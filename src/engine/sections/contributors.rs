//! `contributors`: who wrote this PR, and how much the repository knows them.
//!
//! **What it does.** Lists the PR author and every distinct commit author (by GitHub login),
//! each with a trust level (`bot`, `new`, `low`, `established`, `trusted`, `maintainer`),
//! account age, prior and merged PRs in this repository, commit count, how many changed files
//! they never committed to before, badges and a one-line summary.
//!
//! **Why it matters.** A maintainer's PR and a first contribution from an 11-day-old account
//! deserve different scrutiny, and the risky person is not always the one who opened the PR:
//! the reference product flagged a commit author, not the author (docs/sources.md, "The
//! reference product"). Bots get their own class so Dependabot is never "a new contributor"
//! (docs/sources.md, "Contributors and trust").
//!
//! **Rules** (GitHub's `author_association` values; docs/sources.md, "Contributors and
//! trust"): bot for a known automation account ([`KNOWN_BOTS`]) or one in
//! `settings.trusted_bots`; any other `type: Bot` or `[bot]` login is an unknown app, judged like
//! a person (an App created days ago is not exempt like Dependabot); OWNER/MEMBER → maintainer; COLLABORATOR → trusted; CONTRIBUTOR →
//! established, or low when the history shows no merged PR; FIRST_TIME_CONTRIBUTOR /
//! FIRST_TIMER → new; NONE → new when the history shows no merged PR, else low; no
//! association (commit authors, pre-2017 data) → decided from the history when fetched, else
//! new for an account younger than `young_account_days`, else low. The deleted-account
//! placeholder `ghost` is low trust with a "Deleted Account" badge. A commit author e-mail linked
//! to no account is listed under that e-mail (low trust), so its commits never vanish. An account
//! creation date after the reference time is unknown and noted, never clamped to "0 days".
//! Identity and behaviour evidence comes from [`super::behaviour`] and [`super::commit_identity`].

use super::{behaviour, commit_identity};
use crate::engine::context::Context;
use crate::settings::section_tables::FRESH_ACCOUNT_DAYS;
use crate::settings::Settings;
use crate::signal::{Contributor, IdentityKind, IdentityNote, Role, TrustLevel};
use crate::timestamp::SECONDS_PER_DAY;

/// Automation accounts exempt from the new-person drivers without configuration: GitHub's own
/// and the dependency bots GitHub documents (docs.github.com, "About Dependabot"; Renovate's
/// GitHub App is `renovate[bot]`, docs.renovatebot.com, read 2026-12-03).
pub const KNOWN_BOTS: &[&str] = &[
    "dependabot[bot]",
    "dependabot-preview[bot]",
    "github-actions[bot]",
    "renovate[bot]",
];

/// The login GitHub shows for deleted accounts.
pub const GHOST_LOGIN: &str = "ghost";

/// True for automation accounts: `type: Bot` or a `[bot]` login.
pub fn is_automation(login: &str, kind: Option<&str>) -> bool {
    kind.is_some_and(|kind| kind.eq_ignore_ascii_case("bot"))
        || login.to_ascii_lowercase().ends_with("[bot]")
}

/// True for bots exempt from the new-person drivers: a [`KNOWN_BOTS`] login or one the user
/// trusts in `settings.trusted_bots`.
pub fn is_bot(login: &str, settings: &Settings) -> bool {
    KNOWN_BOTS.iter().any(|bot| bot.eq_ignore_ascii_case(login))
        || settings
            .trusted_bots
            .iter()
            .any(|bot| bot.eq_ignore_ascii_case(login))
}

/// True when the association says this is the person's first contribution here.
pub fn is_first_time(association: Option<&str>) -> bool {
    matches!(
        association.map(str::to_ascii_uppercase).as_deref(),
        Some("FIRST_TIME_CONTRIBUTOR" | "FIRST_TIMER")
    )
}

pub fn assess(context: &Context) -> Vec<Contributor> {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let author = pull
        .author
        .clone()
        .unwrap_or_else(|| GHOST_LOGIN.to_string());
    let mut people = vec![(author.clone(), Role::Author)];
    for login in bundle.commit_authors() {
        if !login.eq_ignore_ascii_case(&author) {
            people.push((login, Role::Committer));
        }
    }
    let mut contributors: Vec<Contributor> = people
        .into_iter()
        .map(|(login, role)| describe(context, &login, role))
        .collect();
    contributors.extend(
        commit_identity::unlinked_emails(context)
            .into_iter()
            .map(|email| unlinked(context, email)),
    );
    contributors
}

/// A commit author known only by an e-mail no GitHub account claims.
fn unlinked(context: &Context, email: String) -> Contributor {
    let commits = context
        .bundle
        .commits
        .iter()
        .flatten()
        .filter(|commit| commit.author_login.is_none())
        .filter(|commit| {
            commit
                .author_email
                .as_deref()
                .is_some_and(|known| known.eq_ignore_ascii_case(&email))
        })
        .count() as u64;
    Contributor {
        identity: commit_identity::notes(context, &email),
        login: email,
        role: Role::Committer,
        association: None,
        trust_level: TrustLevel::Low,
        account_age_days: None,
        prior_prs: None,
        merged_prs: None,
        commits,
        unfamiliar_files: None,
        badges: vec![
            TrustLevel::Low.label().to_string(),
            "Unlinked E-mail".to_string(),
        ],
        summary:
            "Commit author e-mail linked to no GitHub account: account age and history are unknown."
                .into(),
    }
}

fn describe(context: &Context, login: &str, role: Role) -> Contributor {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let user = bundle.users.as_ref().and_then(|users| users.get(login));
    let history = bundle
        .history
        .as_ref()
        .and_then(|history| history.get(login));
    let association = match role {
        Role::Author => pull.author_association.clone(),
        Role::Committer => None,
    };
    let kind = match role {
        Role::Author => pull.author_type.clone(),
        Role::Committer => bundle
            .commits
            .iter()
            .flatten()
            .find(|commit| commit.author_login.as_deref() == Some(login))
            .and_then(|commit| commit.author_type.clone()),
    }
    .or_else(|| user.and_then(|user| user.kind.clone()));
    let commits = bundle
        .commits
        .iter()
        .flatten()
        .filter(|commit| commit.author_login.as_deref() == Some(login))
        .count() as u64;
    let mut identity = Vec::new();
    let created_at = user.and_then(|user| user.created_at);
    let account_age_days = match created_at {
        Some(created) if created > context.now => {
            identity.push(IdentityNote {
                kind: IdentityKind::FutureTimestamp,
                detail: format!(
                    "Account creation date {} is after the reference time {}: age unknown",
                    crate::timestamp::format(created).unwrap_or_default(),
                    crate::timestamp::format(context.now).unwrap_or_default()
                ),
            });
            None
        }
        Some(created) => Some((context.now.saturating_sub(created) / SECONDS_PER_DAY) as u64),
        None => None,
    };
    let unfamiliar_files = unfamiliar_files(context, login);
    let bot = is_bot(login, context.settings);
    if !bot && is_automation(login, kind.as_deref()) {
        identity.push(IdentityNote {
            kind: IdentityKind::UnknownApp,
            detail: format!(
                "{login} is an automation account that is neither a known bot nor in your trusted bots: judged like a person"
            ),
        });
    }
    identity.extend(behaviour::notes(context, login, user));
    identity.extend(commit_identity::notes(context, login));
    let ghost = login.eq_ignore_ascii_case(GHOST_LOGIN) && !bot;
    let young =
        account_age_days.is_some_and(|days| days < context.settings.thresholds.young_account_days);
    let trust_level = trust_level(bot, ghost, association.as_deref(), history, young);

    let mut badges = Vec::new();
    if role == Role::Author {
        badges.push("PR Author".to_string());
    }
    badges.push(trust_level.label().to_string());
    if ghost {
        badges.push("Deleted Account".to_string());
    }
    if !bot && is_automation(login, kind.as_deref()) {
        badges.push("Unknown App".to_string());
    }
    let fresh = !bot && account_age_days.is_some_and(|days| days < FRESH_ACCOUNT_DAYS);
    if fresh {
        badges.push("Fresh Account".to_string());
    }

    let mut summary = vec![standing(
        trust_level,
        ghost,
        association.as_deref(),
        history,
    )];
    if let (true, Some(days)) = (fresh, account_age_days) {
        summary.push(format!("Account created {days} day{} ago.", plural(days)));
    }
    if let Some(count) = unfamiliar_files.filter(|count| *count > 0) {
        summary.push(format!(
            "Unfamiliar with {count} of the {} file{} being modified.",
            context.files.len(),
            plural(context.files.len() as u64)
        ));
    }

    Contributor {
        login: login.to_string(),
        role,
        association,
        trust_level,
        account_age_days,
        prior_prs: history.map(|history| history.prs),
        merged_prs: history.map(|history| history.merged),
        commits,
        unfamiliar_files,
        badges,
        summary: summary.join(" "),
        identity,
    }
}

fn plural(count: u64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn trust_level(
    bot: bool,
    ghost: bool,
    association: Option<&str>,
    history: Option<&crate::bundle::History>,
    young_account: bool,
) -> TrustLevel {
    if bot {
        return TrustLevel::Bot;
    }
    if ghost {
        return TrustLevel::Low;
    }
    let from_history = |history: &crate::bundle::History| match (history.prs, history.merged) {
        (0, _) => TrustLevel::New,
        (_, 0) => TrustLevel::Low,
        _ => TrustLevel::Established,
    };
    match association.map(str::to_ascii_uppercase).as_deref() {
        Some("OWNER" | "MEMBER") => TrustLevel::Maintainer,
        Some("COLLABORATOR") => TrustLevel::Trusted,
        // CONTRIBUTOR: "has previously committed to the repository".
        Some("CONTRIBUTOR") => match history {
            Some(history) if history.merged == 0 => TrustLevel::Low,
            _ => TrustLevel::Established,
        },
        Some("FIRST_TIME_CONTRIBUTOR" | "FIRST_TIMER") => TrustLevel::New,
        Some("MANNEQUIN") => TrustLevel::Low,
        // NONE: no commit here. New when the history confirms no merged PR; without history
        // we cannot tell a first-timer from a repeat outsider, so `low`, not `new`.
        Some("NONE") => match history {
            Some(history) if history.merged == 0 => TrustLevel::New,
            _ => TrustLevel::Low,
        },
        // No association (commit authors, old data): the history decides; without it, an
        // account younger than `young_account_days` cannot have much of one.
        _ => match history {
            Some(history) => from_history(history),
            None if young_account => TrustLevel::New,
            None => TrustLevel::Low,
        },
    }
}

/// The first sentence of the summary: why this trust level.
fn standing(
    trust_level: TrustLevel,
    ghost: bool,
    association: Option<&str>,
    history: Option<&crate::bundle::History>,
) -> String {
    let association = association.map(str::to_ascii_uppercase);
    let merged = history.map(|history| {
        format!(
            "Has {} merged PR{} to this repo.",
            history.merged,
            plural(history.merged)
        )
    });
    match trust_level {
        TrustLevel::Bot => {
            "Automation account: review what it changes, especially dependencies and CI.".into()
        }
        _ if ghost => {
            "The account was deleted (GitHub shows it as ghost); its history is unknown.".into()
        }
        TrustLevel::Maintainer if association.as_deref() == Some("OWNER") => {
            "Owner of this repository.".into()
        }
        TrustLevel::Maintainer => "Member of the organization that owns this repository.".into(),
        TrustLevel::Trusted => "Collaborator with access to this repository.".into(),
        TrustLevel::Established => {
            merged.unwrap_or_else(|| "Has committed to this repository before.".into())
        }
        TrustLevel::New if association.as_deref() == Some("FIRST_TIMER") => {
            "First contribution to any repository on GitHub.".into()
        }
        TrustLevel::New if history.is_none() && association.is_none() => {
            "New account; its history in this repository was not fetched.".into()
        }
        TrustLevel::New => "First-time contributor to this repository.".into(),
        TrustLevel::Low => merged.unwrap_or_else(|| match association.as_deref() {
            Some("MANNEQUIN") => "Placeholder account from an import.".into(),
            Some(other) if other != "NONE" => {
                "Unrecognised association with this repository.".into()
            }
            _ => "No association with this repository is known.".into(),
        }),
    }
}

/// Changed files the person never committed to before; `None` when familiarity was not fetched
/// for them.
fn unfamiliar_files(context: &Context, login: &str) -> Option<u64> {
    let known = context.bundle.familiarity.as_ref()?.get(login)?;
    Some(
        context
            .files
            .iter()
            .filter(|file| known.get(&file.path).copied().unwrap_or(0) == 0)
            .count() as u64,
    )
}
