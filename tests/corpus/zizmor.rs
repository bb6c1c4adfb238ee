//! zizmor's integration test data (`crates/zizmor/tests/integration/test-data/`) with what its
//! snapshot tests (`tests/integration/audit/*.rs`) say each file reports. `zizmor.tsv` lists,
//! per file and audit, whether zizmor's test expects a finding at its default ("regular")
//! persona and configuration, at severity low or above (expected), or reports none of that
//! audit there (benign). Tests run with `--persona=pedantic|auditor`, a config file or online
//! audits are left out: zizmor itself does not report those by default.

use std::path::Path;

use super::{head_commit, mapping, Case, Corpus};

const TEST_DATA: &str = "crates/zizmor/tests/integration/test-data";

pub fn load(checkout: &Path) -> Corpus {
    let mut cases = Vec::new();
    let mut skipped = 0;
    for row in mapping("zizmor.tsv") {
        let [input, rule, kind, verdict, ..] = row.as_slice() else {
            panic!("zizmor.tsv: a row needs input, rule, kind, verdict: {row:?}");
        };
        let Ok(content) = std::fs::read_to_string(checkout.join(TEST_DATA).join(input)) else {
            skipped += 1;
            continue;
        };
        let name = input.rsplit('/').next().unwrap_or(input);
        let path = if name == "action.yml" || name == "action.yaml" {
            let folder = input.trim_end_matches(name).trim_end_matches('/');
            let folder = folder.rsplit('/').next().unwrap_or("corpus");
            format!(".github/actions/{folder}/{name}")
        } else {
            format!(".github/workflows/{name}")
        };
        cases.push(Case {
            their_rule: rule.clone(),
            kind: kind.clone(),
            origin: input.clone(),
            path,
            content,
            expected: verdict == "expected",
            value_listed: false,
        });
    }
    Corpus {
        name: "zizmor",
        repository: "zizmorcore/zizmor",
        commit: head_commit(checkout),
        cases,
        skipped,
    }
}
