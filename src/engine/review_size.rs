//! The size and spread of a PR's change as `large_diff` and `many_files` weigh them (the
//! measure is [`crate::engine::files::size`]; this adds what it needs of the other sections),
//! shared by the two drivers and by `prlens calibrate --fit` ([`crate::engine::review_size_of`]).

use crate::engine::context::{Context, Sections};
use crate::engine::files::size::{review_size, ReviewSize};
use crate::engine::sections::triage::unlisted_lines;
use crate::signal::{Contributor, TrustLevel};

/// The size and spread of this PR's change, as `large_diff` and `many_files` weigh them.
pub fn measure(context: &Context, sections: &Sections) -> ReviewSize {
    measure_with(
        context,
        repositorys_own(&sections.contributors),
        sections.triage.counted_lines,
    )
}

/// [`measure`] from its two inputs of other sections: whether generated code reads lightly
/// ([`repositorys_own`]) and triage's counted lines (used when the file list is absent).
pub fn measure_with(context: &Context, generated_lightly: bool, counted_lines: u64) -> ReviewSize {
    let (unlisted_lines, unlisted_files) = match context.bundle.files.as_ref() {
        Some(listed) => (
            unlisted_lines(context.bundle, listed.len()),
            context
                .bundle
                .pull
                .changed_files
                .unwrap_or(0)
                .saturating_sub(listed.len() as u64),
        ),
        None => (
            counted_lines,
            context.bundle.pull.changed_files.unwrap_or(0),
        ),
    };
    review_size(
        &context.files,
        generated_lightly,
        unlisted_lines,
        unlisted_files,
    )
}

/// True when every contributor is a maintainer or collaborator (or a known bot), and one is a
/// person: their word that a file is generated is the repository's own.
pub fn repositorys_own(contributors: &[Contributor]) -> bool {
    let mut people = contributors
        .iter()
        .filter(|person| person.trust_level != TrustLevel::Bot)
        .peekable();
    people.peek().is_some()
        && people.all(|person| {
            matches!(
                person.trust_level,
                TrustLevel::Maintainer | TrustLevel::Trusted
            )
        })
}
