//! Recall and false positives per rule, as the Markdown table `docs/scoring.md` shows.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{wrap, Corpus};

/// One rule of one corpus: how many expected inputs were found, how many benign ones raised.
pub struct Row {
    pub corpus: &'static str,
    pub their_rule: String,
    pub kind: String,
    pub expected: usize,
    pub found: usize,
    pub benign: usize,
    pub raised: usize,
    /// Of the benign inputs, those cleared by their rule's value list only (`Case::value_listed`),
    /// and how many of those prlens raised.
    pub listed: usize,
    pub listed_raised: usize,
}

pub fn rows(corpus: &Corpus) -> Vec<Row> {
    let mut by_rule: BTreeMap<(String, String), Row> = BTreeMap::new();
    for case in &corpus.cases {
        let row = by_rule
            .entry((case.their_rule.clone(), case.kind.clone()))
            .or_insert_with(|| Row {
                corpus: corpus.name,
                their_rule: case.their_rule.clone(),
                kind: case.kind.clone(),
                expected: 0,
                found: 0,
                benign: 0,
                raised: 0,
                listed: 0,
                listed_raised: 0,
            });
        let raised = wrap::raised(case);
        if case.expected {
            row.expected += 1;
            row.found += usize::from(raised);
        } else {
            row.benign += 1;
            row.raised += usize::from(raised);
            row.listed += usize::from(case.value_listed);
            row.listed_raised += usize::from(case.value_listed && raised);
        }
    }
    by_rule.into_values().collect()
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".to_string()
    } else {
        format!("{:.0} %", part as f64 * 100.0 / whole as f64)
    }
}

pub fn render(corpora: &[Corpus], rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str("| Corpus | Commit | Inputs | Not rebuilt |\n|---|---|---|---|\n");
    for corpus in corpora {
        let _ = writeln!(
            out,
            "| [{}](https://github.com/{}) | `{}` | {} | {} |",
            corpus.name,
            corpus.repository,
            corpus.commit,
            corpus.cases.len(),
            corpus.skipped
        );
    }
    out.push_str(
        "\n| Corpus | Their rule | prlens finding | Expected: found | Recall | Benign: raised | False positives |\n|---|---|---|---|---|---|---|\n",
    );
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | `{}` | `{}` | {}: {} | {} | {}: {} | {} |",
            row.corpus,
            row.their_rule,
            row.kind,
            row.expected,
            row.found,
            percent(row.found, row.expected),
            row.benign,
            row.raised,
            percent(row.raised, row.benign)
        );
    }
    for corpus in corpora {
        let ours = || rows.iter().filter(|row| row.corpus == corpus.name);
        let sum = |field: fn(&Row) -> usize| ours().map(field).sum::<usize>();
        let (expected, found) = (sum(|row| row.expected), sum(|row| row.found));
        let (benign, raised) = (sum(|row| row.benign), sum(|row| row.raised));
        let (listed, listed_raised) = (sum(|row| row.listed), sum(|row| row.listed_raised));
        let _ = writeln!(
            out,
            "| {} | **all mapped rules** | | {expected}: {found} | **{}** | {benign}: {raised} | **{}** |",
            corpus.name,
            percent(found, expected),
            percent(raised, benign)
        );
        if listed > 0 {
            let (benign, raised) = (benign - listed, raised - listed_raised);
            let _ = writeln!(
                out,
                "| {} | all mapped rules, without the {listed} harmless inputs only their value allowlist clears | | | | {benign}: {raised} | {} |",
                corpus.name,
                percent(raised, benign)
            );
        }
    }
    out
}
