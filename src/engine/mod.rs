//! The engine: bundle in, signal out. Pure, deterministic, no I/O; "now" is an argument.
//!
//! The pipeline reads like the signal it produces:
//!
//! 1. [`files`] classifies every changed file once (source, test, docs, lockfile, generated,
//!    vendored, sensitive, manifest, CI, build script) with the path rules of the settings.
//! 2. Independent sections are computed from the bundle: [`sections::contributors`],
//!    [`sections::intent`], [`sections::evidence`], [`sections::supply_chain`],
//!    [`sections::triage`], [`sections::focus`], [`sections::conventions`].
//! 3. [`sections::risk`] runs every driver in [`drivers`] over the bundle and those
//!    sections and composes the score.
//! 4. [`sections::review`] turns risk and readiness into a recommendation,
//!    [`sections::governance`] evaluates the user's policies against the signal, and
//!    [`sections::next_steps`] lists concerns and questions.

pub mod api_surface;
pub mod context;
pub mod diff;
pub mod drivers;
pub mod files;
pub mod path_index;
pub mod review_size;
pub mod sections;

use crate::bundle::Bundle;
use crate::settings::Settings;
use crate::signal::{Signal, SIGNAL_VERSION};

pub use context::{Context, Sections, ENGINE_VERSION};
pub use files::{FileClass, FileFacts};

/// What every section and driver of one analysis reads. `now` defaults to the bundle's
/// `fetched_at`, then to the PR's `updated_at`, then `created_at`.
pub(crate) fn context<'a>(
    bundle: &'a Bundle,
    settings: &'a Settings,
    now: Option<i64>,
) -> Context<'a> {
    let now = now
        .or(bundle.fetched_at)
        .or(bundle.pull.updated_at)
        .or(bundle.pull.created_at)
        .unwrap_or(0);
    Context {
        bundle,
        settings,
        now,
        files: files::classify_all(bundle, settings),
    }
}

/// The sections risk reads (step 2 of the pipeline); the driver tests take theirs from here
/// too (`drivers::testing`), so a driver is tested on exactly what `analyze` gives it.
pub(crate) fn sections_before_risk(context: &Context) -> Sections {
    let mut sections = Sections {
        contributors: sections::contributors::assess(context),
        intent: sections::intent::assess(context),
        evidence: sections::evidence::assess(context),
        supply_chain: sections::supply_chain::assess(context),
        triage: sections::triage::assess(context),
        focus: sections::focus::assess(context),
        conventions: sections::conventions::assess(context),
        authorship: sections::authorship::assess(context),
        checks: Vec::new(),
    };
    sections.checks = sections::checks::assess(context, &sections.intent);
    sections
}

/// Computes the signal for a bundle. `now` defaults to the bundle's `fetched_at`, then to the
/// PR's `updated_at`, so the same bundle always gives the same signal.
pub fn analyze(bundle: &Bundle, settings: &Settings, now: Option<i64>) -> Signal {
    // A repository's fitted settings (`settings.repositories`) apply to its PRs only.
    let calibration =
        sections::meta::calibration_note(settings, &bundle.pull.owner, &bundle.pull.repo);
    let settings = &*settings.for_repository(&bundle.pull.owner, &bundle.pull.repo);
    let context = context(bundle, settings, now);
    let sections = sections_before_risk(&context);
    let focus_more =
        u64::try_from(context.files.len().saturating_sub(sections.focus.len())).unwrap_or(u64::MAX);
    let risk = sections::risk::assess(&context, &sections);
    let review = sections::review::assess(&context, &sections, &risk);
    let mut signal = Signal {
        version: SIGNAL_VERSION.to_string(),
        pr: sections::pr::describe(&context),
        risk,
        contributors: sections.contributors,
        intent: sections.intent,
        evidence: sections.evidence,
        supply_chain: sections.supply_chain,
        focus: sections.focus,
        focus_more,
        triage: sections.triage,
        conventions: sections.conventions,
        governance: Vec::new(),
        review,
        next_steps: crate::signal::NextSteps {
            concerns: Vec::new(),
            questions: Vec::new(),
        },
        meta: sections::meta::describe(&context, calibration),
        authorship: sections.authorship,
        checks: sections.checks,
        viewer: None,
    };
    signal.governance = sections::governance::assess(&context, &signal);
    signal.next_steps = sections::next_steps::assess(&context, &signal);
    // Personal, after everything else: nothing above reads it, so it can never raise risk. What
    // changed since the viewer's review is scored as a PR of its own (that bundle has no viewer).
    let delta = sections::viewer::delta_bundle(bundle)
        .map(|delta| analyze(&delta, settings, Some(context.now)));
    signal.viewer = sections::viewer::assess(
        &context,
        &sections::viewer::Inputs {
            focus: &signal.focus,
            findings: &signal.supply_chain.findings,
            delta: delta.as_ref(),
        },
    );
    signal
}

/// The size and spread `large_diff` and `many_files` weigh, without the rest of the analysis:
/// `prlens calibrate --fit` tries thresholds on them without scoring every PR again.
pub fn review_size_of(bundle: &Bundle, settings: &Settings) -> files::size::ReviewSize {
    let context = context(bundle, settings, None);
    let contributors = sections::contributors::assess(&context);
    let counted = sections::triage::assess(&context).counted_lines;
    review_size::measure_with(
        &context,
        review_size::repositorys_own(&contributors),
        counted,
    )
}
