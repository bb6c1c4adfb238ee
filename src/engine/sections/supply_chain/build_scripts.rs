//! Remote code and unpinned images in build scripts and CI: added lines that pipe a download
//! straight into a shell, and Dockerfile base images not pinned by digest.
//!
//! What it detects:
//! - `curl … | sh`, `wget -O- … | bash`, `iwr … | iex` and similar on an added line of a build
//!   script or CI file (high): whatever the server returns at build time runs with the
//!   builder's credentials, and nobody can review it;
//! - `FROM image:tag` without `@sha256:` on an added Dockerfile line (low): a moved tag changes
//!   the build without a diff.
//!
//! Why it matters: these are the "download and execute" patterns OpenSSF Scorecard's
//! Pinned-Dependencies check flags in Dockerfiles and shell scripts.
//!
//! Source: https://github.com/ossf/scorecard/blob/main/docs/checks.md#pinned-dependencies.

use crate::signal::{Finding, FindingKind, Severity};

use super::view::FileView;

/// Characters of a build-script line quoted in a finding.
const MAX_LINE_CHARS: usize = 80;

use super::model::finding;

/// Commands that fetch a URL.
const DOWNLOADERS: &[&str] = &[
    "curl ",
    "wget ",
    "iwr ",
    "invoke-webrequest",
    "irm ",
    "invoke-restmethod",
];

/// Interpreters a download may be piped into.
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "iex",
    "invoke-expression",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "sudo",
];

/// Findings kept per file.
const MAX_FINDINGS: usize = 10;

/// Images that are build stages or placeholders, not downloads.
const NOT_IMAGES: &[&str] = &["scratch"];

