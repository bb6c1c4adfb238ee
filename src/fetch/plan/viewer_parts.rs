//! Filing the viewer's answers into the draft (`super::viewer` asks; `super::parts::absorb`
//! calls these): a leaf, so the planner's files import each other in one direction only.

use serde_json::{json, Value};

use super::state::Got;
use crate::bundle::CODEOWNERS_LOCATIONS;
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::GetError;
use crate::fetch::notes::failure_note;

/// Files the three CODEOWNERS answers: the first found in GitHub's order; `{}` when all three
/// are 404; absent, with a note, when an earlier place could not be read.
pub(super) fn codeowners_into(draft: &mut BundleDraft, answers: Vec<Got>) {
    for (path, answer) in CODEOWNERS_LOCATIONS.iter().zip(answers) {
        match answer {
            Ok(fetched) if fetched.body.is_object() => {
                let mut body = fetched.body;
                body["path"] = json!(path);
                draft.codeowners = Some(keep(&body, &["path", "content", "encoding", "size"]));
                return;
            }
            Err(GetError::Status { status: 404, .. }) => continue,
            Ok(_) => return draft.note(failure_note("codeowners", &GetError::Malformed)),
            Err(error) => return draft.note(failure_note(&format!("codeowners ({path})"), &error)),
        }
    }
    draft.codeowners = Some(json!({}));
}

/// Files `GET /user` and `GET /user/teams`: the teams count only when the token is the viewer's.
pub(super) fn teams_into(draft: &mut BundleDraft, user: Got, teams: Got) {
    let Some(viewer) = draft.viewer.as_mut() else {
        return;
    };
    let login = viewer
        .get("login")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let owner = match user {
        Ok(fetched) => fetched
            .body
            .get("login")
            .and_then(Value::as_str)
            .map(str::to_string),
        Err(error) => {
            return draft.note(failure_note("viewer.teams (the token's account)", &error))
        }
    };
    if !owner
        .as_deref()
        .is_some_and(|owner| owner.eq_ignore_ascii_case(&login))
    {
        return draft.note(format!(
            "viewer.teams: the token is not {login}'s, so their teams are not known"
        ));
    }
    match teams {
        Ok(fetched) => match fetched.body.as_array() {
            Some(items) => {
                let kept: Vec<Value> = items
                    .iter()
                    .map(|team| {
                        json!({"slug": team.get("slug"), "organization": {"login": team.pointer("/organization/login")}})
                    })
                    .collect();
                viewer["teams"] = Value::Array(kept);
            }
            None => draft.note(failure_note("viewer.teams", &GetError::Malformed)),
        },
        Err(GetError::Status {
            status: 403 | 404, ..
        }) => draft
            .note("viewer.teams: the token cannot list your teams (it needs read:org)".to_string()),
        Err(error) => draft.note(failure_note("viewer.teams", &error)),
    }
}

/// Files one focus file's two counts into `viewer.history`.
pub(super) fn history_into(draft: &mut BundleDraft, path: String, mine: Got, all: Got) {
    let (mine, all) = match (mine, all) {
        (Ok(mine), Ok(all)) => (
            super::pages::familiarity_count(&mine),
            super::pages::familiarity_count(&all),
        ),
        (Err(error @ GetError::OverBudget { .. }), _)
        | (_, Err(error @ GetError::OverBudget { .. })) => {
            return draft.note(failure_note("viewer.history", &error))
        }
        (Err(error), _) | (_, Err(error)) => {
            return draft.note(failure_note(&format!("viewer.history ({path})"), &error))
        }
    };
    if let Some(viewer) = draft.viewer.as_mut() {
        if !viewer.get("history").is_some_and(Value::is_object) {
            viewer["history"] = json!({});
        }
        viewer["history"][path] = json!({"mine": mine, "all": all.max(mine)});
    }
}

/// Only the named fields of a GitHub object (the rest is not read, and a contents response
/// carries URLs and ids the bundle does not need).
fn keep(body: &Value, fields: &[&str]) -> Value {
    let mut kept = serde_json::Map::new();
    for field in fields {
        if let Some(value) = body.get(*field) {
            kept.insert((*field).to_string(), value.clone());
        }
    }
    Value::Object(kept)
}
