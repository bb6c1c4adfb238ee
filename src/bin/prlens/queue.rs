//! `prlens queue OWNER/REPO`: the open pull requests in review-first order (the riskiest PR
//! that is ready for review first, drafts last), as a table or JSON.
//!
//! With a token: one GraphQL query (`prlens::fetch::graphql`) for up to 50 open PRs, most
//! recently updated first. Without one: the REST pull list, then each PR's first page of files
//! while more than [`ANONYMOUS_RESERVE`] of the hour's 60 requests remain; PRs past that are
//! scored from the list alone and say so. Either way files come without the deeper sections
//! (commits, history, familiarity), which every signal lists as missing.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::ValueEnum;
use prlens::fetch::graphql::QUEUE_MAX_PULLS;
use prlens::fetch::PullRef;
use prlens::Signal;
use serde_json::{json, Value};

use crate::failure::{Exit, Failure};
use crate::live::{unix_now, Connection, Session};
use crate::terminal::{safe, Style};

/// Requests kept back from the anonymous budget for the next `prlens analyze`.
const ANONYMOUS_RESERVE: u64 = 10;

#[derive(Clone, Copy, ValueEnum)]
pub enum QueueFormat {
    Table,
    Json,
}

#[derive(clap::Args)]
pub struct QueueArgs {
    /// The repository: OWNER/REPO or https://github.com/OWNER/REPO.
    #[arg(value_name = "OWNER/REPO")]
    repository: String,
    /// Show at most N pull requests.
    #[arg(long, default_value_t = 20, value_name = "N")]
    limit: usize,
    /// Only pull requests by this login.
    #[arg(long, value_name = "LOGIN")]
    author: Option<String>,
    /// Only pull requests with this label (repeat for any of several).
    #[arg(long = "label", value_name = "LABEL")]
    labels: Vec<String>,
    /// Only pull requests that ask for your review (GitHub's `review-requested:@me`, needs a
    /// token), ordered for you: your own files and changes since your review weigh in.
    #[arg(long)]
    mine: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = QueueFormat::Table)]
    format: QueueFormat,
    /// Reference time (RFC 3339); defaults to now.
    #[arg(long)]
    now: Option<String>,
    /// Settings JSON file (any subset of the settings; see docs/signal.md).
    #[arg(long)]
    settings: Option<PathBuf>,
    #[command(flatten)]
    connection: Connection,
}

pub fn run(args: QueueArgs) -> Result<String, Failure> {
    let (owner, repo) = parse_repository(&args.repository)?;
    let now = match args.now.as_deref() {
        None => unix_now(),
        Some(text) => prlens::timestamp::parse(text).ok_or_else(|| {
            Failure::new(
                Exit::BadInput,
                format!("--now {text:?} is not an RFC 3339 time"),
            )
        })?,
    };
    let settings_json = match &args.settings {
        None => String::new(),
        Some(path) => crate::analyze::read_input(&path.display().to_string())?,
    };
    let session = Session::open(&args.connection)?;
    if args.mine && !session.has_token() {
        return Err(Failure::new(
            Exit::BadInput,
            "--mine needs a token: GitHub tells whose review is requested from it (set GITHUB_TOKEN or GH_TOKEN, or run `gh auth login`)",
        ));
    }
    let (bundles, total_open) = if session.has_token() {
        let answer = session.queue_graphql(&owner, &repo, &args.labels, args.mine)?;
        (answer.bundles, answer.total_open)
    } else {
        rest_bundles(
            &session,
            &owner,
            &repo,
            &args.labels,
            args.author.as_deref(),
        )?
    };
    session.tell_anonymous_budget();
    let mut signals: Vec<Signal> = Vec::new();
    for bundle in &bundles {
        let by_author = args.author.as_deref().is_none_or(|wanted| {
            bundle
                .pointer("/pull/user/login")
                .and_then(Value::as_str)
                .is_some_and(|login| login.eq_ignore_ascii_case(wanted))
        });
        // The reviewer's queue filters by label here (its search takes no label list).
        let labelled = !args.mine
            || args.labels.is_empty()
            || bundle
                .pointer("/pull/labels")
                .and_then(Value::as_array)
                .is_some_and(|have| {
                    have.iter().any(|label| {
                        args.labels
                            .iter()
                            .any(|wanted| label["name"].as_str() == Some(wanted.as_str()))
                    })
                });
        if by_author && labelled {
            signals.push(prlens::analyze_json(
                &bundle.to_string(),
                &settings_json,
                Some(now),
            )?);
        }
    }
    prlens::queue::rank(&mut signals);
    let matching = signals.len();
    signals.truncate(args.limit);
    Ok(match args.format {
        QueueFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&queue_json(
                &owner, &repo, &signals, matching, total_open
            ))?
        ),
        QueueFormat::Table => table(
            &owner,
            &repo,
            &signals,
            matching,
            total_open,
            Style {
                colour: crate::terminal::colour_stdout(),
            },
        ),
    })
}

