//! The activity sections: `timeline` (items of `GET /repos/{o}/{r}/issues/{n}/timeline`) and
//! `events` (`{login: [items of GET /users/{login}/events/public]}`), GitHub's raw items.

use super::super::activity::{PublicEvent, PublicEventKind, TimelineEvent, TimelineKind};
use super::super::json::{Raw, Shape, LEAF};
use super::error::BundleError;
use super::read::*;
use super::shapes::{list, object, ACCOUNT, REPO};
use std::collections::BTreeMap;

static TIMELINE_ITEM: Shape = object(&[
    ("event", &LEAF),
    ("actor", &ACCOUNT),
    ("user", &ACCOUNT),
    ("created_at", &LEAF),
    ("submitted_at", &LEAF),
    ("commit_id", &LEAF),
    ("sha", &LEAF),
    ("state", &LEAF),
    ("author_association", &LEAF),
    ("committer", &ACCOUNT),
]);
pub(super) static TIMELINE: Shape = list(&TIMELINE_ITEM);
static PAYLOAD: Shape = object(&[("action", &LEAF)]);
static PUBLIC_EVENT: Shape = object(&[
    ("type", &LEAF),
    ("repo", &REPO),
    ("created_at", &LEAF),
    ("payload", &PAYLOAD),
]);
static PUBLIC_EVENTS: Shape = list(&PUBLIC_EVENT);
pub(super) static EVENTS: Shape = super::shapes::keyed(&PUBLIC_EVENTS);

/// The `timeline` section; items without an `event` name are skipped.
pub(super) fn timeline(root: &Raw) -> Result<Option<Vec<TimelineEvent>>, BundleError> {
    Ok(object_items(root, "timeline")?
        .map(|items| items.into_iter().filter_map(timeline_event).collect()))
}

fn timeline_event(value: &Raw) -> Option<TimelineEvent> {
    let name = string(value, "event")?;
    Some(TimelineEvent {
        kind: TimelineKind::from_event(&name),
        actor: path_string(value, &["actor", "login"])
            .or_else(|| path_string(value, &["user", "login"])),
        at: time_at(value, "created_at")
            .or_else(|| time_at(value, "submitted_at"))
            .or_else(|| time_at(value.field("committer"), "date")),
        commit_id: string(value, "commit_id").or_else(|| string(value, "sha")),
        state: string(value, "state").map(|state| state.to_ascii_lowercase()),
        association: string(value, "author_association"),
    })
}

/// The `events` section: per login, that person's public events; an entry that is not an
/// array reads as no entry (like the other maps by login).
pub(super) fn events(
    root: &Raw,
) -> Result<Option<BTreeMap<String, Vec<PublicEvent>>>, BundleError> {
    Ok(object_map(root, "events")?.map(|entries| {
        by_key(entries, |_, items| match items {
            Raw::Array(items) => Some(
                items
                    .iter()
                    .filter(|item| item.is_object())
                    .map(public_event)
                    .collect(),
            ),
            _ => None,
        })
    }))
}

fn public_event(value: &Raw) -> PublicEvent {
    PublicEvent {
        kind: string(value, "type").map_or(PublicEventKind::Other, |name| {
            PublicEventKind::from_type(&name)
        }),
        repo: path_string(value, &["repo", "name"]),
        at: time_at(value, "created_at"),
        action: path_string(value, &["payload", "action"]),
    }
}
