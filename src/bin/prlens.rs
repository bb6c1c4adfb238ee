//! `prlens`: the native command line of the engine.
//!
//! - `prlens analyze BUNDLE.json|-|PR_URL|OWNER/REPO#N [--format json|markdown|text]
//!   [--save-bundle FILE] [--fail-on LEVEL] [--api-url URL] [--ca-cert FILE] [--no-cache]`
//!   prints the risk signal of a bundle file, or of a live pull request fetched with the
//!   extension's own planner (`analyze.rs`, `live.rs`).
//! - `prlens queue OWNER/REPO [--limit N] [--author LOGIN] [--label L] [--format table|json]`
//!   ranks the open pull requests review-first (`queue.rs`).
//! - `prlens calibrate CLONE… [--repo OWNER/NAME]… [--max-prs N] [--settings FILE] [--json]`
//!   scores a clone's merged pull requests rebuilt from git history and checks the score
//!   against what happened next (`calibrate.rs`, `prlens::calibrate`).
//! - `prlens bundle-fixture NAME [--fixtures DIR] [--cases FILE]` prints the bundle of one
//!   recorded fixture case (`tests/fixture-cases.json`), exactly as the Rust tests build it;
//!   `--all --out-dir DIR` writes every case to `DIR/<name>.json` for the fake GitHub server.
//!
//! Why: reviewers and CI can score a PR without a browser, and every tool shares one bundle
//! assembly. Contract: every failure is ONE line on stderr with a documented exit code
//! (`failure.rs`; 2 = bad input); it never panics and writes nothing but stdout.

#[path = "prlens/analyze.rs"]
mod analyze;
#[path = "prlens/auth.rs"]
mod auth;
#[path = "prlens/calibrate.rs"]
mod calibrate;
#[path = "prlens/ci.rs"]
mod ci;
#[path = "prlens/disk_cache.rs"]
mod disk_cache;
#[path = "prlens/failure.rs"]
mod failure;
#[path = "prlens/fixture_cases.rs"]
mod fixture_cases;
#[path = "prlens/live.rs"]
mod live;
#[path = "prlens/net.rs"]
mod net;
#[path = "prlens/queue.rs"]
mod queue;
#[path = "prlens/target.rs"]
mod target;
#[path = "prlens/terminal.rs"]
mod terminal;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use failure::{Exit, Failure, EXIT_CODES_HELP};
use fixture_cases::FixtureCases;

#[derive(Parser)]
#[command(
    name = "prlens",
    version,
    about = "Explainable risk signal for GitHub pull requests",
    after_help = EXIT_CODES_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute the risk signal of a PR bundle (prlens.bundle.v1, see docs/bundle.md) or of a live PR.
    #[command(after_help = EXIT_CODES_HELP)]
    Analyze(analyze::AnalyzeArgs),
    /// Rank a repository's open pull requests, review-first.
    #[command(after_help = EXIT_CODES_HELP)]
    Queue(queue::QueueArgs),
    /// Score a clone's merged pull requests from git history and check the score against what
    /// happened next (reverted, fixed soon); see docs/calibration.md.
    #[command(after_help = EXIT_CODES_HELP)]
    Calibrate(calibrate::CalibrateArgs),
    /// Print the bundle of a recorded fixture case (tests/fixture-cases.json).
    BundleFixture {
        /// Case name; omit with --list or --all.
        name: Option<String>,
        /// The recorded fixtures folder (kept outside the repository; no default).
        #[arg(long)]
        fixtures: Option<PathBuf>,
        /// The case list.
        #[arg(long, default_value = "tests/fixture-cases.json")]
        cases: PathBuf,
        /// List the case names instead.
        #[arg(long)]
        list: bool,
        /// Write every case to <out-dir>/<name>.json.
        #[arg(long, requires = "out_dir")]
        all: bool,
        /// Folder for --all (created if missing).
        #[arg(long)]
        out_dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            use clap::error::ErrorKind;
            if matches!(
                error.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = error.print();
                return ExitCode::SUCCESS;
            }
            eprintln!("prlens: {}", first_line(&error.to_string()));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Analyze(args) => {
            analyze::run(args).map(|outcome| (outcome.output, outcome.failure))
        }
        Command::Queue(args) => queue::run(args).map(|output| (output, None)),
        Command::Calibrate(args) => calibrate::run(args).map(|output| (output, None)),
        Command::BundleFixture {
            name,
            fixtures,
            cases,
            list,
            all,
            out_dir,
        } => bundle_fixture(
            name,
            fixtures.as_deref(),
            &cases,
            list,
            all.then_some(out_dir).flatten(),
        )
        .map(|output| (output, None)),
    };
    match result {
        Ok((output, after)) => {
            let written = write_stdout(&output);
            match after {
                // The output is printed first: CI logs show the signal that failed the build.
                Some(failure) if written == ExitCode::SUCCESS => fail(failure),
                _ => written,
            }
        }
        Err(failure) => fail(failure),
    }
}

fn fail(failure: Failure) -> ExitCode {
    eprintln!("prlens: {}", first_line(&failure.message));
    ExitCode::from(failure.exit as u8)
}

/// Longest error line printed; hostile input can make messages quote megabytes.
const MAX_ERROR_CHARS: usize = 300;

/// Clap's messages carry usage lines; the contract is one short line.
fn first_line(message: &str) -> String {
    let line = message.lines().find(|line| !line.trim().is_empty());
    let line = line
        .unwrap_or("unknown error")
        .trim()
        .trim_start_matches("error: ");
    if line.chars().count() <= MAX_ERROR_CHARS {
        line.to_string()
    } else {
        let cut: String = line.chars().take(MAX_ERROR_CHARS).collect();
        format!("{cut}…")
    }
}

fn write_stdout(output: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`prlens … | head`) is not worth a message.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("prlens: cannot write output: {error}");
            ExitCode::from(Exit::Output as u8)
        }
    }
}

fn bundle_fixture(
    name: Option<String>,
    fixtures: Option<&Path>,
    cases_file: &Path,
    list: bool,
    out_dir: Option<PathBuf>,
) -> Result<String, Failure> {
    let cases = FixtureCases::load(cases_file, fixtures.unwrap_or(Path::new("")))?;
    if list {
        return Ok(cases.names().join("\n") + "\n");
    }
    if fixtures.is_none() {
        return Err(Failure::from(
            "bundle-fixture needs --fixtures DIR, the folder of recorded fixtures (for example ../shared/fixtures)",
        ));
    }
    if let Some(out_dir) = out_dir {
        std::fs::create_dir_all(&out_dir).map_err(|error| {
            Failure::from(format!("cannot create {}: {error}", out_dir.display()))
        })?;
        let names = cases.names();
        for name in &names {
            let path = out_dir.join(format!("{name}.json"));
            let text = format!("{}\n", serde_json::to_string_pretty(&cases.bundle(name)?)?);
            std::fs::write(&path, text).map_err(|error| {
                Failure::from(format!("cannot write {}: {error}", path.display()))
            })?;
        }
        return Ok(format!(
            "wrote {} bundles to {}\n",
            names.len(),
            out_dir.display()
        ));
    }
    let name =
        name.ok_or_else(|| Failure::from("bundle-fixture needs a case NAME, --list or --all"))?;
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&cases.bundle(&name)?)?
    ))
}
