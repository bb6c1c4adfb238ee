//! `integrity`: what the diff view cannot show a reviewer, and the xz pattern.
//!
//! **What it finds.** Five findings, each naming the files (one finding per kind, the first
//! files named):
//! - `unreviewable_bulk` (medium): more lines than `thresholds.large_diff_lines`, or more files
//!   than `thresholds.many_files`, that are left out of the minutes on the author's word only
//!   (a generated-code header, a minified shape, a `vendor`/`dist`/`pods` path, the PR's own
//!   `.gitattributes`, the page's collapsed files). They still count for risk; this finding
//!   says they will not be read.
//! - `patchless_source` (medium): a source file with added lines but no patch (GitHub omits
//!   patches of large or binary-looking files), so the diff shows nothing.
//! - `diff_hidden` (medium): the PR's own `.gitattributes` marks a changed file `-diff` or
//!   `binary`, so the diff view shows "Binary file not shown".
//! - `disguised_binary` (medium): a file with a text extension that GitHub treats as binary
//!   (no patch, no line counts).
//! - `opaque_build_change` (high): any of the above, or an executable/archive binary, added or
//!   changed together with a build script (Makefiles, autotools `configure.ac`/`Makefile.am`/
//!   `*.in`/`m4/`, CMake, `build.rs`, Dockerfiles…).
//!
//! **Why it matters.** Exclusions a PR author controls may shorten the estimate, never hide
//! risk. The xz-utils backdoor (CVE-2024-3094) shipped its payload as binary "test files"
//! (`tests/files/bad-3-corrupt_lzma2.xz`) and its loader in an autotools macro
//! (`m4/build-to-host.m4`) changed in the same release: each part looked harmless alone.
//!
//! **Source.** CVE-2024-3094 (https://nvd.nist.gov/vuln/detail/CVE-2024-3094, read
//! 2026-12-03) and Andres Freund's report (https://www.openwall.com/lists/oss-security/2024/03/29/4);
//! git's gitattributes(5) (`-diff`, `binary`); linguist's overrides (`linguist-generated`,
//! https://github.com/github-linguist/linguist/blob/main/docs/overrides.md); OpenSSF Scorecard
//! Binary-Artifacts.

use crate::engine::context::Context;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{Finding, FindingKind, Severity};
use crate::text::name_list;

/// The finding kinds of this section (read by `unreviewable_content`).
pub(crate) const INTEGRITY_FINDINGS: &[FindingKind] = &[
    FindingKind::OpaqueBuildChange,
    FindingKind::UnreviewableBulk,
    FindingKind::PatchlessSource,
    FindingKind::DiffHidden,
    FindingKind::DisguisedBinary,
    FindingKind::CompiledBundleChange,
    FindingKind::MinifiedSource,
];

fn present(file: &FileFacts) -> bool {
    !file.status.eq_ignore_ascii_case("removed")
}

/// A source file with added lines that GitHub sent without a patch.
fn patchless_source(file: &FileFacts) -> bool {
    file.class == FileClass::Source && file.patch_withheld && file.additions > 0 && !file.binary
}

/// A text-named file GitHub treats as binary: no patch and no line counts for an added or
/// modified file (a pure rename or mode change is not content).
fn disguised_binary(file: &FileFacts) -> bool {
    !file.binary
        && file.patch_withheld
        && file.additions == 0
        && file.deletions == 0
        && matches!(file.status.as_str(), "added" | "modified")
}

/// Content a reviewer cannot read in the diff view and that may carry code.
fn opaque(file: &FileFacts) -> bool {
    (file.binary && file.binary_may_carry_code())
        || file.diff_hidden
        || patchless_source(file)
        || disguised_binary(file)
}

/// One finding for all files of a kind: the first path, and the first few named.
fn finding(
    kind: FindingKind,
    severity: Severity,
    files: &[&FileFacts],
    what: &str,
) -> Option<Finding> {
    let first = files.first()?;
    let paths: Vec<&str> = files.iter().map(|file| file.path.as_str()).collect();
    Some(Finding {
        id: kind,
        path: first.path.clone(),
        detail: format!("{what}: {}", name_list(&paths)),
        severity,
        line: None,
    })
}

pub fn findings(context: &Context) -> Vec<Finding> {
    let files: Vec<&FileFacts> = context.files.iter().filter(|file| present(file)).collect();
    let of = |keep: fn(&FileFacts) -> bool| -> Vec<&FileFacts> {
        files.iter().copied().filter(|file| keep(file)).collect()
    };
    let mut found = Vec::new();

    let mut bulk = of(FileFacts::excluded_on_authors_word);
    crate::order::sort_by_key(&mut bulk, |file| std::cmp::Reverse(file.risk_lines()));
    let bulk_lines: u64 = bulk.iter().map(|file| file.risk_lines()).sum();
    let thresholds = &context.settings.thresholds;
    if bulk_lines > thresholds.large_diff_lines || bulk.len() as u64 > thresholds.many_files {
        found.extend(finding(
            FindingKind::UnreviewableBulk,
            Severity::Medium,
            &bulk,
            &format!(
                "{bulk_lines} lines in {} file(s) count as generated, vendored or minified only on the PR's word, so they are not read in review but still run",
                bulk.len()
            ),
        ));
    }
    found.extend(finding(
        FindingKind::PatchlessSource,
        Severity::Medium,
        &of(patchless_source),
        "source with added lines but no diff to read",
    ));
    found.extend(finding(
        FindingKind::DiffHidden,
        Severity::Medium,
        &of(|file| file.diff_hidden),
        "the PR's own .gitattributes hides the diff (-diff/binary) of",
    ));
    found.extend(finding(
        FindingKind::DisguisedBinary,
        Severity::Medium,
        &of(disguised_binary),
        "text-named file(s) GitHub shows as binary",
    ));
    let opaque_files = of(opaque);
    let build = of(|file| file.build_script);
    if !opaque_files.is_empty() && !build.is_empty() {
        let opaque_paths: Vec<&str> = opaque_files.iter().map(|file| file.path.as_str()).collect();
        found.extend(finding(
            FindingKind::OpaqueBuildChange,
            Severity::High,
            &build,
            &format!(
                "opaque content ({}) comes with a build-script change (the xz-utils backdoor pattern) in",
                name_list(&opaque_paths)
            ),
        ));
    }
    found
}
