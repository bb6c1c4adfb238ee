//! Package-registry switches: added settings that make a package manager fetch from another
//! index than the public one, in any ecosystem's settings file or manifest.
//!
//! What it detects (each on an added line; a switch back to the public registry is not a
//! finding):
//! - npm/pnpm/yarn/bun: `.npmrc` `registry=` and `@scope:registry=`, `.yarnrc` `registry`,
//!   `.yarnrc.yml` `npmRegistryServer:`, `bunfig.toml` `registry =`;
//! - Python: `pip.conf`/`pip.ini` `index-url`/`extra-index-url`/`find-links`, `pyproject.toml`
//!   sources (`[[tool.poetry.source]]`, `[[tool.uv.index]]`, `[[tool.pdm.source]]`, uv's
//!   `index-url`);
//! - Cargo: `.cargo/config(.toml)` `[source.*]` replacement, `replace-with`, `[registries.*]`;
//! - Go: `GOPROXY`, `GONOSUMDB`, `GONOSUMCHECK`, `GOINSECURE`, `GOSUMDB=off`, `GOFLAGS=-insecure`
//!   in any non-documentation file (CI, Makefiles, `go.env`, `.envrc`);
//! - NuGet: `<add key=… value="https://…">` in `NuGet.config`; Maven `settings.xml` mirrors;
//!   Gradle `maven { url … }`.
//!
//! High: every later install resolves names against that index (dependency confusion, Alex
//! Birsan 2021; a plain-HTTP index is also tamperable in transit); medium when the URL comes
//! from a variable (the value is not in the diff).
//!
//! Sources (read 2026-12-03): npm Docs "npmrc" and "config" (`registry`, scoped registries);
//! Yarn "Configuration options" (`npmRegistryServer`); pip User Guide "Configuration"; Poetry
//! "Repositories"; uv "Package indexes"; Cargo Book "Source Replacement" and "Registries"; Go
//! command documentation "Module proxy protocol" and `go help environment`; NuGet "nuget.config
//! reference"; Birsan, "Dependency Confusion" (medium.com/@alex.birsan, 2021).

use crate::engine::diff::Patch;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;

/// Official registries: switching to one of them is not a finding.
const PUBLIC_REGISTRIES: &[&str] = &[
    "https://registry.npmjs.org",
    "https://registry.yarnpkg.com",
    "https://pypi.org/simple",
    "https://pypi.python.org/simple",
    "https://files.pythonhosted.org",
    "https://proxy.golang.org",
    "https://api.nuget.org/v3/index.json",
    "https://repo.maven.apache.org/maven2",
    "https://repo1.maven.org/maven2",
    "https://index.crates.io",
    "https://github.com/rust-lang/crates.io-index",
];

/// Go environment settings that bypass the public proxy or the checksum database.
const GO_SETTINGS: &[&str] = &[
    "goproxy",
    "gonosumdb",
    "gonosumcheck",
    "goinsecure",
    "gosumdb=off",
    "goflags=-insecure",
];

/// Findings kept per file.
const MAX_FINDINGS: usize = 10;

/// How a file states its package source, by name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SourceFile {
    Npmrc,
    Yarnrc,
    YarnrcYml,
    Bunfig,
    PipConf,
    Pyproject,
    CargoConfig,
    NugetConfig,
    MavenSettingsXml,
    Gradle,
}

