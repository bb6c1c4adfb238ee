//! One repository's history turned into scored, labelled pull requests.
//!
//! 1. **Summary pass** (`git log --format=…` over every commit, no patches, well under a second
//!    for 17,666 commits): authors for [`People`], the first-parent chain from the tip, which
//!    mainline commits are merged PRs ([`super::prs`]), and the PRs under study: the newest
//!    `max_prs` merged at least [`FIX_WINDOW_DAYS`] before the tip (an earlier duplicate
//!    number wins; a later one is a cherry-pick).
//! 2. **Mainline pass** (`git log --reverse --first-parent -p -M`, streamed oldest first): each
//!    PR under study becomes a bundle from what history knew *before* it ([`super::bundle`])
//!    and is scored by the engine; every commit then enters the [`History`] and, from the first
//!    PR under study on, the [`Labeller`].
//! 3. **Labels** once the walk is over ([`super::labels`]).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::bundle::{bundle, PullFacts};
use super::git::{Clone, GitError};
use super::history::History;
use super::labels::{Label, Labelled, Labeller, LaterCommit, FIX_WINDOW_DAYS};
use super::log::{read_commits, FileDiff, LoggedCommit, MAINLINE_FORMAT};
use super::people::People;
use super::prs::{merged_pull_request, Merged};
use crate::bundle::{Bundle, ChangedFile};
use crate::settings::Settings;
use crate::signal::{ReviewAction, RiskLevel, Severity, Signal};
use crate::timestamp::SECONDS_PER_DAY;

/// What to study.
#[derive(Debug, Clone)]
pub struct StudyOptions {
    /// `owner/name` for the bundles' links; read from `remote.origin.url` when absent.
    pub repository: Option<String>,
    /// The tip to walk back from.
    pub rev: String,
    /// The newest this-many PRs are studied (0: all).
    pub max_prs: usize,
    pub settings: Settings,
    /// Keep each PR's bundle (for `--fit`, which scores them again)…
    pub keep_bundles: bool,
    /// …and its JSON (`--save-bundles`).
    pub keep_bundle_json: bool,
}

/// Where a long run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Mainline commits read of all.
    Walking { done: usize, total: usize },
}

/// One merged pull request under study.
#[derive(Debug, Clone)]
pub struct Studied {
    pub number: u64,
    pub sha: String,
    pub title: String,
    pub author: String,
    pub merged_at: i64,
    /// Additions + deletions over every file: the baseline.
    pub lines: u64,
    pub files: usize,
    pub score: f64,
    pub level: RiskLevel,
    pub action: ReviewAction,
    /// Fired drivers and their weights.
    pub drivers: Vec<(String, f64)>,
    pub worst_finding: Option<Severity>,
    pub label: Label,
    /// Source files it changed (by path, as labels read them): a PR without any can only be
    /// labelled bad by a revert.
    pub source_files: usize,
}

/// One repository's studied PRs.
#[derive(Debug)]
pub struct Study {
    pub repository: String,
    pub head: String,
    pub head_time: i64,
    pub mainline_commits: usize,
    /// Merged PRs recognised on the mainline (studied or not).
    pub merged_prs: usize,
    pub prs: Vec<Studied>,
    /// The bundles of `prs`, in the same order, when kept…
    pub bundles: Vec<Bundle>,
    /// …and as the JSON they were read from.
    pub bundle_values: Vec<serde_json::Value>,
    /// Paths left out because some version of them is missing from the clone (a snapshot
    /// without large files, a partial clone).
    pub missing_paths: Vec<String>,
}

impl Study {
    /// The same PRs and labels, scored with other settings (needs the kept bundles).
    pub fn rescored(&self, settings: &Settings) -> Study {
        let prs = self
            .prs
            .iter()
            .zip(&self.bundles)
            .map(|(pr, bundle)| {
                let signal = crate::analyze(bundle, settings, Some(pr.merged_at));
                Studied {
                    score: signal.risk.score,
                    level: signal.risk.level,
                    action: signal.review.action,
                    drivers: fired(&signal),
                    worst_finding: worst_finding(&signal),
                    ..pr.clone()
                }
            })
            .collect();
        Study {
            repository: self.repository.clone(),
            head: self.head.clone(),
            head_time: self.head_time,
            mainline_commits: self.mainline_commits,
            merged_prs: self.merged_prs,
            prs,
            bundles: Vec::new(),
            bundle_values: Vec::new(),
            missing_paths: self.missing_paths.clone(),
        }
    }
}

