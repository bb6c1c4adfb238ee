//! The intent model: what the PR says it does, and each claim of its text held against the diff.
//!
//! A claim is a statement the diff can confirm or not ("adds `activation_offloading`", "tests
//! added", "no behaviour change"), read from the title, the description's sentences and lists,
//! its ticked boxes and the linked issues' acceptance lists (`engine::sections::intent`). Each
//! carries its evidence — the file and hunk line where it holds — or why it does not hold, or
//! why the diff cannot say. The sentences every surface shows (panel, sheet, Markdown, CLI) are
//! written here once: [`ClaimEvidence::describe`], [`Intent::summary`], [`Intent::reading_note`].

#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Intent {
    pub goal: String,
    /// Where the goal came from, e.g. "pr description (summary section)", "title".
    pub source: String,
    /// The claims, those the diff can check first, each in the order read.
    pub claims: Vec<Claim>,
    /// Claims read beyond the ones kept (long templates and issue lists).
    #[serde(default)]
    pub claims_more: u64,
    /// Boxes of the author's own lists left unticked (their "not done yet"), as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unticked: Vec<String>,
    /// Statements read: the title, sentences, list items, ticked boxes, issue acceptance items.
    pub statements: u64,
    /// Statements that name nothing the diff can check (no identifier, file, issue, tests or
    /// docs phrase) and are not in a list of criteria: not claims, and not guessed at.
    pub unread_statements: u64,
    /// The language of the description's prose, as far as claim phrases are concerned.
    pub prose: Prose,
    /// Issue numbers the PR says it closes or references.
    pub linked_issues: Vec<u64>,
}

/// Whether the prose is English, the one language whose claim phrases ("adds", "removes",
/// "tests added", "no behaviour change") are read; identifiers, files and issue links are read
/// in any language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Prose {
    English,
    Other,
    /// No prose to speak of (empty, or only lists, boxes and code).
    None,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Claim {
    /// The statement as written, on one line and clipped.
    pub text: String,
    pub origin: ClaimOrigin,
    /// The linked issue whose acceptance list holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<u64>,
    pub kind: ClaimKind,
    /// The identifiers, files and issue references it names (for a rename: old, then new).
    pub subjects: Vec<String>,
    pub status: ClaimStatus,
    /// Where the diff shows it (or shows the contrary, for a contradicted claim).
    pub evidence: Vec<ClaimEvidence>,
    /// Why it is not confirmed, or what confirms it when no single line does.
    pub detail: String,
}

/// Where a claim was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ClaimOrigin {
    Title,
    Description,
    TickedBox,
    LinkedIssue,
}

/// What a claim says, and so what the diff must show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The subjects are on added lines (or are added files).
    Adds,
    /// The subjects are on removed lines (or are removed files).
    Removes,
    /// The first subject is on a removed line and the second on an added one.
    Renames,
    /// The subject is in the diff and an added line in its file says "deprecated".
    Deprecates,
    /// The subjects are somewhere in the diff (no verb the engine reads).
    Names,
    /// A test file changed that names a changed symbol (or the named subject).
    TestsAdded,
    /// A file under a test directory added or changed (fixtures, samples, corpora).
    TestDataAdded,
    /// A documentation file changed.
    DocsUpdated,
    /// Every changed file is documentation.
    DocsOnly,
    /// No non-test code changed beyond whitespace and comments.
    NoBehaviourChange,
    /// Every changed hunk differs only in whitespace.
    FormattingOnly,
    /// The PR closes an issue: confirmed only when the diff names it.
    FixesIssue,
    /// A claim about what happens when the code runs (tests pass, faster, less memory).
    Runtime,
    /// A ticked box or acceptance item with nothing the diff can show.
    AuthorsWord,
}

/// What the diff says about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ClaimStatus {
    Confirmed,
    NotInDiff,
    Contradicted,
    NotCheckable,
}

/// One place in the diff.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ClaimEvidence {
    pub found: Found,
    /// The identifier or issue reference found (empty for a file-level finding).
    pub subject: String,
    pub path: String,
    /// The new file's line for added and context lines, the old file's for removed ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// For a renamed file: its previous path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// `line` is the old file's (a change that only removes lines).
    #[serde(default, skip_serializing_if = "is_false")]
    pub old_side: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// How a subject was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Found {
    Added,
    Removed,
    /// On an unchanged line of a hunk, or in the hunk header (the enclosing definition).
    Context,
    FileAdded,
    FileChanged,
    FileRemoved,
    FileRenamed,
    /// A changed line that is code (not whitespace, not a comment): contradicts "no change".
    CodeChanged,
    /// A changed line that differs in more than whitespace: contradicts "formatting only".
    NotWhitespace,
}

