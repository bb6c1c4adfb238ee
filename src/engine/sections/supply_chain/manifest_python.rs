//! Python manifests: pip requirement files, `setup.py`/`setup.cfg` (`install_requires`) and
//! `pyproject.toml` (PEP 621 `dependencies`/`optional-dependencies`, `[build-system]
//! requires`, PEP 735 dependency groups, Poetry tables, uv sources).
//!
//! Requirements are PEP 508 strings: `name[extras] op version ; marker`, or `name @ url`, or a
//! VCS URL (`git+https://…#egg=name`). Requirement files may also switch the package index
//! (`--index-url`, `--extra-index-url`, `--trusted-host`, `--find-links`), which is reported:
//! an attacker-controlled index serves any package under any name (dependency confusion,
//! Birsan 2021).

use super::manifest_toml;
use super::model::{quoted_strings, Dependency, Scan};
use crate::engine::diff::Hunk;
use crate::signal::{FindingKind, Severity};

const OPERATORS: &[&str] = &["===", "==", ">=", "<=", "~=", "!=", ">", "<", "@"];

const INDEX_OPTIONS: &[&str] = &[
    "--index-url",
    "--extra-index-url",
    "-i ",
    "--trusted-host",
    "--find-links",
    "-f ",
];

/// Parses one PEP 508 requirement or VCS URL. `require_operator` rejects bare names (used for
/// quoted strings in `setup.py`, where any string could appear).
pub fn requirement(text: &str, require_operator: bool) -> Option<Dependency> {
    let text = text.trim().trim_start_matches("-e ").trim();
    if text.is_empty() || text.starts_with('#') || text.starts_with('-') {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("git+") || lower.starts_with("http://") || lower.starts_with("https://") {
        let name = lower
            .split("#egg=")
            .nth(1)
            .map(|egg| egg.split('&').next().unwrap_or(egg).to_string())
            .or_else(|| {
                lower
                    .split(['@', '#'])
                    .next()
                    .and_then(|url| url.trim_end_matches('/').rsplit('/').next())
                    .map(|last| last.trim_end_matches(".git").to_string())
            })?;
        return Some(Dependency::new(normalize(&name), text));
    }
    let name: String = text
        .chars()
        .take_while(|character| character.is_alphanumeric() || "-_.".contains(*character))
        .collect();
    if name.is_empty() {
        return None;
    }
    let mut rest = text.get(name.len()..).unwrap_or("").trim_start();
    if rest.starts_with('[') {
        rest = rest
            .get(rest.find(']').map_or(rest.len(), |close| close + 1)..)
            .unwrap_or("")
            .trim_start();
    }
    let spec = rest.split(';').next().unwrap_or("").trim();
    let has_operator = OPERATORS.iter().any(|operator| spec.starts_with(operator));
    if require_operator && !has_operator {
        return None;
    }
    if !spec.is_empty() && !has_operator && !spec.starts_with('(') {
        return None; // Prose, not a requirement.
    }
    Some(Dependency::new(
        normalize(&name),
        spec.trim_start_matches('@').trim(),
    ))
}

/// PEP 503 name normalisation.
fn normalize(name: &str) -> String {
    name.to_ascii_lowercase().replace(['_', '.'], "-")
}

pub fn requirements(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        if !changed {
            continue;
        }
        let text = line.split(" #").next().unwrap_or(line).trim();
        if let Some(option) = INDEX_OPTIONS
            .iter()
            .find(|option| text.starts_with(**option))
        {
            scan.other.push((
                FindingKind::PackageIndex,
                Severity::High,
                format!("sets a package source: {text} (option {})", option.trim()),
            ));
            continue;
        }
        if let Some(dependency) = requirement(text, false) {
            scan.dependencies.push(dependency);
        }
    }
    scan
}

/// `setup()` keywords that hold metadata, not requirements (`url="https://…"` is the project's
/// home page, not a URL dependency).
const SETUP_METADATA: &[&str] = &[
    "url",
    "download_url",
    "project_urls",
    "author",
    "author_email",
    "maintainer",
    "maintainer_email",
    "description",
    "long_description",
    "long_description_content_type",
    "license",
    "keywords",
    "name",
    "version",
    "platforms",
    "classifiers",
    "python_requires",
    "home_page",
    "homepage",
];

/// Whether a `setup.py` line is a metadata keyword (`url="…"`) or a dict entry with a plain
/// string value (`"Source": "https://…"` in `project_urls`).
fn is_metadata(line: &str) -> bool {
    let trimmed = line.trim();
    let keyword = trimmed
        .split_once('=')
        .map(|(key, _)| key.trim())
        .filter(|key| key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    let string_entry = trimmed.starts_with(['"', '\'']) && {
        let strings = quoted_strings(trimmed);
        strings.len() == 2 && !trimmed.contains('[')
    };
    keyword.is_some_and(|key| SETUP_METADATA.contains(&key.to_ascii_lowercase().as_str()))
        || string_entry
}

pub fn setup(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        if !changed || is_metadata(line) {
            continue;
        }
        let strings = quoted_strings(line);
        if strings.is_empty() {
            // setup.cfg: unquoted, indented requirement lines.
            if let Some(dependency) = requirement(line, true) {
                scan.dependencies.push(dependency);
            }
        }
        for text in strings {
            if let Some(dependency) = requirement(text, true) {
                scan.dependencies.push(dependency);
            }
        }
    }
    scan
}