/// One commit of the summary pass.
struct Summary {
    parents: Vec<String>,
    name: String,
    email: String,
    time: i64,
    subject: String,
}

/// A study's commit under the mainline pass.
struct Planned {
    merged: Merged,
}

/// Reads `path`'s history and scores its merged pull requests.
pub fn study(
    path: &Path,
    options: &StudyOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Study, GitError> {
    let clone = Clone::open(path)?;
    let head = clone.query(&[
        "rev-parse",
        "--verify",
        &format!("{}^{{commit}}", options.rev),
    ])?;
    let repository = match &options.repository {
        Some(repository) => repository.clone(),
        None => repository_name(&clone, path),
    };
    let (owner, repo) = repository.split_once('/').unwrap_or(("local", &repository));
    let base_ref = clone
        .query(&["rev-parse", "--abbrev-ref", &options.rev])
        .ok()
        .filter(|name| !name.is_empty() && name != "HEAD")
        .unwrap_or_else(|| "main".into());
    let summaries = summaries(&clone, &head)?;
    let mainline = first_parent_chain(&summaries, &head);
    let head_time = summaries.get(&head).map_or(0, |summary| summary.time);

    let mut people = People::default();
    for summary in summaries.values() {
        people.link_author(&summary.name, &summary.email);
    }
    let mut planned: HashMap<String, Planned> = HashMap::new();
    let mut seen_numbers = HashSet::new();
    let mut candidates = Vec::new();
    let cutoff = head_time - FIX_WINDOW_DAYS * SECONDS_PER_DAY;
    let mut merged_prs = 0;
    for sha in &mainline {
        let summary = &summaries[sha];
        let Some(merged) = merged_pull_request(&summary.subject, summary.parents.len()) else {
            continue;
        };
        merged_prs += 1;
        // Every login is known before the walk names anyone (display names are fixed then).
        if let (Merged::MergeCommit { head_owner, .. }, Some(branch)) = (
            &merged,
            summary.parents.get(1).and_then(|p| summaries.get(p)),
        ) {
            if is_fork(head_owner, owner) {
                people.login_person(head_owner, &branch.name, &branch.email);
            }
        }
        if seen_numbers.insert(merged.number()) && summary.time <= cutoff {
            candidates.push(sha.clone());
        }
        planned.insert(sha.clone(), Planned { merged });
    }
    let skip = match options.max_prs {
        0 => 0,
        max => candidates.len().saturating_sub(max),
    };
    let window: HashSet<String> = candidates[skip..].iter().cloned().collect();
    let window_start = candidates
        .get(skip)
        .and_then(|sha| summaries.get(sha))
        .map_or(i64::MAX, |summary| summary.time);

    let mut history = History::default();
    let mut labeller = Labeller::default();
    let mut studied = Vec::new();
    let mut bundles = Vec::new();
    let mut bundle_values = Vec::new();
    let mut done = 0;
    let total = mainline.len();
    let missing_paths = missing_paths(&clone, &head)?;
    let format = format!("--format={MAINLINE_FORMAT}");
    let mut args: Vec<String> = [
        "log",
        "--reverse",
        "--first-parent",
        "--diff-merges=first-parent",
        "-p",
        "-M",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        &format,
        &head,
    ]
    .iter()
    .map(|arg| arg.to_string())
    .collect();
    if !missing_paths.is_empty() {
        args.push("--".into());
        args.push(".".into());
        args.extend(
            missing_paths
                .iter()
                .map(|path| format!(":(exclude,literal){path}")),
        );
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    clone.stream(&args, |reader| {
        read_commits(reader, |commit| {
            done += 1;
            if done % 200 == 0 || done == total {
                progress(Progress::Walking { done, total });
            }
            let plan = planned.get(&commit.sha);
            let branch = commit
                .parents
                .get(1)
                .and_then(|parent| summaries.get(parent));
            let person = match (plan.map(|plan| &plan.merged), branch) {
                (Some(Merged::MergeCommit { head_owner, .. }), Some(branch))
                    if is_fork(head_owner, owner) =>
                {
                    people.login_person(head_owner, &branch.name, &branch.email)
                }
                (Some(Merged::MergeCommit { .. }), Some(branch)) => {
                    people.person(&branch.name, &branch.email)
                }
                _ => people.person(&commit.author_name, &commit.author_email),
            };
            if let (Some(plan), true) = (plan, window.contains(&commit.sha)) {
                let author = people.display(person);
                let contributions = history.contributions(person);
                let head_sha = match &plan.merged {
                    Merged::MergeCommit { .. } => commit.parents.get(1).unwrap_or(&commit.sha),
                    Merged::Squash { .. } => &commit.sha,
                };
                let body = body_of(&commit, &plan.merged);
                // The full message (a merge commit's body holds the PR title).
                let merged = merged_pull_request(&commit.message, commit.parents.len())
                    .unwrap_or_else(|| plan.merged.clone());
                let facts = PullFacts {
                    owner,
                    repo,
                    number: plan.merged.number(),
                    title: merged.title(),
                    body: &body,
                    author: &author,
                    contributions,
                    merged_at: commit.committed_at,
                    head_sha,
                    base_ref: &base_ref,
                };
                let value = bundle(&facts, &commit.files, |path| {
                    history.familiarity(person, path)
                });
                if let Ok(parsed) = Bundle::from_value(&value) {
                    studied.push(score(&parsed, &options.settings, &facts, &commit));
                    if options.keep_bundles {
                        bundles.push(parsed);
                    }
                    if options.keep_bundle_json {
                        bundle_values.push(value);
                    }
                }
            }
            let paths = commit.files.iter().flat_map(|file| {
                std::iter::once(file.path.as_str()).chain(file.previous_path.as_deref())
            });
            history.record(person, paths);
            if commit.committed_at >= window_start {
                labeller.push(LaterCommit::new(
                    &commit.sha,
                    commit.committed_at,
                    &commit.message,
                    source_paths(&commit.files),
                ));
            }
        })
        .map_err(GitError::from)
    })?;

    for pr in &mut studied {
        let paths = labeller.source_paths_of(&pr.sha).to_vec();
        pr.source_files = paths.len();
        pr.label = labeller.label(&Labelled {
            sha: &pr.sha,
            number: pr.number,
            title: &pr.title,
            time: pr.merged_at,
            source_paths: &paths,
        });
    }
    Ok(Study {
        repository,
        head,
        head_time,
        mainline_commits: mainline.len(),
        merged_prs,
        prs: studied,
        bundles,
        bundle_values,
        missing_paths,
    })
}

/// Paths of mainline history whose content the clone lacks (`git log -p` would stop at them).
fn missing_paths(clone: &Clone, head: &str) -> Result<Vec<String>, GitError> {
    let listed = clone.query(&["rev-list", "--objects", "--missing=print", head])?;
    let missing: HashSet<&str> = listed
        .lines()
        .filter_map(|line| line.strip_prefix('?'))
        .collect();
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    let raw = clone.query(&[
        "log",
        "--first-parent",
        "--raw",
        "--no-abbrev",
        "--no-renames",
        "--format=",
        head,
    ])?;
    let mut paths: Vec<String> = Vec::new();
    for line in raw.lines() {
        // ":100644 100644 <old> <new> M\tpath"
        let Some((meta, path)) = line.split_once('\t') else {
            continue;
        };
        let mut fields = meta.split_whitespace().skip(2);
        let touches_missing = fields.by_ref().take(2).any(|oid| missing.contains(oid));
        let path = super::log::unquote(path);
        if touches_missing && !paths.contains(&path) {
            paths.push(path);
        }
    }
    Ok(paths)
}

/// The drivers `signal` fired, with their weights, as a study keeps them.
fn fired(signal: &Signal) -> Vec<(String, f64)> {
    signal
        .risk
        .drivers
        .iter()
        .map(|driver| (driver.id.clone(), driver.weight))
        .collect()
}

/// The most severe supply-chain finding of `signal`, if any.
fn worst_finding(signal: &Signal) -> Option<Severity> {
    signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| finding.severity)
        .max()
}

/// Scores one bundle.
fn score(
    bundle: &Bundle,
    settings: &Settings,
    facts: &PullFacts,
    commit: &LoggedCommit,
) -> Studied {
    let signal = crate::analyze(bundle, settings, Some(facts.merged_at));
    Studied {
        number: facts.number,
        sha: commit.sha.clone(),
        title: facts.title.to_string(),
        author: facts.author.to_string(),
        merged_at: facts.merged_at,
        lines: commit
            .files
            .iter()
            .map(|file| file.additions.saturating_add(file.deletions))
            .sum(),
        files: commit.files.len(),
        score: signal.risk.score,
        level: signal.risk.level,
        action: signal.review.action,
        drivers: fired(&signal),
        worst_finding: worst_finding(&signal),
        label: Label::default(),
        source_files: 0,
    }
}

/// True when a merge's `from OWNER/branch` names a fork (whose owner opened the PR), not a
/// branch of the repository itself.
fn is_fork(head_owner: &str, owner: &str) -> bool {
    !head_owner.is_empty() && !head_owner.eq_ignore_ascii_case(owner)
}

/// The message without its subject line (and, for a merge commit, without the PR title that
/// opens its body): the PR body, roughly.
fn body_of(commit: &LoggedCommit, merged: &Merged) -> String {
    let body = commit
        .message
        .split_once('\n')
        .map_or("", |(_, body)| body.trim());
    match merged {
        Merged::MergeCommit { .. } => body
            .split_once('\n')
            .map_or("", |(_, rest)| rest.trim())
            .to_string(),
        Merged::Squash { .. } => body.to_string(),
    }
}

/// Paths the engine classifies as reviewable source (from the path alone).
pub fn source_paths(files: &[FileDiff]) -> Vec<String> {
    files
        .iter()
        .filter(|file| {
            let changed = ChangedFile {
                filename: file.path.clone(),
                status: file.status.key().to_string(),
                additions: file.additions,
                deletions: file.deletions,
                patch: None,
                previous_filename: None,
                sha: None,
            };
            crate::engine::files::classify_file(&changed).is_reviewable_source()
        })
        .map(|file| file.path.clone())
        .collect()
}

fn summaries(clone: &Clone, head: &str) -> Result<HashMap<String, Summary>, GitError> {
    let text = clone.query(&["log", "--format=%H%x1f%P%x1f%aN%x1f%aE%x1f%ct%x1f%s", head])?;
    let mut summaries = HashMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\u{1f}').collect();
        if let [sha, parents, name, email, time, subject] = fields.as_slice() {
            summaries.insert(
                sha.to_string(),
                Summary {
                    parents: parents.split_whitespace().map(str::to_string).collect(),
                    name: name.to_string(),
                    email: email.to_string(),
                    time: time.parse().unwrap_or(0),
                    subject: subject.to_string(),
                },
            );
        }
    }
    Ok(summaries)
}

/// The first-parent chain from `head`, oldest first.
fn first_parent_chain(summaries: &HashMap<String, Summary>, head: &str) -> Vec<String> {
    let mut chain = Vec::new();
    let mut current = Some(head.to_string());
    while let Some(sha) = current {
        let next = summaries
            .get(&sha)
            .and_then(|summary| summary.parents.first().cloned());
        chain.push(sha);
        current = next;
    }
    chain.reverse();
    chain
}

/// `owner/name` from `remote.origin.url`, else `local/<directory>`.
fn repository_name(clone: &Clone, path: &Path) -> String {
    let from_remote = clone
        .query(&["config", "--get", "remote.origin.url"])
        .ok()
        .and_then(|url| {
            let trimmed = url.trim_end_matches('/').trim_end_matches(".git");
            let mut parts = trimmed.rsplit(['/', ':']);
            let name = parts.next()?;
            let owner = parts.next()?;
            (!owner.is_empty() && !name.is_empty()).then(|| format!("{owner}/{name}"))
        });
    from_remote.unwrap_or_else(|| {
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "repository".into());
        format!("local/{name}")
    })
}