impl ClaimEvidence {
    /// "`activation_offloading` added in src/transformers/training_args.py:+1543".
    pub fn describe(&self) -> String {
        let at = |sign: &str| match self.line {
            Some(line) => format!("{}:{sign}{line}", self.path),
            None => self.path.clone(),
        };
        match self.found {
            Found::Added => format!("`{}` added in {}", self.subject, at("+")),
            Found::Removed => format!("`{}` removed in {}", self.subject, at("-")),
            Found::Context => format!("`{}` next to the change in {}", self.subject, at("")),
            Found::FileAdded => format!("{} added", self.path),
            Found::FileChanged => format!("{} changed", at("+")),
            Found::FileRemoved => format!("{} removed", self.path),
            Found::FileRenamed => match &self.from {
                Some(from) => format!("{} renamed from {from}", self.path),
                None => format!("{} renamed", self.path),
            },
            Found::CodeChanged => format!("code changed in {}", self.line_with_side()),
            Found::NotWhitespace => {
                format!("more than whitespace changed in {}", self.line_with_side())
            }
        }
    }

    /// `path:+12` for a change with an added line, `path:-12` for a removal only.
    fn line_with_side(&self) -> String {
        match (self.line, self.old_side) {
            (Some(line), true) => format!("{}:-{line}", self.path),
            (Some(line), false) => format!("{}:+{line}", self.path),
            (None, _) => self.path.clone(),
        }
    }
}

impl ClaimStatus {
    /// The mark every surface shows: ✓ confirmed, ✗ not in the diff, ⚠ contradicted,
    /// ? not checkable.
    pub fn mark(self) -> &'static str {
        match self {
            ClaimStatus::Confirmed => "✓",
            ClaimStatus::NotInDiff => "✗",
            ClaimStatus::Contradicted => "⚠",
            ClaimStatus::NotCheckable => "?",
        }
    }
}

impl Claim {
    /// A claim the diff does not bear out, of a kind worth raising (a bare mention of a name
    /// that is not in the diff may be context, so it is shown but not raised).
    pub fn raised(&self) -> bool {
        matches!(
            self.status,
            ClaimStatus::NotInDiff | ClaimStatus::Contradicted
        ) && self.kind != ClaimKind::Names
    }

    pub fn checkable(&self) -> bool {
        self.status != ClaimStatus::NotCheckable
    }

    /// Where it was read, for a reader: "title", "ticked box", "#12's acceptance list".
    pub fn origin_label(&self) -> String {
        match (self.origin, self.issue) {
            (ClaimOrigin::LinkedIssue, Some(number)) => format!("#{number}'s acceptance list"),
            (origin, _) => origin.label().to_string(),
        }
    }

    /// Where it was read and what it was read as: "description · no behaviour change".
    pub fn reading(&self) -> String {
        format!("{} · {}", self.origin_label(), self.kind.label())
    }

    /// Its evidence and detail as lines, the same on every surface.
    pub fn evidence_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.evidence.iter().map(ClaimEvidence::describe).collect();
        if !self.detail.is_empty() {
            lines.push(self.detail.clone());
        }
        lines
    }
}

impl Intent {
    /// Claims the diff can check (confirmed, not in it, or contradicted).
    pub fn checkable(&self) -> usize {
        self.claims.iter().filter(|claim| claim.checkable()).count()
    }

    pub fn confirmed(&self) -> usize {
        self.claims
            .iter()
            .filter(|claim| claim.status == ClaimStatus::Confirmed)
            .count()
    }

    /// "6 of 6 claims confirmed by the diff", or that there is no claim to check.
    pub fn summary(&self) -> String {
        match self.checkable() {
            0 => "No claim the diff can check".to_string(),
            1 => format!("{} of 1 claim confirmed by the diff", self.confirmed()),
            total => format!(
                "{} of {total} claims confirmed by the diff",
                self.confirmed()
            ),
        }
    }

    /// What was read and what was not, so nothing unread passes for checked.
    pub fn reading_note(&self) -> String {
        let mut note = String::new();
        if self.prose == Prose::Other {
            note.push_str(
                "The description is not in English: only the identifiers, files and issue \
                 links it names were checked; its other statements were not read. ",
            );
        } else {
            note.push_str(
                "Claims are read from named identifiers, files and issues, and from English \
                 phrases (adds, removes, renames, deprecates, tests, docs, no behaviour change, \
                 formatting only). ",
            );
        }
        match self.unread_statements {
            0 => {}
            1 => note.push_str("1 statement names nothing the diff can check and was not checked."),
            count => note.push_str(&format!(
                "{count} statements name nothing the diff can check and were not checked."
            )),
        }
        if self.claims_more > 0 {
            note.push_str(&format!(
                " {} more claims were not listed.",
                self.claims_more
            ));
        }
        note.trim_end().to_string()
    }
}