/// The package-source settings file `path` is, if any: asked once per file (the supply-chain
/// pre-check and [`findings`] share the answer).
pub fn settings_of(view: &FileView) -> Option<SourceFile> {
    let lower = view.lower_path();
    let name = view.lower_name();
    Some(match name {
        ".npmrc" | ".pnpmrc" => SourceFile::Npmrc,
        ".yarnrc" => SourceFile::Yarnrc,
        ".yarnrc.yml" | ".yarnrc.yaml" => SourceFile::YarnrcYml,
        "bunfig.toml" => SourceFile::Bunfig,
        "pip.conf" | "pip.ini" => SourceFile::PipConf,
        "pyproject.toml" => SourceFile::Pyproject,
        "config" | "config.toml" if lower.ends_with(&format!(".cargo/{name}")) => {
            SourceFile::CargoConfig
        }
        "nuget.config" => SourceFile::NugetConfig,
        "settings.xml" => SourceFile::MavenSettingsXml,
        _ if name.starts_with("build.gradle") || name.starts_with("settings.gradle") => {
            SourceFile::Gradle
        }
        _ => return None,
    })
}

/// Whether an added line can set Go's module source.
pub fn may_hold_line(line: &str) -> bool {
    // `line.contains("GO")` without a substring searcher: this runs for every added line of
    // every file, and building the searcher cost more than scanning a short line. A pattern,
    // not `pair == b"GO"`: a slice comparison is a `memcmp` call per byte.
    line.as_bytes()
        .windows(2)
        .any(|pair| matches!(pair, [b'G', b'O']))
}

/// `settings` is [`settings_of`] the file's path.
pub fn findings(facts: &FileFacts, settings: Option<SourceFile>, patch: &Patch) -> Vec<Finding> {
    let go_env = facts.class != FileClass::Docs;
    if settings.is_none() && !go_env {
        return Vec::new();
    }
    let mut found = Vec::new();
    let Some(settings) = settings else {
        // Any other file: only Go's environment settings, on added lines.
        for line in patch.added() {
            if let Some((setting, value)) = go_setting(line.trim()) {
                if let Some((severity, detail)) = judge(&setting, &value) {
                    found.push(finding(
                        FindingKind::RegistrySwitch,
                        &facts.path,
                        detail,
                        severity,
                    ));
                }
            }
            if found.len() >= MAX_FINDINGS {
                break;
            }
        }
        return found;
    };
    let settings = Some(settings);
    for hunk in &patch.hunks {
        let mut table = String::new();
        for (line, added) in hunk.new_view() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                table = trimmed.to_ascii_lowercase();
            }
            if !added || found.len() >= MAX_FINDINGS || trimmed.starts_with(['#', ';']) {
                continue;
            }
            let switch = settings
                .and_then(|kind| source_setting(kind, trimmed, &table))
                .or_else(|| go_env.then(|| go_setting(trimmed)).flatten());
            if let Some((setting, value)) = switch {
                if let Some(severity_and_detail) = judge(&setting, &value) {
                    let (severity, detail) = severity_and_detail;
                    found.push(finding(
                        FindingKind::RegistrySwitch,
                        &facts.path,
                        detail,
                        severity,
                    ));
                }
            }
        }
    }
    found
}

