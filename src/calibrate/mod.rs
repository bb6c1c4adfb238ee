//! `prlens calibrate`: how the risk score did on a repository's own history.
//!
//! The model, in the order the code runs:
//!
//! 1. [`study`] walks a clone's default branch with `git` ([`git`], [`log`]): which commits
//!    are merged pull requests ([`prs`]), who wrote them ([`people`]), what each author had
//!    touched before ([`history`]). Each PR becomes a `prlens.bundle.v1` from git alone
//!    ([`bundle`]) and is scored by the same engine as the panel.
//! 2. [`labels`]: was it reverted, or fixed soon after (a proxy for "it went wrong")?
//! 3. [`metrics`]: ROC AUC of `risk.score` next to counting changed lines, pooled within
//!    repositories with a bootstrap interval; each driver's firing rate and lift.
//! 4. [`report`]: the text and `prlens.calibration.v1` JSON the CLI prints.
//! 5. [`fit`] (`--fit`): weights and size thresholds that rank this history best, with their
//!    evidence, written as a settings file the extension and the CLI import.
//!
//! Native only: it runs `git` as a subprocess.

pub mod bundle;
pub mod fit;
pub mod git;
pub mod history;
pub mod labels;
pub mod log;
pub mod metrics;
pub mod people;
pub mod prs;
pub mod report;
pub mod study;
