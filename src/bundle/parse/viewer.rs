//! Reads the personal sections `viewer` and `codeowners` (docs/bundle.md; `since_review` is a
//! comparison, read in `since_approval`).
//!
//! Hostile input, shown to the viewer only: a login that is not a GitHub login makes the whole
//! `viewer` section read as absent; team entries must name an organization login and a slug;
//! history counts are clamped (`mine` ≤ `all`); the CODEOWNERS text is decoded only from
//! base64 (GitHub's contents API) or given as text (GitHub's GraphQL `Blob.text`), and is
//! ignored past GitHub's 3 MB limit, as GitHub ignores it.

use std::collections::BTreeMap;

use super::super::json::{Raw, Shape, LEAF};
use super::super::viewer::{
    CodeownersFile, FileHistory, Viewer, CODEOWNERS_LOCATIONS as LOCATIONS,
    CODEOWNERS_MAX_BYTES as MAX_BYTES,
};
use super::error::BundleError;
use super::read::{path_string, section, string, unsigned, wrong_type};
use super::shapes::{keyed, list, object};

static ORGANIZATION: Shape = object(&[("login", &LEAF)]);
static TEAM: Shape = object(&[("slug", &LEAF), ("organization", &ORGANIZATION)]);
static TEAMS: Shape = list(&TEAM);
static COUNTS: Shape = object(&[("mine", &LEAF), ("all", &LEAF)]);
static HISTORY: Shape = keyed(&COUNTS);
pub(super) static VIEWER: Shape =
    object(&[("login", &LEAF), ("teams", &TEAMS), ("history", &HISTORY)]);
pub(super) static CODEOWNERS: Shape = object(&[
    ("path", &LEAF),
    ("content", &LEAF),
    ("encoding", &LEAF),
    ("text", &LEAF),
    ("size", &LEAF),
]);

/// `viewer`; `None` when absent, null or naming no valid login.
pub(super) fn viewer(root: &Raw) -> Result<Option<Viewer>, BundleError> {
    let value = match section(root, "viewer") {
        None => return Ok(None),
        Some(value @ Raw::Object(_)) => value,
        Some(other) => return Err(wrong_type("viewer", "an object", other)),
    };
    let Some(login) = string(value, "login").filter(|login| crate::text::is_github_login(login))
    else {
        return Ok(None);
    };
    let teams = match section(value, "teams") {
        Some(Raw::Array(items)) => Some(
            items
                .iter()
                .filter_map(|team| {
                    let org = path_string(team, &["organization", "login"])?;
                    let slug = string(team, "slug")?;
                    (crate::text::is_github_login(&org) && !slug.is_empty() && !slug.contains('/'))
                        .then(|| format!("{org}/{slug}").to_ascii_lowercase())
                })
                .collect(),
        ),
        _ => None,
    };
    let history = match section(value, "history") {
        Some(Raw::Entries(entries)) => Some(
            entries
                .iter()
                .filter_map(|(path, counts)| {
                    let all = unsigned(counts, "all")?;
                    let mine = unsigned(counts, "mine")?.min(all);
                    (!path.is_empty()).then(|| (path.clone(), FileHistory { mine, all }))
                })
                .collect::<BTreeMap<_, _>>(),
        ),
        _ => None,
    };
    Ok(Some(Viewer {
        login,
        teams,
        history,
    }))
}

/// `codeowners`; `None` when absent or null. `{}` (no `path`) means none was found.
pub(super) fn codeowners(root: &Raw) -> Result<Option<CodeownersFile>, BundleError> {
    let value = match section(root, "codeowners") {
        None => return Ok(None),
        Some(value @ Raw::Object(_)) => value,
        Some(other) => return Err(wrong_type("codeowners", "an object", other)),
    };
    // Only GitHub's own places count: a path elsewhere is no CODEOWNERS GitHub reads.
    let path = string(value, "path").filter(|path| LOCATIONS.contains(&path.as_str()));
    if path.is_none() {
        return Ok(Some(CodeownersFile::default()));
    }
    let text = match string(value, "text") {
        Some(text) => Some(text),
        None => crate::bundle::effort::decode_contents(value),
    };
    let declared = unsigned(value, "size").unwrap_or(0);
    let too_large =
        declared > MAX_BYTES as u64 || text.as_ref().is_some_and(|text| text.len() > MAX_BYTES);
    Ok(Some(CodeownersFile {
        path,
        text: text.filter(|_| !too_large),
        too_large,
    }))
}

#[cfg(test)]
mod tests {
    use crate::bundle::Bundle;
    use serde_json::json;

    #[test]
    fn the_viewer_reads_login_teams_and_clamped_history() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 3}, "viewer": {
            "login": "mona",
            "teams": [{"slug": "Backend", "organization": {"login": "Tidewater"}},
                      {"slug": "x"}, {"slug": "a/b", "organization": {"login": "o"}}],
            "history": {"src/a.rs": {"mine": 9, "all": 4}, "src/b.rs": {"mine": 1}}
        }}))
        .unwrap();
        let viewer = bundle.viewer.unwrap();
        assert_eq!(viewer.login, "mona");
        assert_eq!(viewer.teams.unwrap(), ["tidewater/backend"]);
        let history = viewer.history.unwrap();
        assert_eq!(history.len(), 1);
        assert_eq!((history["src/a.rs"].mine, history["src/a.rs"].all), (4, 4));
    }

    #[test]
    fn a_viewer_without_a_valid_login_or_teams_reads_as_not_known() {
        let hostile =
            Bundle::from_value(&json!({"pull": {"number": 3}, "viewer": {"login": "a b<"}}));
        assert!(hostile.unwrap().viewer.is_none());
        let plain =
            Bundle::from_value(&json!({"pull": {"number": 3}, "viewer": {"login": "mona"}}))
                .unwrap()
                .viewer
                .unwrap();
        assert!(
            plain.teams.is_none() && plain.history.is_none(),
            "not fetched, not empty"
        );
        assert!(Bundle::from_value(&json!({"pull": {"number": 3}, "viewer": []})).is_err());
    }

    #[test]
    fn codeowners_decodes_base64_or_takes_text_and_only_from_githubs_places() {
        let base64 = Bundle::from_value(&json!({"pull": {"number": 3}, "codeowners": {
            "path": ".github/CODEOWNERS", "encoding": "base64", "content": "KiBAbW9uYQo=\n"
        }}))
        .unwrap()
        .codeowners
        .unwrap();
        assert_eq!(base64.text.as_deref(), Some("* @mona\n"));
        let text = Bundle::from_value(&json!({"pull": {"number": 3}, "codeowners": {
            "path": "docs/CODEOWNERS", "text": "* @x"
        }}))
        .unwrap()
        .codeowners
        .unwrap();
        assert_eq!(text.path.as_deref(), Some("docs/CODEOWNERS"));
        let elsewhere = Bundle::from_value(&json!({"pull": {"number": 3}, "codeowners": {
            "path": "src/CODEOWNERS", "text": "* @x"
        }}))
        .unwrap()
        .codeowners
        .unwrap();
        assert!(elsewhere.path.is_none() && elsewhere.text.is_none());
        let huge = Bundle::from_value(&json!({"pull": {"number": 3}, "codeowners": {
            "path": "CODEOWNERS", "text": "* @x", "size": 4_000_000
        }}))
        .unwrap()
        .codeowners
        .unwrap();
        assert!(huge.too_large && huge.text.is_none());
    }
}
