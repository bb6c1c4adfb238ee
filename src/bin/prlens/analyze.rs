//! `prlens analyze TARGET`: the signal of a bundle file, or of a live pull request fetched with
//! the extension's planner, as JSON, Markdown, text or SARIF; optionally saves the bundle; in
//! GitHub Actions writes the step summary and annotations (`ci.rs`); fails at a risk level.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::ci::{self, FailOn};
use crate::failure::{Exit, Failure};
use crate::live::{Connection, Session};
use crate::target::{self, Target};
use crate::terminal::{self, Style};

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Json,
    Markdown,
    /// A compact terminal view (colour when standard output is a terminal).
    Text,
    /// SARIF 2.1.0, for code scanning: one result per finding and per file to review first.
    Sarif,
}

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// A bundle file (`-` for standard input), a pull request URL
    /// (https://github.com/OWNER/REPO/pull/N, any tab or anchor) or OWNER/REPO#N.
    #[arg(value_name = "BUNDLE|PR")]
    target: String,
    /// Reference time (RFC 3339); defaults to the bundle's fetched_at.
    #[arg(long)]
    now: Option<String>,
    /// Settings JSON file (any subset of the settings; see docs/signal.md).
    #[arg(long)]
    settings: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// Write the bundle that was analysed to FILE (analyse it again offline: same signal).
    #[arg(long, value_name = "FILE")]
    save_bundle: Option<PathBuf>,
    /// Show one reviewer's view: the focus files LOGIN owns (CODEOWNERS) or wrote, and what
    /// changed since LOGIN's last review. With a live PR the fetch asks for LOGIN's history;
    /// with a bundle file, LOGIN's history and teams are used only if the bundle holds them.
    #[arg(long = "as", value_name = "LOGIN")]
    as_login: Option<String>,
    #[command(flatten)]
    fail_on: FailOn,
    #[command(flatten)]
    connection: Connection,
}

/// What to print, and whether `--fail-on` was reached.
pub struct Outcome {
    pub output: String,
    pub failure: Option<Failure>,
}

pub fn run(args: AnalyzeArgs) -> Result<Outcome, Failure> {
    let now = match args.now.as_deref() {
        None => None,
        Some(text) => Some(prlens::timestamp::parse(text).ok_or_else(|| {
            Failure::new(
                Exit::BadInput,
                format!("--now {text:?} is not an RFC 3339 time such as 2026-02-06T19:26:00Z"),
            )
        })?),
    };
    let settings_json = match &args.settings {
        None => String::new(),
        Some(path) => read_input(&path.display().to_string())?,
    };
    if let Some(login) = args.as_login.as_deref() {
        if !prlens::text::is_github_login(login) {
            return Err(Failure::new(
                Exit::BadInput,
                format!("--as {login:?} is not a GitHub login"),
            ));
        }
    }
    let bundle_json = match target::parse(&args.target)
        .map_err(|message| Failure::new(Exit::BadInput, message))?
    {
        Target::BundleFile(path) => {
            let text = read_input(&path)?;
            match args.as_login.as_deref() {
                None => text,
                Some(login) => as_viewer(&text, login)?,
            }
        }
        Target::Pull(pull) => {
            let web_host = target::web_host(&args.target);
            let session = Session::open_for(&args.connection, web_host.as_deref())?;
            let bundle = session.fetch_pull(&pull, args.as_login.as_deref())?;
            session.tell_anonymous_budget();
            format!("{}\n", serde_json::to_string_pretty(&bundle)?)
        }
    };
    let signal = prlens::analyze_json(&bundle_json, &settings_json, now)?;
    if let Some(path) = &args.save_bundle {
        write_file(path, &bundle_json)?;
    }
    ci::write_step_summary(&prlens::markdown::render(&signal))?;
    ci::write_annotations(&signal);
    let output = match args.format {
        Format::Json => format!("{}\n", serde_json::to_string_pretty(&signal)?),
        Format::Markdown => prlens::markdown::render(&signal),
        Format::Text => terminal::render(
            &signal,
            Style {
                colour: terminal::colour_stdout(),
            },
        ),
        Format::Sarif => prlens::sarif::render(&signal),
    };
    Ok(Outcome {
        output,
        failure: args.fail_on.check(signal.risk.level),
    })
}

/// The bundle text with `login` as its viewer. The viewer's teams and history stay only when
/// the bundle already holds them for `login`: another person's would be wrong.
fn as_viewer(text: &str, login: &str) -> Result<String, Failure> {
    let mut bundle: serde_json::Value = serde_json::from_str(text).map_err(|error| {
        Failure::new(Exit::BadInput, format!("the bundle is not JSON: {error}"))
    })?;
    let Some(fields) = bundle.as_object_mut() else {
        // Not a bundle: analysing it gives the usual one-line error.
        return Ok(text.to_string());
    };
    let same = fields
        .get("viewer")
        .and_then(|viewer| viewer.get("login"))
        .and_then(serde_json::Value::as_str)
        .is_some_and(|known| known.eq_ignore_ascii_case(login));
    if !same {
        fields.insert("viewer".into(), serde_json::json!({ "login": login }));
    }
    Ok(format!("{}\n", serde_json::to_string_pretty(&bundle)?))
}

pub fn read_input(path: &str) -> Result<String, Failure> {
    let mut text = String::new();
    if path == "-" {
        use std::io::Read;
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| {
                Failure::new(
                    Exit::BadInput,
                    format!("cannot read standard input: {error}"),
                )
            })?;
    } else {
        text = std::fs::read_to_string(path).map_err(|error| {
            Failure::new(Exit::BadInput, format!("cannot read {path}: {error}"))
        })?;
    }
    Ok(text)
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|error| {
        Failure::new(
            Exit::BadInput,
            format!("cannot write {}: {error}", path.display()),
        )
    })
}
