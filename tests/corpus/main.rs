//! The yardstick nobody here wrote: prlens's security rules measured on the public test corpora
//! of the tools that own each field — zizmor's workflow test data and snapshots, gitleaks' rule
//! tests (true and false positives of each rule), GuardDog's malicious and benign samples.
//!
//! **How.** Each corpus is a checkout of that project (read with the team's `fetch`, run
//! locally, never committed). A mapping file we write (`zizmor.tsv`, `gitleaks.tsv`,
//! `guarddog.tsv` beside this file) says which of their files or rules match which prlens
//! finding, and whether their own tests expect a finding there (expected) or document the input
//! as harmless (benign). Each input becomes one file in a harmless PR — the project bundle
//! `approved-on-head-steady-author` (an established contributor, approved, green checks) plus
//! that one file — and the engine runs on it. A case counts as found when the signal holds a
//! finding of the mapped kind on that file.
//!
//! **Where the corpora are.** `PRLENS_CORPORA` (default `../corpora` beside the checkout) holds
//! `zizmorcore+zizmor`, `gitleaks+gitleaks` and `DataDog+guarddog`. When none is there (CI) the
//! test says SKIPPED and passes. When they are, it prints recall and false positives per rule
//! and checks that `tests/corpus/checked-against.md` (rendered into `docs/scoring.md`,
//! "Checked against") holds exactly that table at those commits; `PRLENS_BLESS=1` rewrites it.
//!
//! **Targets** (issue #32): recall ≥ 90 % on what each tool's tests expect, for the rules prlens
//! has, and ≤ 5 % of their documented-benign inputs raised by the matching rule.
//!
//! **Where gitleaks stands.** Most of gitleaks' raised benign inputs are the `gcp-api-key`
//! rule's published example keys (Firebase's): real-format, high-entropy keys that gitleaks clears
//! only because each exact value is on the rule's allowlist. No property of the text tells them
//! apart from a live key, and prlens does not ship a copy of another project's value list, so
//! they stay raised; the table counts them, and its last gitleaks row shows the rate without the
//! inputs only that value list clears. Of the rest, the two raised are a lockfile hash under a
//! key named `apiKey` and a `task_test_…` value that has Stripe's test-key shape.

#[path = "../support/mod.rs"]
mod support;

mod gitleaks;
mod go_eval;
mod guarddog;
mod table;
mod wrap;
mod zizmor;

use std::path::{Path, PathBuf};

/// One input of a corpus, wrapped as one file of a PR.
#[derive(Debug, Clone)]
pub struct Case {
    /// Their rule (zizmor audit, gitleaks rule id, GuardDog rule).
    pub their_rule: String,
    /// The prlens finding kind that matches it (its JSON id).
    pub kind: String,
    /// Where it comes from in their checkout (file, and line or sample number).
    pub origin: String,
    /// The path the file gets in the PR.
    pub path: String,
    pub content: String,
    /// Their tests expect a finding (true) or document the input as harmless (false).
    pub expected: bool,
    /// A harmless input their rule clears only because its exact value is on the rule's
    /// allowlist (gitleaks' list of published example keys): a fact about that one value, not a
    /// property of the text any rule could see. Counted in the table, and also shown apart.
    pub value_listed: bool,
}

/// A corpus checkout and the cases read from it.
pub struct Corpus {
    pub name: &'static str,
    pub repository: &'static str,
    pub commit: String,
    pub cases: Vec<Case>,
    /// Inputs of mapped rules the runner could not rebuild (e.g. a generated sample whose Go
    /// expression it does not evaluate), reported beside the table.
    pub skipped: usize,
}

pub fn corpora_root() -> PathBuf {
    std::env::var_os("PRLENS_CORPORA")
        .map(PathBuf::from)
        .unwrap_or_else(|| support::repo_root().join("../corpora"))
}

pub fn mapping(name: &str) -> Vec<Vec<String>> {
    let path = support::repo_root().join("tests/corpus").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

pub fn head_commit(checkout: &Path) -> String {
    std::process::Command::new("git")
        .arg("-C")
        .arg(checkout)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|text| text.trim().to_string())
        .unwrap_or_default()
}

#[test]
fn corpora_are_measured_and_the_recorded_table_is_current_or_skipped() {
    let root = corpora_root();
    type Loader = fn(&Path) -> Corpus;
    let loaders: [(&str, Loader); 3] = [
        ("zizmorcore+zizmor", zizmor::load),
        ("gitleaks+gitleaks", gitleaks::load),
        ("DataDog+guarddog", guarddog::load),
    ];
    let present: Vec<_> = loaders
        .iter()
        .filter(|(dir, _)| root.join(dir).is_dir())
        .collect();
    if present.is_empty() {
        println!(
            "corpus: SKIPPED (no corpus checkout under {}; set PRLENS_CORPORA)",
            root.display()
        );
        return;
    }
    assert_eq!(
        present.len(),
        loaders.len(),
        "corpus: some checkouts are missing under {}",
        root.display()
    );
    let corpora: Vec<Corpus> = present
        .iter()
        .map(|(dir, load)| load(&root.join(dir)))
        .collect();
    let rows: Vec<table::Row> = corpora.iter().flat_map(table::rows).collect();
    let rendered = table::render(&corpora, &rows);
    println!("{rendered}");
    let misses = std::env::var("PRLENS_CORPUS_MISSES").ok();
    if let Some(misses) = misses {
        for corpus in &corpora {
            for (case, found) in corpus.cases.iter().map(|case| (case, wrap::raised(case))) {
                if found != case.expected {
                    println!(
                        "{} {} {} {}: {}",
                        if case.expected { "MISSED" } else { "RAISED" },
                        corpus.name,
                        case.their_rule,
                        case.origin,
                        case.kind
                    );
                    // `PRLENS_CORPUS_MISSES=content` shows the input too (local runs only).
                    if misses == "content" {
                        println!("    {:?}", crate::wrap::clip(&case.content));
                    }
                }
            }
        }
    }
    let path = support::repo_root().join("tests/corpus/checked-against.md");
    if std::env::var_os("PRLENS_BLESS").is_some() {
        std::fs::write(&path, &rendered).expect("write checked-against.md");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        recorded == rendered,
        "tests/corpus/checked-against.md is not what the corpora give now; rerun with PRLENS_BLESS=1 and then `PRLENS_BLESS=1 cargo test --test scoring_doc`"
    );
}
