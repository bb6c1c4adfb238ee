//! Every project-owned bundle keeps its signal: the signal JSON and the Markdown of each bundle
//! in `tests/bundles/`, `tests/xss/bundles/`, `tests/regressions/` and `www/sample-bundle.json`
//! are compared byte for byte with the snapshots under `tests/signal-snapshots/`. A refactor of
//! the engine must leave them unchanged; a deliberate change of the signal is re-blessed with
//! `PRLENS_BLESS=1 cargo test --test signal_snapshots` and reviewed in the diff.
//!
//! The directories are globbed, so a bundle added to any of them joins the comparison (the test
//! fails until its snapshot is blessed), and a snapshot whose bundle is gone fails too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const BUNDLE_DIRS: &[&str] = &["tests/bundles", "tests/xss/bundles", "tests/regressions"];
const SINGLE_BUNDLES: &[&str] = &["www/sample-bundle.json"];
const SNAPSHOT_DIR: &str = "tests/signal-snapshots";
/// Outputs larger than this are snapshotted as their SHA-256 (the stress bundles' outputs run to
/// hundreds of KB of repeated text that no reviewer reads); a change still fails the test.
const DIGEST_ABOVE_BYTES: usize = 64 * 1024;

/// Every bundle path relative to the root, sorted.
fn bundles() -> Vec<String> {
    let mut paths: BTreeSet<String> = SINGLE_BUNDLES.iter().map(|path| path.to_string()).collect();
    for dir in BUNDLE_DIRS {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") {
                paths.insert(format!("{dir}/{name}"));
            }
        }
    }
    paths.into_iter().collect()
}

/// `tests/xss/bundles/a.json` → `tests__xss__bundles__a`.
fn snapshot_stem(bundle: &str) -> String {
    bundle.trim_end_matches(".json").replace('/', "__")
}

/// The signal JSON and Markdown of a bundle, or its one-line error (the regressions include
/// bundles the engine must refuse, and the refusal is part of the behaviour).
fn outputs(bundle: &str) -> (String, String) {
    let text = std::fs::read_to_string(root().join(bundle)).unwrap_or_else(|error| {
        panic!("{bundle}: {error}");
    });
    match prlens::analyze_json(&text, "", None) {
        Ok(signal) => (
            serde_json::to_string_pretty(&signal).expect("a signal serialises") + "\n",
            prlens::markdown::render(&signal),
        ),
        Err(error) => {
            let message = format!("error: {error}\n");
            (message.clone(), message)
        }
    }
}

/// The snapshot text of an output: itself, or its digest when it is large.
fn snapshot_text(output: &str) -> String {
    if output.len() <= DIGEST_ABOVE_BYTES {
        return output.to_string();
    }
    let digest = Sha256::digest(output.as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("sha256 {hex} ({} bytes)\n", output.len())
}

fn check(path: &Path, output: &str, bless: bool, stale: &mut Vec<String>) {
    let actual = snapshot_text(output);
    if bless {
        std::fs::write(path, actual).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected != actual {
        stale.push(path.display().to_string());
    }
}

#[test]
fn every_project_bundle_gives_its_snapshotted_signal_and_markdown() {
    let bless = std::env::var_os("PRLENS_BLESS").is_some();
    let dir = root().join(SNAPSHOT_DIR);
    if bless {
        std::fs::create_dir_all(&dir).expect("create the snapshot directory");
    }
    let bundles = bundles();
    assert!(bundles.len() > 10, "found only {} bundles", bundles.len());
    let mut stale = Vec::new();
    let mut expected_files = BTreeSet::new();
    for bundle in &bundles {
        let stem = snapshot_stem(bundle);
        let (json, markdown) = outputs(bundle);
        for (extension, text) in [("json", &json), ("md", &markdown)] {
            let file = format!("{stem}.{extension}");
            check(&dir.join(&file), text, bless, &mut stale);
            expected_files.insert(file);
        }
    }
    let orphans: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| !expected_files.contains(name))
                .collect()
        })
        .unwrap_or_default();
    if bless {
        for orphan in &orphans {
            let _ = std::fs::remove_file(dir.join(orphan));
        }
        return;
    }
    assert!(
        stale.is_empty() && orphans.is_empty(),
        "signals changed for {stale:?}; snapshots without a bundle: {orphans:?}. \
         If the change is intended, run `PRLENS_BLESS=1 cargo test --test signal_snapshots` and review the diff"
    );
}

/// The extension reads the bundle it fetched from the decoded `Value` (`Bundle::from_value`), the
/// CLI and these snapshots from text: every project bundle that is JSON gives the same signal, or
/// the same refusal, both ways.
#[test]
fn every_project_bundle_read_from_its_decoded_value_gives_the_same_signal() {
    let settings = prlens::Settings::default();
    let mut compared = 0;
    for bundle in bundles() {
        let text = std::fs::read_to_string(root().join(&bundle)).expect("readable");
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let from_value = prlens::Bundle::from_value(&value)
            .map(|read| {
                serde_json::to_string_pretty(&prlens::analyze(&read, &settings, None))
                    .expect("serialises")
                    + "\n"
            })
            .map_err(|error| error.to_string());
        let from_text = match prlens::analyze_json(&text, "", None) {
            Ok(signal) => Ok(serde_json::to_string_pretty(&signal).expect("serialises") + "\n"),
            Err(error) => Err(error.to_string()),
        };
        assert!(
            from_value == from_text,
            "{bundle}: the decoded value reads differently"
        );
        compared += 1;
    }
    assert!(compared > 10, "compared only {compared} bundles");
}

#[test]
fn snapshot_names_keep_the_directory_apart() {
    assert_eq!(
        snapshot_stem("tests/xss/bundles/a.json"),
        "tests__xss__bundles__a"
    );
    assert_ne!(
        snapshot_stem("tests/bundles/a.json"),
        snapshot_stem("tests/regressions/a.json")
    );
}
