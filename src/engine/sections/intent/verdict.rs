//! Each claim held against the diff: confirmed with the file and line that show it, not in the
//! diff (and where its names are, if anywhere), contradicted (with the line that contradicts
//! it), or not checkable (and why).
//!
//! The rules, one per [`ClaimKind`]: *adds X* — X on an added line, or an added/changed file
//! named X; *removes X* — X on a removed line, or a removed file; *renames X to Y* — X removed
//! and Y added (or a file renamed); *deprecates X* — X in a file with an added line saying
//! "deprecated"; *names X* — X anywhere in the diff (a context line or hunk header counts);
//! *tests added* — a test file added or changed that names, on an added line, a symbol this PR
//! defines or changes (or the name the claim gives); *docs updated* — a documentation file
//! changed; *docs only* — every changed file is documentation; *no behaviour change* — no
//! non-test code changed beyond whitespace and comments; *formatting only* — every changed
//! hunk is the same once whitespace is removed; *fixes #N* — the diff names #N (else it cannot
//! be checked). A name missing where part of the diff is not visible (no patch, a truncated
//! file list) cannot be checked rather than "not in the diff".

use super::checker::{Checker, Pending, Verdict};
use super::diff_index::{DiffIndex, Needs};
use super::locate::{changed_symbols, hidden_part, path_matches, quoted};
use super::tokens::{Subject, SubjectKind};
use crate::engine::context::Context;
use crate::signal::{ClaimKind, ClaimOrigin, ClaimStatus, Found};

impl<'c> Checker<'c> {
    pub(super) fn new(context: &'c Context<'c>, pending: &[Pending]) -> Self {
        let mut words = Vec::new();
        let mut literals = Vec::new();
        for subject in pending
            .iter()
            .flat_map(|claim| claim.primary.iter().chain(&claim.containers))
        {
            match subject.kind {
                SubjectKind::Identifier => words.push(subject.text.clone()),
                SubjectKind::Literal | SubjectKind::Issue => {
                    if !literals.contains(&subject.text) {
                        literals.push(subject.text.clone());
                    }
                }
                SubjectKind::File => {}
            }
        }
        let has = |kind: ClaimKind| pending.iter().any(|claim| claim.kind == kind);
        let symbols = if has(ClaimKind::TestsAdded) {
            changed_symbols(context)
        } else {
            Vec::new()
        };

        let needs = Needs {
            changes: has(ClaimKind::NoBehaviourChange) || has(ClaimKind::FormattingOnly),
            deprecation: has(ClaimKind::Deprecates),
        };
        let index = if context.bundle.files.is_some() {
            DiffIndex::build(context, words, literals, symbols.clone(), needs)
        } else {
            DiffIndex::default()
        };
        let mut issues_with_lists: Vec<u64> = pending
            .iter()
            .filter(|claim| claim.origin == ClaimOrigin::LinkedIssue)
            .filter_map(|claim| claim.issue)
            .collect();
        issues_with_lists.dedup();
        Checker {
            context,
            index,
            symbols,
            issues_with_lists,
            hidden: hidden_part(context),
        }
    }

    pub(super) fn verdict(&self, claim: &Pending) -> Verdict {
        use ClaimKind::*;
        let unprovable = matches!(claim.kind, Runtime | AuthorsWord);
        if self.context.bundle.files.is_none() && !unprovable {
            return Verdict::new(
                ClaimStatus::NotCheckable,
                Vec::new(),
                "the changed files were not fetched",
            );
        }
        match claim.kind {
            Adds => self.placed(claim, &[Found::Added], "on no added line"),
            Removes => self.placed(claim, &[Found::Removed], "on no removed line"),
            Renames => self.renamed(claim),
            Deprecates => self.deprecated(claim),
            Names => self.placed(claim, &[], ""),
            TestsAdded => self.tests(claim),
            TestDataAdded => self.test_data(),
            DocsUpdated => self.docs(claim),
            DocsOnly => self.docs_only(),
            NoBehaviourChange => self.no_behaviour_change(),
            FormattingOnly => self.formatting_only(),
            FixesIssue => self.fixes(claim),
            Runtime => Verdict::new(
                ClaimStatus::NotCheckable,
                Vec::new(),
                "what happens when the code runs; the checks under Evidence say what ran",
            ),
            AuthorsWord => Verdict::new(
                ClaimStatus::NotCheckable,
                Vec::new(),
                match claim.origin {
                    ClaimOrigin::TickedBox => {
                        "a ticked box is the author's word; the diff cannot show it"
                    }
                    _ => "it names nothing the diff can show",
                },
            ),
        }
    }

