//! File classification: what each changed file is, decided once from its path (and patch).
//!
//! Why: size must exclude lockfiles, generated and vendored files (gitStream#205, #505) while
//! supply chain must still see them; focus, tests-with-source and sensitive-area rules all ask
//! "what is this file?". Every section reads these facts instead of matching paths itself, so
//! a path rule lives in exactly one place: the tables of [`crate::settings::paths`], extended by
//! the user's globs in [`crate::settings::PathRules`] and the files GitHub itself collapses as
//! generated (page facts).
//!
//! Source: docs/sources.md, "Paths excluded from size" and "Supply chain"; linguist's
//! `generated?`/`vendor.yml`.
//!
//! ```
//! let bundle = prlens::Bundle::from_json_str(r#"{"pull":{"number":1},"files":[
//!   {"filename":"package-lock.json","additions":900,"deletions":10,"patch":"@@ -1 +1 @@\n-a\n+b"},
//!   {"filename":"tests/test_cli.py","additions":5,"deletions":0}]}"#).unwrap();
//! let facts = prlens::engine::files::classify_all(&bundle, &prlens::Settings::default());
//! assert!(facts[0].lockfile && facts[0].excluded_from_size);
//! assert_eq!(facts[1].class, prlens::engine::FileClass::Test);
//! ```

use glob::{MatchOptions, Pattern};

use crate::bundle::{Bundle, ChangedFile};
use crate::engine::api_surface::{self, ApiSurface, FormattingFacts};
use crate::engine::diff;
use crate::engine::path_index;
use crate::settings::paths::*;
use crate::settings::Settings;

mod attributes;
mod path_rules;
pub mod reading;
pub mod size;
#[cfg(test)]
mod tests;
mod trust_rules;

pub use crate::settings::paths::TrustBoundary;
use attributes::ClaimedAttributes;
pub use path_rules::package_json_scripts_changed;
use path_rules::*;
pub use reading::ReadingFacts;
use reading::{CodeLines, CommentSyntax};

/// The primary nature of a file, for focus reasons and size weighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileClass {
    Source,
    Test,
    Docs,
    Config,
    Asset,
    #[default]
    Other,
}

/// Facts about one changed file. `Default` exists so tests can build one with
/// `FileFacts { path: "…".into(), ..Default::default() }` and survive new fields.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FileFacts {
    /// Index into `bundle.files`.
    pub index: usize,
    pub path: String,
    pub class: FileClass,
    pub lockfile: bool,
    pub generated: bool,
    pub vendored: bool,
    /// A dependency manifest (package.json, Cargo.toml, …).
    pub manifest: bool,
    /// Ecosystem of a manifest or lockfile ("npm", "cargo", "pip", "go", "maven", …).
    pub ecosystem: Option<&'static str>,
    pub ci_config: bool,
    pub build_script: bool,
    /// Binary content: a binary extension, or GitHub sent no patch for a 0/0 change.
    pub binary: bool,
    /// Sensitive area, if any: auth, crypto, secrets, migrations, infra, permissions, billing,
    /// or `custom` for user globs.
    pub sensitive: Option<&'static str>,
    /// Programming language inferred from the extension (e.g. "rust", "python").
    pub language: Option<&'static str>,
    /// Lockfiles, generated, vendored and binary files do not count toward review *minutes*.
    /// Generated and vendored are the author's claim (a path, a header, the PR's own
    /// `.gitattributes`, the page), so they never lower risk: see [`FileFacts::risk_lines`].
    pub excluded_from_size: bool,
    /// The PR's own `.gitattributes` hides this file's diff (`-diff`, `binary`).
    pub diff_hidden: bool,
    /// What this file guards, when it is a trust-boundary file (CODEOWNERS, registry settings…).
    pub trust_boundary: Option<TrustBoundary>,
    /// A rename whose previous path was sensitive: `sensitive` keeps the previous category even
    /// where the new path (under `tests/`, say) would not count.
    pub moved_from_sensitive: bool,
    /// Prose, translations and test data (not code): read faster than code, so they weigh
    /// [`crate::settings::weights::LIGHT_READING_FACTOR`] in minutes and size.
    pub light_reading: bool,
    /// Example or demo code (a top-level `examples/`…): it weighs like docs in size and is no
    /// spread ([`size`]).
    pub example: bool,
    pub additions: u64,
    pub deletions: u64,
    /// GitHub's status: added, removed, modified, renamed, copied, changed, unchanged.
    pub status: String,
    /// True when the bundle holds this file's patch.
    pub has_patch: bool,
    /// GitHub sent no patch for this file (binary or too large to diff) in a bundle whose
    /// patches were fetched. The only fact a missing patch may be read as: when the bundle's
    /// patches were not fetched (the list query, `Bundle::patches_fetched`), a missing patch is
    /// no evidence and this is false (issue #35: "not fetched" is never evidence).
    pub patch_withheld: bool,
    /// Public API definitions added, removed or re-signed in this file (source files only).
    pub api: ApiSurface,
    /// Formatting-only hunks and lines (source files only).
    pub formatting: FormattingFacts,
    /// Comments, moved code and mechanical sweeps among the changed lines (files with a known
    /// comment syntax; see [`reading`]).
    pub reading: ReadingFacts,
}