/// `(setting, value)` when an added line sets a package source in this kind of file.
fn source_setting(kind: SourceFile, line: &str, table: &str) -> Option<(String, String)> {
    let lower = line.to_ascii_lowercase();
    let key_value = |separators: &[char]| {
        line.split_once(separators)
            .map(|(key, value)| (key.trim().trim_matches('"').to_string(), unquote(value)))
    };
    match kind {
        SourceFile::Npmrc => {
            key_value(&['=']).filter(|(key, _)| key == "registry" || key.ends_with(":registry"))
        }
        SourceFile::Yarnrc => lower
            .starts_with("registry ")
            .then(|| ("registry".to_string(), unquote(line.get(9..).unwrap_or("")))),
        SourceFile::YarnrcYml => key_value(&[':']).filter(|(key, _)| key == "npmRegistryServer"),
        SourceFile::Bunfig => key_value(&['=']).filter(|(key, _)| key == "registry"),
        SourceFile::PipConf => key_value(&['=', ':']).filter(|(key, _)| {
            [
                "index-url",
                "extra-index-url",
                "find-links",
                "index_url",
                "extra_index_url",
            ]
            .contains(&key.as_str())
        }),
        SourceFile::Pyproject => {
            let source_table = [
                "tool.poetry.source",
                "tool.uv.index",
                "tool.pdm.source",
                "tool.hatch.envs",
            ]
            .iter()
            .any(|name| table.contains(name));
            key_value(&['=']).filter(|(key, _)| {
                (source_table && key == "url")
                    || ["index-url", "extra-index-url"].contains(&key.as_str())
            })
        }
        SourceFile::CargoConfig => {
            if lower.starts_with("[source.") || lower.starts_with("[registries.") {
                return Some((line.to_string(), String::new()));
            }
            key_value(&['=']).filter(|(key, _)| {
                key == "replace-with"
                    || ((table.starts_with("[source.") || table.starts_with("[registries."))
                        && ["registry", "index", "git"].contains(&key.as_str()))
            })
        }
        SourceFile::NugetConfig => (lower.contains("<add ") && lower.contains("value=\"http"))
            .then(|| ("package source".to_string(), attribute(line, "value"))),
        SourceFile::MavenSettingsXml => lower
            .contains("<url>")
            .then(|| ("mirror".to_string(), between(line, "<url>", "</url>"))),
        SourceFile::Gradle => (lower.contains("maven") && lower.contains("url"))
            .then(|| ("maven repository".to_string(), quoted(line))),
    }
}

/// Go settings in any file: `GOPROXY=…`, `GOPROXY: …`, `go env -w GOPROXY=…`.
fn go_setting(line: &str) -> Option<(String, String)> {
    // Go's environment variables are upper-case; most lines hold none.
    if !line.contains("GO") {
        return None;
    }
    let lower = line
        .to_ascii_lowercase()
        .replace(": ", "=")
        .replace(' ', "");
    let setting = GO_SETTINGS
        .iter()
        .find(|setting| lower.contains(*setting))?;
    let at = lower.find(setting)?;
    let value = lower
        .get(at + setting.len()..)
        .unwrap_or("")
        .trim_start_matches('=')
        .trim_matches(['"', '\''])
        .to_string();
    Some((setting.to_ascii_uppercase(), value))
}

/// Severity and detail of a source setting, or `None` for the public registry.
fn judge(setting: &str, value: &str) -> Option<(Severity, String)> {
    let value = value.trim().trim_end_matches('/');
    let lower = value.to_ascii_lowercase();
    if !lower.is_empty()
        && PUBLIC_REGISTRIES
            .iter()
            .any(|public| lower.starts_with(public))
    {
        return None;
    }
    if lower.starts_with("https://proxy.golang.org") || lower == "direct" && setting == "GOPROXY" {
        return None;
    }
    let shown = crate::text::clip(&crate::redact::redact_tokens(value), 80);
    if value.contains('$') {
        return Some((Severity::Medium, format!("sets the package source {setting} from a variable ({shown}); check where it points")));
    }
    let plain_http = lower.starts_with("http://");
    let detail = if value.is_empty() {
        format!("adds a package source: {}", crate::text::clip(setting, 80))
    } else if plain_http {
        format!("sets {setting} to {shown}: packages resolve over plain HTTP")
    } else {
        format!(
            "sets {setting} to {shown}: packages resolve from there instead of the public registry"
        )
    };
    Some((Severity::High, detail))
}

fn unquote(value: &str) -> String {
    value.trim().trim_matches(['"', '\'']).trim().to_string()
}

fn attribute(line: &str, name: &str) -> String {
    between(line, &format!("{name}=\""), "\"")
}

fn between(line: &str, open: &str, close: &str) -> String {
    line.split_once(open)
        .and_then(|(_, rest)| rest.split(close).next())
        .unwrap_or("")
        .to_string()
}