    /// Adds, removes and names: each primary subject where `wanted` says (anywhere when empty),
    /// each container anywhere.
    fn placed(&self, claim: &Pending, wanted: &[Found], missing_there: &str) -> Verdict {
        let all: Vec<&Subject> = claim.primary.iter().chain(&claim.containers).collect();
        let best = self.best_file(&all);
        let mut evidence = Vec::new();
        let mut problems = Vec::new();
        let mut hidden = false;
        for subject in &claim.primary {
            if let Some(found) = self.locate(subject, wanted, best) {
                evidence.push(found);
            } else if let Some(elsewhere) = self.locate(subject, &[], best) {
                problems.push(format!(
                    "{} is in the diff but {missing_there}",
                    quoted(subject)
                ));
                evidence.push(elsewhere);
            } else {
                hidden |= self.hidden.is_some();
                problems.push(format!("{} is not in the diff", quoted(subject)));
            }
        }
        for subject in &claim.containers {
            match self.locate(subject, &[], best) {
                Some(found) => evidence.push(found),
                None => {
                    hidden |= self.hidden.is_some();
                    problems.push(format!("{} is not in the diff", quoted(subject)));
                }
            }
        }
        self.judged(evidence, problems, hidden)
    }

    fn renamed(&self, claim: &Pending) -> Verdict {
        let (Some(old), Some(new)) = (claim.primary.first(), claim.primary.get(1)) else {
            return self.placed(claim, &[], "");
        };
        if old.kind == SubjectKind::File || new.kind == SubjectKind::File {
            let renamed = self.context.files.iter().enumerate().find(|(index, file)| {
                path_matches(&file.path, &new.text)
                    && self
                        .previous_path(*index)
                        .is_some_and(|previous| path_matches(previous, &old.text))
            });
            if let Some((index, _)) = renamed {
                return Verdict::new(ClaimStatus::Confirmed, vec![self.file_evidence(index)], "");
            }
        }
        let mut evidence = Vec::new();
        let mut problems = Vec::new();
        let mut hidden = false;
        for (subject, side, word) in [
            (old, Found::Removed, "removed"),
            (new, Found::Added, "added"),
        ] {
            match self.locate(subject, &[side], None) {
                Some(found) => evidence.push(found),
                None => {
                    hidden |= self.hidden.is_some();
                    problems.push(format!("{} is on no {word} line", quoted(subject)));
                }
            }
        }
        self.judged(evidence, problems, hidden)
    }

    fn deprecated(&self, claim: &Pending) -> Verdict {
        let mut evidence = Vec::new();
        let mut problems = Vec::new();
        for subject in &claim.primary {
            let files: Vec<usize> = self.files_naming(subject);
            let marked = files
                .iter()
                .find_map(|file| self.index.deprecation[*file].map(|line| (*file, line)));
            match (files.first(), marked) {
                (_, Some((file, line))) => {
                    evidence.extend(self.locate(subject, &[], Some(file)));
                    evidence.push(self.line_evidence(Found::Added, "deprecated", file, line));
                }
                (Some(file), None) => {
                    evidence.extend(self.locate(subject, &[], Some(*file)));
                    problems.push(format!(
                        "no added line in the files naming {} says it is deprecated",
                        quoted(subject)
                    ));
                }
                (None, None) => problems.push(format!("{} is not in the diff", quoted(subject))),
            }
        }
        let hidden = self.hidden.is_some() && evidence.is_empty();
        self.judged(evidence, problems, hidden)
    }

    fn fixes(&self, claim: &Pending) -> Verdict {
        let Some(issue) = claim.primary.first() else {
            return Verdict::new(ClaimStatus::NotCheckable, Vec::new(), "");
        };
        if let Some(found) = self.locate(issue, &[Found::Added], None) {
            return Verdict::new(
                ClaimStatus::Confirmed,
                vec![found],
                "the diff names the issue",
            );
        }
        let number: u64 = issue.text.trim_start_matches('#').parse().unwrap_or(0);
        let list = if self.issues_with_lists.contains(&number) {
            "; its acceptance list is checked item by item"
        } else {
            ""
        };
        Verdict::new(
            ClaimStatus::NotCheckable,
            Vec::new(),
            format!(
                "the diff does not name {}: whether it fixes it cannot be checked from the diff{list}",
                issue.text
            ),
        )
    }
}