fn parse_repository(text: &str) -> Result<(String, String), Failure> {
    let path = text
        .trim()
        .trim_start_matches("https://")
        .trim_start_matches("github.com/")
        .trim_end_matches('/');
    let mut parts = path.split('/');
    let (Some(owner), Some(repo), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(Failure::new(
            Exit::BadInput,
            format!("{text:?} is not OWNER/REPO"),
        ));
    };
    PullRef::new(owner, repo, 1)
        .map(|checked| (checked.owner, checked.repo))
        .map_err(|error| Failure::new(Exit::BadInput, error.to_string()))
}

/// Without a token: the pull list, and files for as many PRs as the budget allows.
fn rest_bundles(
    session: &Session,
    owner: &str,
    repo: &str,
    labels: &[String],
    author: Option<&str>,
) -> Result<(Vec<Value>, u64), Failure> {
    let what = format!("{owner}/{repo}");
    let (list, _) = session.get_json(
        &format!("/repos/{owner}/{repo}/pulls?state=open&sort=updated&direction=desc&per_page={QUEUE_MAX_PULLS}"),
        &what,
    )?;
    let pulls: Vec<Value> = list.as_array().cloned().unwrap_or_default();
    let total = pulls.len() as u64;
    let fetched_at = prlens::timestamp::format(unix_now());
    let mut bundles = Vec::new();
    for pull in pulls {
        let has_label = labels.is_empty()
            || pull["labels"].as_array().is_some_and(|have| {
                have.iter().any(|label| {
                    labels
                        .iter()
                        .any(|wanted| label["name"].as_str() == Some(wanted.as_str()))
                })
            });
        let by_author = author.is_none_or(|wanted| {
            pull.pointer("/user/login")
                .and_then(Value::as_str)
                .is_some_and(|login| login.eq_ignore_ascii_case(wanted))
        });
        if !(has_label && by_author) {
            continue;
        }
        let number = pull["number"].as_u64().unwrap_or(0);
        let affordable = session
            .http
            .rate_seen()
            .remaining
            .is_none_or(|remaining| remaining > ANONYMOUS_RESERVE);
        let mut notes = vec![json!("queue: REST pull list without a token; commits, reviews, checks, PR history and familiarity were not fetched")];
        let mut bundle =
            json!({"format": "prlens.bundle.v1", "fetched_at": fetched_at, "pull": pull});
        if affordable {
            let (files, link) = session.get_json(
                &format!("/repos/{owner}/{repo}/pulls/{number}/files?per_page=100"),
                &format!("{what}#{number}"),
            )?;
            if link.is_some_and(|link| link.contains("rel=\"next\"")) {
                bundle["files_truncated"] = json!(true);
                notes.push(json!(
                    "files: only the first 100 files were read (queue view)"
                ));
            }
            bundle["files"] = files;
        } else {
            notes.push(json!(format!("files: skipped to keep {ANONYMOUS_RESERVE} of the hour's anonymous requests (a token gives 5,000)")));
        }
        bundle["fetch_notes"] = Value::Array(notes);
        bundles.push(bundle);
    }
    Ok((bundles, total))
}