fn quoted(line: &str) -> String {
    super::model::quoted_strings(line)
        .into_iter()
        .find(|text| text.contains("://"))
        .unwrap_or("")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{added_after, changed, kinds};
    use super::*;
    use crate::engine::files::classify_file;

    fn scan(path: &str, context: &str, added: &str) -> Vec<(FindingKind, Severity)> {
        let file = changed(path, "modified", &added_after(context, added));
        let facts = classify_file(&file);
        kinds(findings(
            &facts,
            settings_of(&FileView::new(&file, &facts)),
            &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
        ))
    }

    const HIGH: [(FindingKind, Severity); 1] = [(FindingKind::RegistrySwitch, Severity::High)];

    #[test]
    fn the_line_pre_check_fires_on_upper_case_go_only() {
        assert!(may_hold_line("+export GOPROXY=https://proxy.example"));
        assert!(may_hold_line("GO"));
        assert!(!may_hold_line("+go 1.22"));
        assert!(!may_hold_line("G"));
    }

    #[test]
    fn every_ecosystems_registry_setting_is_a_switch() {
        for (path, context, added) in [
            (
                ".npmrc",
                " save-exact=true",
                "registry=https://npm.corp-mirror.example/",
            ),
            (
                ".npmrc",
                " save-exact=true",
                "@acme:registry=https://npm.evil.example",
            ),
            (
                ".yarnrc",
                " # yarn",
                "registry \"https://yarn.evil.example\"",
            ),
            (
                ".yarnrc.yml",
                " nodeLinker: node-modules",
                "npmRegistryServer: \"https://yarn.evil.example\"",
            ),
            (
                "bunfig.toml",
                " [install]",
                "registry = \"https://bun.evil.example\"",
            ),
            (
                "pip.conf",
                " [global]",
                "extra-index-url = https://pypi.evil.example/simple",
            ),
            (
                "pyproject.toml",
                " [[tool.poetry.source]]",
                "url = \"https://pypi.evil.example/simple\"",
            ),
            (
                "pyproject.toml",
                " [[tool.uv.index]]",
                "url = \"https://pypi.evil.example/simple\"",
            ),
            (
                ".cargo/config.toml",
                " [source.crates-io]",
                "replace-with = \"mirror\"",
            ),
            (".cargo/config.toml", " [net]", "[registries.evil]"),
            (
                ".github/workflows/go.yml",
                "     env:",
                "      GOPROXY: https://goproxy.evil.example",
            ),
            (
                "Makefile",
                " build:",
                "\tGONOSUMDB=github.com/acme go build",
            ),
            (
                "NuGet.config",
                " <packageSources>",
                "<add key=\"evil\" value=\"https://nuget.evil.example/v3/index.json\" />",
            ),
            (
                "build.gradle",
                " repositories {",
                "maven { url 'https://maven.evil.example/releases' }",
            ),
        ] {
            assert_eq!(scan(path, context, added), HIGH, "{path}: {added}");
        }
    }

    #[test]
    fn switching_to_the_public_registry_is_not_a_finding() {
        assert!(scan(
            ".npmrc",
            " save-exact=true",
            "registry=https://registry.npmjs.org/"
        )
        .is_empty());
        assert!(scan(
            "pip.conf",
            " [global]",
            "index-url = https://pypi.org/simple"
        )
        .is_empty());
        assert!(scan(
            "ci.sh",
            " set -e",
            "export GOPROXY=https://proxy.golang.org,direct"
        )
        .is_empty());
        assert!(scan(
            "docs/go.md",
            " text",
            "GOPROXY=https://goproxy.evil.example"
        )
        .is_empty());
    }

    #[test]
    fn a_source_from_a_variable_is_medium_and_plain_http_is_said() {
        assert_eq!(
            scan(".npmrc", " save-exact=true", "registry=${NPM_MIRROR}"),
            [(FindingKind::RegistrySwitch, Severity::Medium)]
        );
        assert_eq!(
            scan(
                "pip.conf",
                " [global]",
                "index-url = http://10.0.0.5/simple"
            ),
            HIGH
        );
    }
}