pub fn findings(view: &FileView) -> Vec<Finding> {
    let facts = view.facts;
    if !(facts.build_script || facts.ci_config) || view.file.patch.is_none() {
        return Vec::new();
    }
    let patch = view.patch();
    let name = view.lower_name();
    let dockerfile = name.starts_with("dockerfile") || name.ends_with(".dockerfile");
    let mut found = Vec::new();
    // A download run later in the file (a Makefile recipe, CMake, Gradle) — unless a line
    // below already pipes one into a shell.
    let staged = super::build_steps::download_and_run(facts, patch);
    let mut stages: Vec<String> = Vec::new();
    for line in patch.added() {
        if found.len() >= MAX_FINDINGS {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if pipes_download_into_shell(&lower) {
            found.push(finding(
                FindingKind::RemoteScript,
                &facts.path,
                format!(
                    "downloads and executes a remote script: {}",
                    crate::text::clip(line.trim(), MAX_LINE_CHARS)
                ),
                Severity::High,
            ));
            continue;
        }
        if dockerfile {
            if let Some(image) = unpinned_base_image(line.trim(), &mut stages) {
                found.push(finding(
                    FindingKind::UnpinnedImage,
                    &facts.path,
                    format!("base image {image} is not pinned by digest"),
                    Severity::Low,
                ));
            }
        }
    }
    if !found
        .iter()
        .any(|finding| finding.id == FindingKind::RemoteScript)
    {
        found.extend(staged);
    }
    found
}

/// `curl … | bash` and friends (the pipe may be followed by `sudo`, flags, `-` or a quoted
/// shell name), and a download run through command or process substitution
/// (`sh -c "$(curl …)"`, `bash <(wget -O- …)`, `` eval `curl …` ``).
fn pipes_download_into_shell(lower: &str) -> bool {
    let downloads: Vec<usize> = DOWNLOADERS
        .iter()
        .flat_map(|tool| lower.match_indices(tool).map(|(at, _)| at))
        .collect();
    downloads.iter().any(|&download| {
        substituted_into_shell(lower, download)
            || lower
                .get(download..)
                .unwrap_or("")
                .split('|')
                .skip(1)
                .any(|segment| {
                    let command = segment.trim_start().trim_start_matches(['"', '\'', '(']);
                    let first = command.split_whitespace().next().unwrap_or("");
                    let first = first.trim_matches(['"', '\'', ')', ';']);
                    let name = first.rsplit('/').next().unwrap_or(first);
                    SHELLS.contains(&name)
                })
    })
}

/// The download at `download` sits in `$(…)`, `<(…)` or backticks on a line that also calls
/// a shell or `eval`/`source`.
fn substituted_into_shell(lower: &str, download: usize) -> bool {
    let before = lower.get(..download).unwrap_or("").trim_end();
    let substituted = before.ends_with("$(") || before.ends_with("<(") || before.ends_with('`');
    substituted
        && before
            .split(|c: char| c.is_whitespace() || "\"'(;&|`$<".contains(c))
            .any(|word| {
                let name = word.rsplit('/').next().unwrap_or(word);
                SHELLS.contains(&name) || ["eval", "source", "."].contains(&name)
            })
}

/// `FROM image[:tag] [AS stage]` without a digest; stage names and `scratch` are not images.
fn unpinned_base_image(line: &str, stages: &mut Vec<String>) -> Option<String> {
    let mut words = line.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("from") {
        return None;
    }
    let mut image = words.next()?;
    while image.starts_with("--") {
        image = words.next()?; // --platform=…
    }
    if let (Some(keyword), Some(stage)) = (words.next(), words.next()) {
        if keyword.eq_ignore_ascii_case("as") {
            stages.push(stage.to_ascii_lowercase());
        }
    }
    let lower = image.to_ascii_lowercase();
    let pinned = lower.contains("@sha256:");
    let variable = lower.contains('$');
    let is_stage = stages.contains(&lower) && !lower.contains(':');
    (!pinned && !variable && !is_stage && !NOT_IMAGES.contains(&lower.as_str()))
        .then(|| image.to_string())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{changed, kinds};
    use super::*;
    use crate::engine::files::classify_file;

    fn run(path: &str, patch: &str) -> Vec<(FindingKind, Severity)> {
        let file = changed(path, "modified", patch);
        kinds(findings(&FileView::new(&file, &classify_file(&file))))
    }

    #[test]
    fn piping_downloads_into_a_shell_is_high() {
        for line in [
            "RUN curl -fsSL https://x.example/install.sh | bash",
            "  - wget -qO- https://x.example/i.sh | sudo sh",
            "curl https://sh.rustup.rs -sSf | sh -s -- -y",
            "iwr https://x.example/a.ps1 | iex",
            "      - run: 'curl -fsSL https://x.example/i.sh | \"bash\"'",
            "sh -c \"$(curl -fsSL https://x.example/install.sh)\"",
            "bash <(wget -qO- https://x.example/i.sh)",
            "eval `curl -s https://x.example/env`",
            "      run: \"curl https://x.example/a | sudo -E bash -s\"",
        ] {
            assert_eq!(
                run("scripts/setup.sh", &format!("@@ -1 +1,2 @@\n+{line}")),
                [(FindingKind::RemoteScript, Severity::High)],
                "{line}"
            );
        }
        assert!(run(
            "scripts/setup.sh",
            "@@ -1 +1 @@\n+curl -o out.tgz https://x.example/a.tgz | tee log"
        )
        .is_empty());
        assert!(
            run(
                "scripts/setup.sh",
                "@@ -1 +1 @@\n+VERSION=\"$(curl -s https://x.example/latest)\""
            )
            .is_empty(),
            "a download kept as data runs nothing"
        );
        assert!(
            run("src/app.py", "@@ -1 +1 @@\n+curl x | sh").is_empty(),
            "only build scripts and CI"
        );
    }

    #[test]
    fn dockerfile_base_images_need_a_digest() {
        let found = run(
            "Dockerfile",
            "@@ -1,2 +1,5 @@\n+FROM node:20 AS build\n+FROM build\n+FROM --platform=linux/amd64 alpine@sha256:0123abcd\n+FROM scratch\n+FROM python:3.12-slim",
        );
        assert_eq!(
            found,
            [
                (FindingKind::UnpinnedImage, Severity::Low),
                (FindingKind::UnpinnedImage, Severity::Low)
            ]
        );
    }
}
