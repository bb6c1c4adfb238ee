//! "For you": the focus files that are the viewer's to review — CODEOWNERS names them or a
//! team of theirs, or they made some of the file's commits — strongest reason first. For the
//! PR's author it is what a reviewer will see instead: each focus file with its owners.
//!
//! Rules: CODEOWNERS is the base branch's (the PR cannot choose its own reviewers), read as
//! GitHub does (`super::codeowners`). Team ownership counts only when the bundle lists the
//! viewer's teams (a token with `read:org`); otherwise the file is not claimed and a note says
//! which team owns it and why membership is not known. History counts as familiarity does for
//! authors (docs/bundle.md `familiarity`: any prior commit to the path is familiarity).

use super::codeowners::{Codeowners, Owner};
use crate::bundle::Viewer;
use crate::engine::context::Context;
use crate::signal::{FocusFile, ForYouFile, ForYouKind, ForYouReason, ViewerRole};
use crate::text::name_list;

/// What [`assess`] gives the view.
pub struct Owners {
    pub files: Vec<ForYouFile>,
    pub codeowners: Option<String>,
    pub notes: Vec<String>,
}

pub fn assess(context: &Context, viewer: &Viewer, role: ViewerRole, focus: &[FocusFile]) -> Owners {
    let mut notes = Vec::new();
    let (file, codeowners) = read_codeowners(context, &mut notes);
    let rules = file.unwrap_or_default();
    let files = match role {
        ViewerRole::Author => authors_view(&rules, codeowners.is_some(), focus),
        ViewerRole::Reviewer => reviewers_view(&rules, viewer, focus, &mut notes),
    };
    Owners {
        files,
        codeowners,
        notes,
    }
}

/// The parsed file and where it came from; notes say what is not known.
fn read_codeowners(
    context: &Context,
    notes: &mut Vec<String>,
) -> (Option<Codeowners>, Option<String>) {
    let Some(found) = context.bundle.codeowners.as_ref() else {
        notes.push("CODEOWNERS was not fetched: ownership is not known.".to_string());
        return (None, None);
    };
    let Some(path) = found.path.clone() else {
        notes.push(
            "The base branch has no CODEOWNERS in .github/, the root or docs/: no file has an owner."
                .to_string(),
        );
        return (None, None);
    };
    if found.too_large {
        notes.push(format!(
            "{path} is over GitHub's 3 MB limit: GitHub ignores it, and so does prlens."
        ));
        return (None, Some(path));
    }
    let Some(text) = found.text.as_deref() else {
        notes.push(format!("{path} could not be read: ownership is not known."));
        return (None, Some(path));
    };
    let parsed = Codeowners::parse(text);
    if !parsed.skipped_lines.is_empty() {
        let lines: Vec<String> = parsed.skipped_lines.iter().map(u64_text).collect();
        notes.push(format!(
            "{path}: line{} {} skipped (GitHub skips lines it cannot read).",
            if lines.len() == 1 { "" } else { "s" },
            name_list(&lines)
        ));
    }
    (Some(parsed), Some(path))
}

fn u64_text(line: &usize) -> String {
    line.to_string()
}

fn rule_place(rules: &Codeowners, path: &str) -> String {
    rules
        .rule_for(path)
        .map(|rule| format!("CODEOWNERS line {}: {}", rule.line, rule.pattern))
        .unwrap_or_default()
}