impl FileFacts {
    /// Additions plus deletions.
    pub fn changed_lines(&self) -> u64 {
        self.additions.saturating_add(self.deletions)
    }

    /// The file name without its directories, ASCII-lowercased: manifest, lockfile and script
    /// names are matched case-insensitively (`Package.json` on a case-insensitive checkout).
    /// Borrowed when already lower-case, and found bytewise: several supply-chain finders ask
    /// for every file, and `rsplit` plus a fresh `String` cost more than the check itself.
    pub fn lowercase_basename(&self) -> std::borrow::Cow<'_, str> {
        crate::text::ascii_lowercase(crate::text::basename(&self.path))
    }

    /// Source code that counts toward review (not generated, vendored or binary).
    pub fn is_reviewable_source(&self) -> bool {
        self.class == FileClass::Source && !self.excluded_from_size
    }

    /// The lines this file adds to the *risk* of the change: every changed line except those
    /// of lockfiles (weighed by the supply-chain findings) and binaries (weighed by
    /// `binary_files`). Generated and vendored lines count: the author decides what looks so.
    pub fn risk_lines(&self) -> u64 {
        if self.lockfile || self.binary {
            0
        } else {
            self.changed_lines()
        }
    }

    /// A binary that is or carries code (executables, libraries, archives, bytecode, model
    /// weights that execute on load, or a name without an extension), not an image or a font.
    pub fn binary_may_carry_code(&self) -> bool {
        let basename = self.lowercase_basename();
        match basename.rsplit_once('.') {
            Some((_, extension)) => EXECUTABLE_EXTENSIONS.contains(&extension),
            None => true,
        }
    }

    /// Excluded from minutes only on the author's word (generated or vendored, not a lockfile
    /// or binary): content nobody reads in the diff view although it may run.
    pub fn excluded_on_authors_word(&self) -> bool {
        (self.generated || self.vendored) && !self.lockfile && !self.binary
    }
}

/// True when no changed file can run or configure anything: every file is prose,
/// translations, test data or a non-executable binary (an image, a font), none is sensitive or
/// a trust boundary. Identity drivers weigh less then: what a newcomer can do with a README is
/// limited. False for an empty list (nothing is known).
pub fn cannot_run_code(files: &[FileFacts]) -> bool {
    !files.is_empty()
        && files.iter().all(|file| {
            let inert = file.light_reading || (file.binary && !file.binary_may_carry_code());
            inert
                && file.sensitive.is_none()
                && file.trust_boundary.is_none()
                && !file.diff_hidden
                && !file.build_script
                && !file.ci_config
        })
}

/// What a change can do, for the identity drivers (issue #32, item 6): a newcomer's change
/// that cannot run anything is a newcomer's typo, not a risky change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Something that runs, configures or guards may change.
    Runs,
    /// Only prose, translations, test data or images ([`cannot_run_code`]).
    Inert,
    /// Only comments (and blank lines) in code or configuration, next to inert files: nothing
    /// that runs changes.
    CommentsOnly,
}

impl Reach {
    /// Why identity drivers weigh less, for their detail ("comment-only change").
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Reach::Runs => None,
            Reach::Inert => Some("docs, translations or test data only"),
            Reach::CommentsOnly => Some("comment-only change"),
        }
    }
}

/// What the changed files can do.
pub fn reach(files: &[FileFacts]) -> Reach {
    if cannot_run_code(files) {
        return Reach::Inert;
    }
    let comments_only = !files.is_empty()
        && files.iter().any(|file| file.reading.only_comments())
        && files.iter().all(|file| {
            let inert = file.light_reading || (file.binary && !file.binary_may_carry_code());
            let quiet = file.reading.only_comments() || inert;
            quiet && file.trust_boundary.is_none() && !file.diff_hidden && !file.lockfile
        });
    if comments_only {
        Reach::CommentsOnly
    } else {
        Reach::Runs
    }
}

