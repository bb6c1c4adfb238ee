//! Built-in path lists: lockfiles, vendored and generated code, dependency manifests, CI
//! configuration, build scripts, tests, docs, sensitive areas, binary extensions and languages.
//!
//! Why: every section reads a file's nature from `engine::files`, which matches against these
//! tables only, so a path rule lives in exactly one place and users extend it (never replace it)
//! with the globs of [`super::PathRules`].
//!
//! Sources (docs/sources.md, "Paths excluded from size" and "Supply chain"): the union of
//! gitStream's ignore list, GitHub linguist's `generated?`/`vendor.yml` and Microsoft
//! PR-Metrics' defaults; the ecosystems' own manifest, CI and build-script names; gitStream's
//! `allTests`/`allDocs` filters, and the vercel-labs/open-agents#833 rubric for sensitive
//! areas. All names are matched case-insensitively.

mod build;
mod ecosystems;
mod extensions;
mod generated;
mod sensitive;
mod tests_docs;
mod trust;

pub use build::*;
pub use ecosystems::*;
pub use extensions::*;
pub use generated::*;
pub use sensitive::*;
pub use tests_docs::*;
pub use trust::*;