pub fn pyproject(hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    // Poetry / uv / pipenv-style tables are TOML key = value.
    let mut scan = manifest_toml::scan(hunk, view);
    scan.dependencies.retain(|dependency| {
        !matches!(
            dependency.name.as_str(),
            "dependencies" | "requires" | "python"
        )
    });
    let mut in_array = false;
    let mut table = String::new();
    for (line, changed) in view {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') && !trimmed.contains('"') {
            table = trimmed.trim_matches(['[', ']']).to_ascii_lowercase();
            in_array = false;
            continue;
        }
        if let Some((key, value)) = manifest_toml::key_value(trimmed) {
            let is_list = key.ends_with("dependencies")
                || key == "requires"
                || table.ends_with("optional-dependencies")
                || table == "dependency-groups";
            in_array = is_list && value.starts_with('[') && !value.contains(']');
            if *changed && is_list && value.starts_with('[') {
                for text in quoted_strings(value) {
                    if let Some(dependency) = requirement(text, false) {
                        scan.dependencies.push(dependency);
                    }
                }
            }
            continue;
        }
        if trimmed.starts_with(']') {
            in_array = false;
            continue;
        }
        let quoted_item = trimmed.starts_with('"') || trimmed.starts_with('\'');
        if *changed && (in_array || quoted_item) {
            for text in quoted_strings(trimmed) {
                if let Some(dependency) = requirement(text, !in_array) {
                    scan.dependencies.push(dependency);
                }
            }
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    fn new_side(scanner: super::super::model::Scanner, patch: &str) -> Scan {
        let patch = parse(patch);
        let hunk = &patch.hunks[0];
        scanner(hunk, &hunk.new_view())
    }

    #[test]
    fn pep508_requirements_and_vcs_urls() {
        assert_eq!(
            requirement("Django>=4.2,<5 ; python_version>'3.8'", false),
            Some(Dependency::new("django", ">=4.2,<5"))
        );
        assert_eq!(
            requirement("requests[security]==2.31.0", false),
            Some(Dependency::new("requests", "==2.31.0"))
        );
        assert_eq!(
            requirement("numpy", false),
            Some(Dependency::new("numpy", ""))
        );
        assert_eq!(requirement("numpy", true), None);
        assert_eq!(
            requirement("-e git+https://github.com/x/lib.git@v1#egg=my_lib", false),
            Some(Dependency::new(
                "my-lib",
                "git+https://github.com/x/lib.git@v1#egg=my_lib"
            ))
        );
        assert_eq!(
            requirement("pkg @ https://example.com/pkg.whl", false),
            Some(Dependency::new("pkg", "https://example.com/pkg.whl"))
        );
        assert_eq!(requirement("License :: OSI Approved", true), None);
    }

    #[test]
    fn requirement_files_report_index_switches() {
        let scan = new_side(requirements, "@@ -1,2 +1,4 @@\n flask==3.0.0\n+--extra-index-url https://pypi.evil.example/simple\n+torch==2.3.0 # cuda\n-# comment");
        assert_eq!(scan.dependencies, [Dependency::new("torch", "==2.3.0")]);
        assert_eq!(scan.other.len(), 1);
        assert_eq!(scan.other[0].0, FindingKind::PackageIndex);
    }

    #[test]
    fn setup_py_reads_quoted_requirements_with_operators() {
        let scan = new_side(setup, "@@ -5,3 +5,5 @@\n     install_requires=[\n+        \"requests>=2.0\",\n+        \"Programming Language :: Python\",\n     ],");
        assert_eq!(scan.dependencies, [Dependency::new("requests", ">=2.0")]);
    }

    #[test]
    fn pyproject_pep621_arrays_and_poetry_tables() {
        let scan = new_side(pyproject, "@@ -1,6 +1,10 @@\n [project]\n dependencies = [\n+    \"httpx>=0.27\",\n     \"pydantic>=2\",\n ]\n+keywords = [\"cli\"]\n+[project.optional-dependencies]\n+dev = [\"rich>=13\"]\n [tool.poetry.dependencies]\n+python = \"^3.10\"\n+click = \"^8.1\"");
        let names: Vec<_> = scan
            .dependencies
            .iter()
            .map(|dependency| dependency.name.as_str())
            .collect();
        assert_eq!(names, ["click", "httpx", "rich"]);
    }
}
