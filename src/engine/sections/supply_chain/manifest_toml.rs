//! TOML manifests: Cargo (`[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`,
//! `[workspace.dependencies]`, `[target.….dependencies]`, `[dependencies.name]` sub-tables),
//! Pipenv (`[packages]`, `[dev-packages]`), Poetry (`[tool.poetry.dependencies]`, groups) and
//! Gradle version catalogs (`[versions]`, `[libraries]`, `[plugins]`).
//!
//! Inline tables keep what matters for review: `serde = { version = "1", git = "…" }` reads as
//! spec `1 git=…` so both the version and the source are compared.

use super::model::{looks_like_spec, quoted_strings, Dependency, Scan};
use crate::engine::diff::Hunk;

/// Table names (last dotted component, lower-case) whose keys are dependencies.
const DEPENDENCY_TABLES: &[&str] = &[
    "dependencies",
    "dev-dependencies",
    "build-dependencies",
    "packages",
    "dev-packages",
    "versions",
    "libraries",
    "plugins",
];

/// Keys that are package metadata, never dependencies (for hunks whose table is out of view).
const NOT_DEPENDENCIES: &[&str] = &[
    "name",
    "version",
    "edition",
    "rust-version",
    "authors",
    "description",
    "license",
    "repository",
    "readme",
    "homepage",
    "documentation",
    "keywords",
    "categories",
    "publish",
    "build",
    "resolver",
    "members",
    "exclude",
    "include",
    "default-run",
    "python",
    "python_version",
    "requires-python",
    "workspace",
    "links",
];

/// Where a key sits: a dependency table, a `[dependencies.name]` sub-table, or elsewhere.
#[derive(Debug, Clone, PartialEq)]
enum Table {
    Unknown,
    Dependencies,
    /// `[dependencies.serde]`: keys describe the one dependency named here.
    Single(String),
    Other,
}

fn table_of(header: &str) -> Table {
    let name = header
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim()
        .to_ascii_lowercase();
    let parts: Vec<&str> = name.split('.').collect();
    let last = parts.last().copied().unwrap_or("");
    if DEPENDENCY_TABLES.contains(&last) {
        return Table::Dependencies;
    }
    if parts.len() >= 2 && DEPENDENCY_TABLES.contains(&parts[parts.len() - 2]) {
        return Table::Single(last.trim_matches('"').to_string());
    }
    Table::Other
}

/// `key = value` with the key unquoted.
pub fn key_value(line: &str) -> Option<(String, &str)> {
    let (key, value) = line.split_once('=')?;
    let key = key.trim().trim_matches('"').trim_matches('\'');
    let valid = !key.is_empty()
        && key
            .chars()
            .all(|character| character.is_alphanumeric() || "-_.".contains(character));
    valid.then(|| (key.to_string(), value.trim()))
}

/// The comparable spec of a value: a string's contents, or an inline table's
/// `version`/`git`/`path`/`branch`/`module` fields.
fn spec_of(value: &str) -> String {
    let value = value.split(" #").next().unwrap_or(value).trim();
    if !value.starts_with('{') {
        return quoted_strings(value)
            .first()
            .copied()
            .unwrap_or(value)
            .to_string();
    }
    let inner = value.trim_start_matches('{').trim_end_matches('}');
    let mut parts = Vec::new();
    for field in inner.split(',') {
        let Some((key, raw)) = key_value(field) else {
            continue;
        };
        let text = quoted_strings(raw)
            .first()
            .copied()
            .unwrap_or(raw)
            .to_string();
        match key.as_str() {
            "version" => parts.insert(0, text),
            "git" | "path" | "branch" | "rev" | "tag" | "registry" | "url" | "module" | "id" => {
                parts.push(format!("{key}={text}"))
            }
            "ref" => parts.insert(0, format!("ref={text}")),
            _ => {}
        }
    }
    parts.join(" ")
}

pub fn scan(hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    let mut table = if hunk.section.trim_start().starts_with('[') {
        table_of(hunk.section)
    } else {
        Table::Unknown
    };
    for (line, changed) in view {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            table = table_of(trimmed);
            continue;
        }
        if !changed || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = key_value(trimmed) else {
            continue;
        };
        let spec = spec_of(value);
        match &table {
            Table::Dependencies => scan.dependencies.push(Dependency::new(key, spec)),
            Table::Single(name) => {
                let text = if key == "version" {
                    spec
                } else {
                    format!("{key}={spec}")
                };
                scan.dependencies.push(Dependency::new(name.clone(), text));
            }
            Table::Unknown
                if looks_like_spec(value.trim_matches('"'))
                    && !NOT_DEPENDENCIES.contains(&key.as_str()) =>
            {
                scan.dependencies.push(Dependency::new(key, spec))
            }
            Table::Unknown | Table::Other => {}
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    fn new_side(patch: &str) -> Vec<Dependency> {
        let patch = parse(patch);
        let hunk = &patch.hunks[0];
        scan(hunk, &hunk.new_view()).dependencies
    }

    #[test]
    fn cargo_tables_inline_tables_and_sub_tables() {
        let deps = new_side(
            "@@ -1,8 +1,12 @@\n [package]\n+version = \"0.2.0\"\n [dependencies]\n+serde = \"1.0\"\n+tokio = { version = \"1.37\", features = [\"full\"] }\n+mycrate = { git = \"https://github.com/x/mycrate\", branch = \"main\" }\n+[dependencies.regex]\n+version = \"1.10\"",
        );
        assert_eq!(
            deps,
            [
                Dependency::new("serde", "1.0"),
                Dependency::new("tokio", "1.37"),
                Dependency::new("mycrate", "git=https://github.com/x/mycrate branch=main"),
                Dependency::new("regex", "1.10"),
            ]
        );
    }

    #[test]
    fn unknown_table_accepts_spec_like_values_but_not_metadata() {
        let deps =
            new_side("@@ -30,2 +30,3 @@\n anyhow = \"1\"\n+thiserror = \"2\"\n+edition = \"2021\"");
        assert_eq!(deps, [Dependency::new("thiserror", "2")]);
    }

    #[test]
    fn gradle_catalog_and_pipenv_tables() {
        let deps = new_side("@@ -1,3 +1,5 @@\n [versions]\n+kotlin = \"2.0.0\"\n [libraries]\n+okhttp = { module = \"com.squareup.okhttp3:okhttp\", version.ref = \"okhttp\" }");
        assert_eq!(deps[0], Dependency::new("kotlin", "2.0.0"));
        assert_eq!(deps[1].name, "okhttp");
        let pipenv = new_side("@@ -1,2 +1,3 @@\n [packages]\n+requests = \"*\"");
        assert_eq!(pipenv, [Dependency::new("requests", "*")]);
    }
}