/// The user's globs, compiled once per analysis. Invalid globs are skipped (settings
/// validation reports them to the user; scoring must not fail on them).
struct UserGlobs {
    generated: Vec<Pattern>,
    vendored: Vec<Pattern>,
    tests: Vec<Pattern>,
    sensitive: Vec<Pattern>,
}

const GLOB_OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: false,
    require_literal_separator: true,
    require_literal_leading_dot: false,
};

impl UserGlobs {
    fn compile(settings: &Settings) -> Self {
        let compile = |globs: &[String]| -> Vec<Pattern> {
            globs
                .iter()
                .filter_map(|glob| Pattern::new(glob.trim()).ok())
                .collect()
        };
        Self {
            generated: compile(&settings.paths.generated),
            vendored: compile(&settings.paths.vendored),
            tests: compile(&settings.paths.tests),
            sensitive: compile(&settings.paths.sensitive),
        }
    }

    fn matches(patterns: &[Pattern], path: &str) -> bool {
        patterns
            .iter()
            .any(|pattern| pattern.matches_with(path, GLOB_OPTIONS))
    }
}

/// Classifies every file of the bundle, in bundle order.
pub fn classify_all(bundle: &Bundle, settings: &Settings) -> Vec<FileFacts> {
    let globs = UserGlobs::compile(settings);
    let claimed = ClaimedAttributes::read(bundle.files.as_deref().unwrap_or(&[]));
    // A set: checked once per file, and a big PR collapses many generated files.
    let collapsed: std::collections::HashSet<&str> = bundle
        .page
        .iter()
        .flat_map(|page| page.generated_files.iter().map(String::as_str))
        .collect();
    let mut code_lines: Vec<CodeLines> = Vec::new();
    let mut all: Vec<FileFacts> = bundle
        .files
        .iter()
        .flatten()
        .enumerate()
        .map(|(index, file)| {
            let (mut facts, code) = classify_with_lines(file, &globs, bundle.patches_fetched);
            code_lines.push(code);
            facts.index = index;
            // The page's collapsed files and the PR's own attributes are the author's word:
            // they shorten minutes, never risk (see `risk_lines`).
            if collapsed.contains(&file.filename.as_str())
                || (!claimed.is_empty() && claimed.claims_generated(&file.filename))
            {
                facts.generated = true;
                facts.excluded_from_size = true;
            }
            if !claimed.is_empty() && claimed.hides_diff(&file.filename) {
                facts.diff_hidden = true;
            }
            facts
        })
        .collect();
    let mut pairs: Vec<(&mut ReadingFacts, CodeLines)> = all
        .iter_mut()
        .zip(code_lines)
        .map(|(facts, code)| (&mut facts.reading, code))
        .collect();
    reading::mark_moves_and_sweeps(&mut pairs);
    all
}

/// Classifies one file with the built-in lists only (moves and sweeps, which need the whole
/// PR, are not counted).
pub fn classify_file(file: &ChangedFile) -> FileFacts {
    classify_with_lines(
        file,
        &UserGlobs {
            generated: vec![],
            vendored: vec![],
            tests: vec![],
            sensitive: vec![],
        },
        true,
    )
    .0
}

