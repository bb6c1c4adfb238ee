//! Assembles a `prlens.bundle.v1` bundle from recorded GitHub fixtures, as listed in
//! `tests/fixture-cases.json`.
//!
//! Why: the Rust tests, the CLI (`prlens bundle-fixture`) and the JS fake server / e2e tests must
//! all see exactly the same bundle for a case, so there is one implementation (this file, also
//! included by `tests/support/`). Source of the format: `docs/bundle.md#fixture-cases`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// Why a case could not be assembled. Messages are one line and name the case and file.
#[derive(Debug, thiserror::Error)]
pub enum FixtureError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("{path} is not JSON: {reason}")]
    NotJson { path: String, reason: String },
    #[error("no fixture case named {0:?} (see tests/fixture-cases.json)")]
    UnknownCase(String),
    #[error("fixture case {case:?}: {detail}")]
    BadCase { case: String, detail: String },
}

/// The sections whose references resolve to arrays of GitHub objects.
const ARRAY_SECTIONS: [&str; 4] = ["files", "commits", "check_runs", "reviews"];
/// Sections copied into the bundle as written in the case (no recorded data exists for them).
const INLINE_SECTIONS: [&str; 3] = ["history", "familiarity", "page"];

/// The parsed `tests/fixture-cases.json`.
pub struct FixtureCases {
    cases: Vec<Value>,
    fixtures_root: PathBuf,
}

fn read_json(path: &Path) -> Result<Value, FixtureError> {
    let text = std::fs::read_to_string(path).map_err(|error| FixtureError::Unreadable {
        path: path.display().to_string(),
        reason: error.to_string(),
    })?;
    serde_json::from_str(&text).map_err(|error| FixtureError::NotJson {
        path: path.display().to_string(),
        reason: error.to_string(),
    })
}

impl FixtureCases {
    /// Reads the case list; `fixtures_root` is the `../shared/fixtures` folder.
    pub fn load(cases_file: &Path, fixtures_root: &Path) -> Result<Self, FixtureError> {
        let document = read_json(cases_file)?;
        let cases = document
            .get("cases")
            .and_then(Value::as_array)
            .cloned()
            .ok_or_else(|| FixtureError::BadCase {
                case: "*".into(),
                detail: format!("{} has no \"cases\" array", cases_file.display()),
            })?;
        Ok(Self {
            cases,
            fixtures_root: fixtures_root.to_path_buf(),
        })
    }

    /// Every case name, in file order.
    pub fn names(&self) -> Vec<String> {
        self.cases
            .iter()
            .filter_map(|case| case.get("name").and_then(Value::as_str))
            .map(str::to_string)
            .collect()
    }

    /// The case entry itself (for its `notes`, `dir`, …).
    pub fn case(&self, name: &str) -> Result<&Value, FixtureError> {
        self.cases
            .iter()
            .find(|case| case.get("name").and_then(Value::as_str) == Some(name))
            .ok_or_else(|| FixtureError::UnknownCase(name.to_string()))
    }

    /// Assembles the bundle of one case.
    pub fn bundle(&self, name: &str) -> Result<Value, FixtureError> {
        let case = self.case(name)?;
        let resolver = Resolver {
            case_name: name,
            dir: case.get("dir").and_then(Value::as_str).unwrap_or(""),
            fixtures_root: &self.fixtures_root,
        };
        let mut bundle = Map::new();
        bundle.insert("format".into(), Value::from("prlens.bundle.v1"));
        bundle.insert("fixture_case".into(), Value::from(name));
        if let Some(fetched_at) = case.get("fetched_at") {
            bundle.insert("fetched_at".into(), fetched_at.clone());
        }
        let pull_ref = case
            .get("pull")
            .ok_or_else(|| resolver.error("has no \"pull\" reference".into()))?;
        let pull = resolver.resolve(pull_ref)?;
        if !pull.is_object() {
            return Err(resolver.error("\"pull\" does not resolve to an object".into()));
        }
        bundle.insert("pull".into(), pull);
        for section in ARRAY_SECTIONS {
            if let Some(reference) = case.get(section) {
                bundle.insert(section.into(), resolver.resolve_items(reference)?);
            }
        }
        if let Some(reference) = case.get("status") {
            bundle.insert("status".into(), resolver.resolve(reference)?);
        }
        if let Some(users) = case.get("users") {
            let users = users
                .as_object()
                .ok_or_else(|| resolver.error("\"users\" must map logins to references".into()))?;
            let mut resolved = BTreeMap::new();
            for (login, reference) in users {
                resolved.insert(login.clone(), resolver.resolve(reference)?);
            }
            bundle.insert(
                "users".into(),
                Value::Object(resolved.into_iter().collect()),
            );
        }
        for section in INLINE_SECTIONS {
            if let Some(value) = case.get(section) {
                bundle.insert(section.into(), value.clone());
            }
        }
        Ok(Value::Object(bundle))
    }
}

struct Resolver<'a> {
    case_name: &'a str,
    dir: &'a str,
    fixtures_root: &'a Path,
}

impl Resolver<'_> {
    fn error(&self, detail: String) -> FixtureError {
        FixtureError::BadCase {
            case: self.case_name.to_string(),
            detail,
        }
    }

    /// A path without `/` is in the case's folder; with `/` it is fixtures-root relative.
    fn path(&self, name: &str) -> Result<PathBuf, FixtureError> {
        if name.split('/').any(|part| part == ".." || part.is_empty()) {
            return Err(self.error(format!("reference {name:?} must be a plain relative path")));
        }
        Ok(if name.contains('/') {
            self.fixtures_root.join(name)
        } else {
            self.fixtures_root.join(self.dir).join(name)
        })
    }

    fn body_at(&self, file: &str, pointer: &str) -> Result<Value, FixtureError> {
        let path = self.path(file)?;
        let recorded = read_json(&path)?;
        let body = recorded
            .get("body")
            .ok_or_else(|| self.error(format!("{file} has no \"body\"")))?;
        body.pointer(pointer)
            .cloned()
            .ok_or_else(|| self.error(format!("{file} has nothing at pointer {pointer:?}")))
    }

    fn resolve(&self, reference: &Value) -> Result<Value, FixtureError> {
        match reference {
            Value::String(file) => self.body_at(file, ""),
            Value::Object(fields) => {
                if let Some(inline) = fields.get("inline") {
                    return Ok(inline.clone());
                }
                let file = fields
                    .get("file")
                    .and_then(Value::as_str)
                    .ok_or_else(|| self.error(format!("reference {reference} has no \"file\"")))?;
                let pointer = fields.get("pointer").and_then(Value::as_str).unwrap_or("");
                self.body_at(file, pointer)
            }
            other => Err(self.error(format!("{other} is not a reference"))),
        }
    }

    /// One reference or an array of references; arrays are concatenated, objects appended.
    fn resolve_items(&self, reference: &Value) -> Result<Value, FixtureError> {
        let references = match reference {
            Value::Array(references) => references.clone(),
            single => vec![single.clone()],
        };
        let mut items = Vec::new();
        for reference in &references {
            match self.resolve(reference)? {
                Value::Array(values) => items.extend(values),
                object @ Value::Object(_) => items.push(object),
                other => {
                    return Err(self.error(format!(
                        "{reference} resolves to {other}, not an array or object"
                    )))
                }
            }
        }
        Ok(Value::Array(items))
    }
}