fn queue_json(
    owner: &str,
    repo: &str,
    signals: &[Signal],
    matching: usize,
    total_open: u64,
) -> Value {
    let pulls: Vec<Value> = signals
        .iter()
        .enumerate()
        .map(|(index, signal)| {
            json!({
                "rank": index + 1,
                "number": signal.pr.number,
                "title": signal.pr.title,
                "author": signal.pr.author,
                "url": signal.pr.url,
                "draft": signal.pr.draft,
                "risk": {"level": signal.risk.level, "score": signal.risk.score,
                         "drivers": signal.risk.drivers.iter().map(|driver| driver.id.clone()).collect::<Vec<_>>()},
                "review_minutes": signal.triage.minutes,
                "for_you": signal.viewer.as_ref().map(|viewer| json!({
                    "owns": viewer.ownership_rank(),
                    "changed_since_review": viewer.since_review.is_some(),
                    "reviewed_on_head": viewer.reviewed_on_head,
                })),
                "missing": signal.meta.missing,
            })
        })
        .collect();
    json!({
        "repository": format!("{owner}/{repo}"),
        "order": "review-first: ready before drafts, then (for --mine: not yet reviewed on the head) risk level, (your files, changed since your review) score, oldest first",
        "open": total_open,
        "matching": matching,
        "pulls": pulls,
    })
}

/// " [yours]", " [your team's]", " [changed since your review]", " [reviewed]" for --mine.
fn yours_marker(signal: &Signal) -> String {
    let Some(viewer) = &signal.viewer else {
        return String::new();
    };
    let mut marks = Vec::new();
    match viewer.ownership_rank() {
        2 => marks.push("yours"),
        1 => marks.push("your team's"),
        _ => {}
    }
    if viewer.since_review.is_some() {
        marks.push("changed since your review");
    } else if viewer.reviewed_on_head {
        marks.push("reviewed");
    }
    marks.iter().map(|mark| format!(" [{mark}]")).collect()
}

fn table(
    owner: &str,
    repo: &str,
    signals: &[Signal],
    matching: usize,
    total_open: u64,
    style: Style,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        style.bold(&format!(
            "{owner}/{repo}: {matching} open pull requests to review (of {total_open} open), review-first"
        ))
    );
    let _ = writeln!(
        out,
        "{:>3}  {:<8} {:>5}  {:>7}  {:>5}  {:<16} TITLE",
        "#", "RISK", "SCORE", "PR", "MIN", "AUTHOR"
    );
    for (index, signal) in signals.iter().enumerate() {
        let level = signal.risk.level;
        let draft = if signal.pr.draft { " [draft]" } else { "" };
        let author = signal
            .pr
            .author
            .as_deref()
            .map_or("unknown".to_string(), |login| safe(login, 16));
        let yours = yours_marker(signal);
        let _ = writeln!(
            out,
            "{:>3}  {} {:>5.2}  {:>7}  {:>5}  {:<16} {}{}{yours}",
            index + 1,
            style.level(level, &format!("{:<8}", level.key())),
            signal.risk.score,
            format!("#{}", signal.pr.number),
            signal.triage.minutes_text(),
            author,
            safe(&signal.pr.title, 70),
            draft
        );
    }
    if signals.len() < matching {
        let _ = writeln!(
            out,
            "{}",
            style.dim(&format!("… {} more (--limit)", matching - signals.len()))
        );
    }
    let _ = writeln!(
        out,
        "{}",
        style.dim("Scored without patches, commits and PR history: run `prlens analyze OWNER/REPO#N` for the full signal.")
    );
    out
}