/// `patches_fetched`: whether a missing patch says anything (see [`FileFacts::patch_withheld`]).
fn classify_with_lines(
    file: &ChangedFile,
    globs: &UserGlobs,
    patches_fetched: bool,
) -> (FileFacts, CodeLines) {
    let patch_withheld = patches_fetched && file.patch.is_none();
    let path = file.filename.as_str();
    let original = slashed(path);
    let lower = lower_path(&original);
    let name = PathName::new(&original, &lower);
    // The full parse is needed only for source code (API surface), minifiable assets and
    // package.json; most other files (docs, lockfiles, configs, tests) need only the head of the
    // first hunk for the generated-code marker.
    let parsed = std::cell::OnceCell::new();
    let patch = || {
        parsed
            .get_or_init(|| file.patch.as_deref().map(diff::parse))
            .as_ref()
    };
    let language = path_index::language(name.extension);
    let lockfile_ecosystem = path_index::lockfile(name.basename);
    let manifest_ecosystem = manifest_ecosystem(&name);
    let vendored = is_vendored(&name) || UserGlobs::matches(&globs.vendored, path);
    let generated = is_generated_path(&name)
        || file.patch.as_deref().is_some_and(|text| {
            (first_hunk_starts_the_file(text)
                && has_generated_marker(&diff::first_hunk_lines(text, GENERATED_MARKER_LINES)))
                || (MINIFIABLE_EXTENSIONS.contains(&name.extension)
                    && patch().is_some_and(|patch| is_minified(&name, patch)))
        })
        || UserGlobs::matches(&globs.generated, path);
    let binary = is_binary(file, &name, language, patch_withheld);
    let test = is_test(&name) || UserGlobs::matches(&globs.tests, path);
    let docs = !test && is_docs(&name, manifest_ecosystem.is_some(), language);
    let ci_config = is_ci_config(&name);
    // `requirements.in` is a pip manifest, not an autoconf input.
    let build_script = (is_build_script(&name, language)
        && !(name.extension == "in" && manifest_ecosystem.is_some()))
        || (name.basename == "package.json" && patch().is_some_and(package_json_scripts_changed));
    let class = if binary {
        FileClass::Asset
    } else if test {
        FileClass::Test
    } else if docs {
        FileClass::Docs
    } else if lockfile_ecosystem.is_some() || manifest_ecosystem.is_some() && language.is_none() {
        FileClass::Config
    } else if let Some(language) = language {
        if NON_LOGIC_LANGUAGES.contains(&language) {
            FileClass::Asset
        } else {
            FileClass::Source
        }
    } else if ci_config
        || build_script
        || path_index::is_config_extension(name.extension)
        || name.basename.starts_with('.')
    {
        FileClass::Config
    } else {
        FileClass::Other
    };
    let sensitive_at = |path: &str, name: &PathName, class: FileClass| {
        if class == FileClass::Docs {
            None
        } else if UserGlobs::matches(&globs.sensitive, path) {
            Some("custom")
        } else {
            sensitive_category(name).or_else(|| trust_rules::framework_security(name))
        }
    };
    let mut sensitive = sensitive_at(path, &name, class);
    // A rename keeps what its previous path was: an auth module moved under `tests/` or
    // `docs/` is still the auth module.
    let moved_from = file
        .previous_filename
        .as_deref()
        .filter(|previous| *previous != path)
        .and_then(|previous| {
            let original = slashed(previous);
            let lower = lower_path(&original);
            let previous_name = PathName::new(&original, &lower);
            let previous_test = is_test(&previous_name);
            let previous_docs = !previous_test
                && is_docs(
                    &previous_name,
                    path_rules::manifest_ecosystem(&previous_name).is_some(),
                    path_index::language(previous_name.extension),
                );
            let previous_class = if previous_docs {
                FileClass::Docs
            } else if previous_test {
                FileClass::Test
            } else {
                FileClass::Source
            };
            sensitive_at(previous, &previous_name, previous_class)
                .filter(|_| previous_class != FileClass::Test)
        });
    let moved_from_sensitive = moved_from.is_some()
        && (sensitive.is_none() || matches!(class, FileClass::Test | FileClass::Docs));
    if moved_from_sensitive {
        sensitive = moved_from;
    }
    let lockfile = lockfile_ecosystem.is_some();
    // Lines are read in code and configuration, not in prose (docs weigh lightly already),
    // lockfiles or binaries.
    let syntax = CommentSyntax::of(language, name.extension, name.basename)
        .filter(|_| !lockfile && !binary && class != FileClass::Docs);
    let (reading, code_lines) = match (syntax, patch()) {
        (Some(syntax), Some(patch)) => reading::read_file(patch, syntax),
        _ => (ReadingFacts::default(), CodeLines::default()),
    };
    // Generated and vendored sources are still analysed: the author decides what looks so.
    let (mut api, formatting) = match language {
        Some(language) if class == FileClass::Source => patch()
            .map(|patch| api_surface::analyze(patch, language, name.extension))
            .unwrap_or_default(),
        _ => (ApiSurface::default(), FormattingFacts::default()),
    };
    // A private module's definitions are nobody's API.
    if is_private_module(&name, language) {
        api = ApiSurface::default();
    }
    let facts = FileFacts {
        index: 0,
        path: path.to_string(),
        class,
        lockfile,
        generated,
        vendored,
        manifest: manifest_ecosystem.is_some(),
        ecosystem: lockfile_ecosystem.or(manifest_ecosystem),
        ci_config,
        build_script,
        binary,
        sensitive,
        language,
        excluded_from_size: lockfile || generated || vendored || binary,
        diff_hidden: false,
        trust_boundary: trust_rules::trust_boundary(&name),
        moved_from_sensitive,
        // Prose, translations and test data are never code (a translation catalogue has no
        // programming language either).
        light_reading: language.is_none()
            && (matches!(class, FileClass::Docs | FileClass::Test) || is_translation(&name)),
        example: is_example(&name),
        additions: file.additions,
        deletions: file.deletions,
        status: file.status.clone(),
        has_patch: file.patch.is_some(),
        patch_withheld,
        api,
        formatting,
        reading,
    };
    (facts, code_lines)
}