fn reviewers_view(
    rules: &Codeowners,
    viewer: &Viewer,
    focus: &[FocusFile],
    notes: &mut Vec<String>,
) -> Vec<ForYouFile> {
    let login = viewer.login.as_str();
    let mut unknown_teams: Vec<(String, u64)> = Vec::new();
    let mut emails: Vec<String> = Vec::new();
    let mut mine: Vec<(u8, u64, ForYouFile)> = Vec::new();
    for file in focus {
        let mut reasons = Vec::new();
        let owners = rules.owners_of(&file.path);
        let place = rule_place(rules, &file.path);
        if owners
            .iter()
            .any(|owner| matches!(owner, Owner::User(user) if user.eq_ignore_ascii_case(login)))
        {
            reasons.push(ForYouReason {
                kind: ForYouKind::YouOwn,
                detail: format!("You own it ({place})"),
            });
        }
        for owner in owners {
            match (owner, viewer.teams.as_deref()) {
                (Owner::Team(team), Some(teams)) if teams.contains(&team.to_ascii_lowercase()) => {
                    reasons.push(ForYouReason {
                        kind: ForYouKind::YourTeamOwns,
                        detail: format!("Your team @{team} owns it ({place})"),
                    });
                }
                (Owner::Team(team), None) => {
                    match unknown_teams.iter_mut().find(|(name, _)| name == team) {
                        Some((_, count)) => *count += 1,
                        None => unknown_teams.push((team.clone(), 1)),
                    }
                }
                (Owner::Email(address), _) if !emails.contains(address) => {
                    emails.push(address.clone())
                }
                _ => {}
            }
        }
        let mut share = 0;
        if let Some(history) = viewer
            .history
            .as_ref()
            .and_then(|history| history.get(&file.path))
        {
            if history.mine > 0 {
                let all = history.all.max(history.mine);
                share = (history.mine * 1000).div_ceil(all.max(1));
                let percent = (history.mine * 100 + all / 2) / all.max(1);
                reasons.push(ForYouReason {
                    kind: ForYouKind::YouWrote,
                    detail: format!(
                        "You made {} of its {all} commit{} ({percent} %)",
                        history.mine,
                        if all == 1 { "" } else { "s" }
                    ),
                });
            }
        }
        if let Some(strongest) = reasons.iter().map(|reason| reason.kind as u8).min() {
            mine.push((
                strongest,
                share,
                ForYouFile {
                    path: file.path.clone(),
                    anchor: file.anchor.clone(),
                    reasons,
                },
            ));
        }
    }
    if !unknown_teams.is_empty() {
        let named: Vec<String> = unknown_teams
            .iter()
            .map(|(team, count)| {
                format!(
                    "@{team} ({count} focus file{})",
                    if *count == 1 { "" } else { "s" }
                )
            })
            .collect();
        notes.push(format!(
            "Owned by {}: whether you are in {} is not known (team membership needs your own token with read:org).",
            name_list(&named),
            if named.len() == 1 { "that team" } else { "those teams" }
        ));
    }
    for address in emails {
        notes.push(format!(
            "{address} owns focus files: an e-mail owner is not matched to your account."
        ));
    }
    if viewer.history.is_none() {
        notes.push("Your commits to these files were not fetched.".to_string());
    }
    // Owner before team before history; more of the file's commits first; then focus order.
    crate::order::sort_by(&mut mine, |a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    mine.into_iter().map(|(_, _, file)| file).collect()
}

fn authors_view(rules: &Codeowners, known: bool, focus: &[FocusFile]) -> Vec<ForYouFile> {
    if !known {
        return Vec::new();
    }
    focus
        .iter()
        .map(|file| {
            let owners: Vec<String> = rules
                .owners_of(&file.path)
                .iter()
                .map(Owner::handle)
                .collect();
            let reason = if owners.is_empty() {
                ForYouReason {
                    kind: ForYouKind::NoOwner,
                    detail: "No code owner: reviewers are not requested for it".to_string(),
                }
            } else {
                ForYouReason {
                    kind: ForYouKind::OwnedBy,
                    detail: format!(
                        "{} will be asked to review it ({})",
                        name_list(&owners),
                        rule_place(rules, &file.path)
                    ),
                }
            };
            ForYouFile {
                path: file.path.clone(),
                anchor: file.anchor.clone(),
                reasons: vec![reason],
            }
        })
        .collect()
}
