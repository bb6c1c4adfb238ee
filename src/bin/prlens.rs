//! `prlens`: the native command line of the engine.
//!
//! - `prlens analyze BUNDLE.json|- [--now RFC3339] [--settings FILE] [--format json|markdown]`
//!   prints the risk signal of a PR bundle (the same engine the extension runs as wasm).
//! - `prlens bundle-fixture NAME --fixtures DIR [--cases FILE]` prints the bundle of one
//!   recorded fixture case (`tests/fixture-cases.json`), exactly as the Rust tests build it;
//!   `--all --out-dir DIR` writes every case to `DIR/<name>.json` for the fake GitHub server.
//!
//! Why: reviewers and CI can score a PR without a browser, and every tool shares one bundle
//! assembly. Contract: bad input (not JSON, not an object, no `pull`, wrong types, absurd
//! values, unreadable files, a bad `--now`) exits with code 2 and ONE line on stderr; it
//! never panics and writes nothing but stdout.

#[path = "prlens/fixture_cases.rs"]
mod fixture_cases;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use fixture_cases::FixtureCases;

#[derive(Parser)]
#[command(
    name = "prlens",
    version,
    about = "Explainable risk signal for GitHub pull requests"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute the risk signal of a PR bundle (prlens.bundle.v1, see docs/bundle.md).
    Analyze {
        /// Bundle file, or `-` for standard input.
        bundle: String,
        /// Reference time (RFC 3339); defaults to the bundle's fetched_at.
        #[arg(long)]
        now: Option<String>,
        /// Settings JSON file (any subset of the settings; see docs/signal.md).
        #[arg(long)]
        settings: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
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

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Markdown,
}

/// A failure the user must fix; printed as one line, exit code 2.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
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
        Command::Analyze {
            bundle,
            now,
            settings,
            format,
        } => analyze(&bundle, now.as_deref(), settings.as_deref(), format),
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
        ),
    };
    match result {
        Ok(output) => write_stdout(&output),
        Err(Failure(message)) => {
            eprintln!("prlens: {}", first_line(&message));
            ExitCode::from(2)
        }
    }
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
            ExitCode::from(1)
        }
    }
}

fn read_input(path: &str) -> Result<String, Failure> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| Failure(format!("cannot read standard input: {error}")))?;
    } else {
        text = std::fs::read_to_string(path)
            .map_err(|error| Failure(format!("cannot read {path}: {error}")))?;
    }
    Ok(text)
}

fn analyze(
    bundle_path: &str,
    now: Option<&str>,
    settings_path: Option<&Path>,
    format: Format,
) -> Result<String, Failure> {
    let now = match now {
        None => None,
        Some(text) => Some(prlens::timestamp::parse(text).ok_or_else(|| {
            Failure(format!(
                "--now {text:?} is not an RFC 3339 time such as 2026-02-06T19:26:00Z"
            ))
        })?),
    };
    let settings_json = match settings_path {
        None => String::new(),
        Some(path) => read_input(&path.display().to_string())?,
    };
    let bundle_json = read_input(bundle_path)?;
    let signal = prlens::analyze_json(&bundle_json, &settings_json, now)?;
    Ok(match format {
        Format::Json => format!("{}\n", serde_json::to_string_pretty(&signal)?),
        Format::Markdown => prlens::markdown::render(&signal),
    })
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
        return Err(Failure(
            "bundle-fixture needs --fixtures DIR, the folder of recorded fixtures (for example ../shared/fixtures)".into(),
        ));
    }
    if let Some(out_dir) = out_dir {
        std::fs::create_dir_all(&out_dir)
            .map_err(|error| Failure(format!("cannot create {}: {error}", out_dir.display())))?;
        let names = cases.names();
        for name in &names {
            let path = out_dir.join(format!("{name}.json"));
            let text = format!("{}\n", serde_json::to_string_pretty(&cases.bundle(name)?)?);
            std::fs::write(&path, text)
                .map_err(|error| Failure(format!("cannot write {}: {error}", path.display())))?;
        }
        return Ok(format!(
            "wrote {} bundles to {}\n",
            names.len(),
            out_dir.display()
        ));
    }
    let name =
        name.ok_or_else(|| Failure("bundle-fixture needs a case NAME, --list or --all".into()))?;
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&cases.bundle(&name)?)?
    ))
}
