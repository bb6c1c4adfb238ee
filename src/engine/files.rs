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
use crate::engine::api_surface::{self, ApiSurface};
use crate::engine::diff;
use crate::engine::path_index;
use crate::settings::paths::*;
use crate::settings::Settings;

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
    /// Lockfiles, generated, vendored and binary files do not count toward review size.
    pub excluded_from_size: bool,
    pub additions: u64,
    pub deletions: u64,
    /// GitHub's status: added, removed, modified, renamed, copied, changed, unchanged.
    pub status: String,
    /// False when GitHub sent no patch (binary or too large to diff).
    pub has_patch: bool,
    /// Public API definitions added, removed or re-signed in this file (source files only).
    pub api: ApiSurface,
}

impl FileFacts {
    /// Additions plus deletions.
    pub fn changed_lines(&self) -> u64 {
        self.additions.saturating_add(self.deletions)
    }

    /// The file name without its directories, ASCII-lowercased: manifest, lockfile and script
    /// names are matched case-insensitively (`Package.json` on a case-insensitive checkout).
    pub fn lowercase_basename(&self) -> String {
        self.path
            .rsplit('/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    }

    /// Source code that counts toward review (not generated, vendored or binary).
    pub fn is_reviewable_source(&self) -> bool {
        self.class == FileClass::Source && !self.excluded_from_size
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
    // A set: checked once per file, and a big PR collapses many generated files.
    let collapsed: std::collections::HashSet<&str> = bundle
        .page
        .iter()
        .flat_map(|page| page.generated_files.iter().map(String::as_str))
        .collect();
    bundle
        .files
        .iter()
        .flatten()
        .enumerate()
        .map(|(index, file)| {
            let mut facts = classify(file, &globs);
            facts.index = index;
            if collapsed.contains(&file.filename.as_str()) {
                facts.generated = true;
                facts.excluded_from_size = true;
            }
            facts
        })
        .collect()
}

/// Classifies one file with the built-in lists only.
pub fn classify_file(file: &ChangedFile) -> FileFacts {
    classify(
        file,
        &UserGlobs {
            generated: vec![],
            vendored: vec![],
            tests: vec![],
            sensitive: vec![],
        },
    )
}

fn classify(file: &ChangedFile, globs: &UserGlobs) -> FileFacts {
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
            has_generated_marker(&diff::first_hunk_lines(text, GENERATED_MARKER_LINES))
                || (MINIFIABLE_EXTENSIONS.contains(&name.extension)
                    && patch().is_some_and(|patch| is_minified(&name, patch)))
        })
        || UserGlobs::matches(&globs.generated, path);
    let binary = is_binary(file, &name, language);
    let test = is_test(&name) || UserGlobs::matches(&globs.tests, path);
    let docs = !test && is_docs(&name, manifest_ecosystem.is_some(), language);
    let ci_config = is_ci_config(&name);
    let build_script = is_build_script(&name, language)
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
    let sensitive = if class == FileClass::Docs {
        None
    } else if UserGlobs::matches(&globs.sensitive, path) {
        Some("custom")
    } else {
        sensitive_category(&name)
    };
    let lockfile = lockfile_ecosystem.is_some();
    let api = match language {
        Some(language) if class == FileClass::Source && !generated && !vendored => patch()
            .map(|patch| api_surface::analyze(patch, language, name.extension))
            .unwrap_or_default(),
        _ => ApiSurface::default(),
    };
    FileFacts {
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
        additions: file.additions,
        deletions: file.deletions,
        status: file.status.clone(),
        has_patch: file.patch.is_some(),
        api,
    }
}

/// A path split the ways the tables need it, all lower-case (ASCII letters: every table entry
/// is ASCII). Borrows the two strings the caller owns, so splitting allocates nothing.
struct PathName<'a> {
    /// The whole path, lower-case, `/`-separated, without a leading `./` or `/`.
    lower: &'a str,
    basename: &'a str,
    /// Extension without the dot ("" when none; dotfiles like `.env` have none).
    extension: &'a str,
    /// The directory part of `lower` (before the last `/`), `None` without one.
    directory: Option<&'a str>,
    /// The path as given, `/`-separated (for camelCase word splitting).
    original: &'a str,
    /// The basename as given (for case-sensitive suffixes such as `Test.java`).
    original_basename: &'a str,
}

/// The path with `/` separators (`\` replaced), borrowed when it already has them.
fn slashed(path: &str) -> std::borrow::Cow<'_, str> {
    if path.contains('\\') {
        std::borrow::Cow::Owned(path.replace('\\', "/"))
    } else {
        std::borrow::Cow::Borrowed(path)
    }
}

/// The lower-case form [`PathName::new`] expects: no leading `./` or `/`, ASCII lower-case.
fn lower_path(original: &str) -> String {
    original
        .trim_start_matches("./")
        .trim_start_matches('/')
        .to_ascii_lowercase()
}

impl<'a> PathName<'a> {
    /// `original` is [`slashed`], `lower` its [`lower_path`].
    fn new(original: &'a str, lower: &'a str) -> Self {
        let (directory, basename) = match lower.rfind('/') {
            Some(slash) => (lower.get(..slash), lower.get(slash + 1..).unwrap_or("")),
            None => (None, lower),
        };
        let extension = match basename.rfind('.') {
            Some(0) | None => "",
            Some(dot) => basename.get(dot + 1..).unwrap_or(""),
        };
        Self {
            lower,
            basename,
            extension,
            directory,
            original,
            original_basename: original.rsplit('/').next().unwrap_or(""),
        }
    }

    /// Directory segments (not the basename), outermost first.
    fn dirs(&self) -> impl Iterator<Item = &'a str> {
        self.directory
            .into_iter()
            .flat_map(|directory| directory.split('/'))
    }

    fn in_dir(&self, names: &[&str]) -> bool {
        match self.directory {
            Some(directory) => directory.split('/').any(|dir| names.contains(&dir)),
            None => false,
        }
    }

    /// `prefix` is a directory path ending in `/`, matched at the root or after any `/`
    /// (without building `"/{prefix}"`: this runs for every table entry of every file).
    fn under(&self, prefix: &str) -> bool {
        starts_with(self.lower, prefix)
            || self.lower.match_indices('/').any(|(slash, _)| {
                self.lower
                    .get(slash + 1..)
                    .is_some_and(|rest| starts_with(rest, prefix))
            })
    }
}

/// `text.ends_with(suffix)`, comparing the last byte first: the path tables are scanned for
/// every file, and most entries already differ there, so a miss costs no `memcmp` call.
fn ends_with(text: &str, suffix: &str) -> bool {
    match (text.as_bytes().last(), suffix.as_bytes().last()) {
        (_, None) => true,
        (Some(last), Some(suffix_last)) => last == suffix_last && text.ends_with(suffix),
        (None, Some(_)) => false,
    }
}

/// `text.starts_with(prefix)`, comparing the first byte first (see [`ends_with`]).
fn starts_with(text: &str, prefix: &str) -> bool {
    match (text.as_bytes().first(), prefix.as_bytes().first()) {
        (_, None) => true,
        (Some(first), Some(prefix_first)) => first == prefix_first && text.starts_with(prefix),
        (None, Some(_)) => false,
    }
}

fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, value)| *value)
}

fn manifest_ecosystem(name: &PathName) -> Option<&'static str> {
    if let Some(ecosystem) = path_index::manifest(name.basename) {
        return Some(ecosystem);
    }
    if let Some((_, ecosystem)) = MANIFEST_SUFFIXES
        .iter()
        .find(|(suffix, _)| ends_with(name.basename, suffix))
    {
        return Some(ecosystem);
    }
    let requirement_file = (name.basename.starts_with(REQUIREMENTS_PREFIX)
        && (name.extension == "txt" || name.extension == "in"))
        || (name.extension == "txt" && name.in_dir(&["requirements"]))
        || name.basename == "constraints.txt";
    requirement_file.then_some("pip")
}

fn is_vendored(name: &PathName) -> bool {
    name.in_dir(VENDORED_DIRS) || VENDORED_SEGMENTS.iter().any(|segment| name.under(segment))
}

fn is_generated_path(name: &PathName) -> bool {
    GENERATED_SUFFIXES
        .iter()
        .any(|suffix| ends_with(name.basename, suffix))
        || (matches!(name.extension, "js" | "mjs" | "cjs")
            && GENERATED_JS_DIRS.iter().any(|dir| name.under(dir)))
}

/// Lines of the first hunk searched for a generated-code marker.
const GENERATED_MARKER_LINES: usize = 12;

/// Looks for a generated-code marker in the first lines of a file's first hunk (where such
/// headers live): `head` is [`diff::first_hunk_lines`].
fn has_generated_marker(head: &[diff::Line]) -> bool {
    head.iter().take(GENERATED_MARKER_LINES).any(|line| {
        // Every marker contains "generated" (a test pins it); most lines do not, and this check
        // needs neither a lower-cased copy nor a substring search per marker.
        if !contains_ascii_case_insensitive(line.text.as_bytes(), GENERATED_WORD) {
            return false;
        }
        let text = line.text.to_ascii_lowercase();
        (text.contains("code generated") && text.contains("do not edit"))
            || GENERATED_MARKERS.iter().any(|marker| text.contains(marker))
    })
}

/// The word every generated-code marker contains (lower-case ASCII).
const GENERATED_WORD: &[u8] = b"generated";

/// True when `haystack` contains the lower-case ASCII `needle`, ignoring ASCII case: exactly
/// `to_ascii_lowercase().contains(needle)`, without the lower-cased copy.
fn contains_ascii_case_insensitive(haystack: &[u8], needle: &[u8]) -> bool {
    let Some((first, rest)) = needle.split_first() else {
        return true;
    };
    // Compare whole windows only where the first byte matches (rare in code lines).
    haystack.windows(needle.len()).any(|window| {
        window
            .first()
            .is_some_and(|byte| byte.to_ascii_lowercase() == *first)
            && window
                .get(1..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(rest))
    })
}

fn is_minified(name: &PathName, patch: &diff::Patch) -> bool {
    if !MINIFIABLE_EXTENSIONS.contains(&name.extension) {
        return false;
    }
    let (lines, characters) = patch
        .added()
        .fold((0usize, 0usize), |(lines, chars), line| {
            (lines + 1, chars + line.chars().count())
        });
    lines > 0 && characters / lines > MINIFIED_AVERAGE_LINE_LENGTH
}

fn is_binary(file: &ChangedFile, name: &PathName, language: Option<&str>) -> bool {
    if path_index::is_binary_extension(name.extension) {
        return true;
    }
    let known_text = language.is_some()
        || path_index::is_doc_extension(name.extension)
        || path_index::is_config_extension(name.extension);
    file.patch.is_none()
        && file.additions == 0
        && file.deletions == 0
        && !known_text
        && matches!(
            file.status.as_str(),
            "added" | "modified" | "removed" | "changed"
        )
}

fn is_test(name: &PathName) -> bool {
    name.in_dir(TEST_DIRS)
        || name.dirs().any(|dir| {
            ends_with(dir, ".tests") || ends_with(dir, ".test") || ends_with(dir, ".unittests")
        })
        || TEST_BASENAMES.contains(&name.basename)
        || TEST_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || TEST_SUFFIXES
            .iter()
            .any(|suffix| ends_with(name.basename, suffix) && name.basename.len() > suffix.len())
        || TEST_CAMEL_SUFFIXES.iter().any(|suffix| {
            ends_with(name.original_basename, suffix) && name.original_basename.len() > suffix.len()
        })
}

fn is_docs(name: &PathName, manifest: bool, language: Option<&str>) -> bool {
    if manifest || name.basename == "cmakelists.txt" {
        return false;
    }
    if path_index::is_doc_extension(name.extension) {
        return true;
    }
    let stem = name.basename.split('.').next().unwrap_or("");
    if DOC_BASENAME_PREFIXES.contains(&stem) && language.is_none() {
        return true;
    }
    if !name.in_dir(DOC_DIRS) {
        return false;
    }
    // Anything under a top-level docs tree (including `docs/conf.py`) is documentation;
    // deeper `doc/` folders hold docs only when the file is not code.
    let top_level_docs = name
        .dirs()
        .next()
        .is_some_and(|top| DOC_DIRS.contains(&top));
    top_level_docs || language.is_none()
}

fn is_ci_config(name: &PathName) -> bool {
    CI_BASENAMES.contains(&name.basename)
        || CI_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.lower, prefix))
        || CI_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || (name.directory.is_none() && matches!(name.basename, "action.yml" | "action.yaml"))
}

fn is_build_script(name: &PathName, language: Option<&str>) -> bool {
    if BUILD_BASENAMES.contains(&name.basename)
        || BUILD_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || BUILD_SUFFIXES
            .iter()
            .any(|suffix| ends_with(name.basename, suffix))
    {
        return true;
    }
    let script = SCRIPT_EXTENSIONS.contains(&name.extension);
    let in_build_dir = BUILD_DIRS.iter().any(|dir| starts_with(name.lower, dir))
        || name.lower.starts_with(".husky/");
    (script && in_build_dir)
        || name.lower.starts_with(".husky/")
        || (language == Some("shell") && name.directory.is_none())
}

/// True when an added or removed line of `package.json` lies inside its `"scripts"` object,
/// tracked through the new-file view of each hunk (context lines carry the nesting).
pub fn package_json_scripts_changed(patch: &diff::Patch) -> bool {
    for hunk in &patch.hunks {
        let mut inside = hunk.section.contains("\"scripts\"");
        for line in &hunk.lines {
            let text = line.text.trim();
            let opens_scripts = text.starts_with("\"scripts\"") && text.contains('{');
            if line.kind != diff::LineKind::Context && (inside || opens_scripts) {
                return true;
            }
            if opens_scripts && !text.contains('}') {
                inside = true;
            } else if inside && text.starts_with('}') {
                inside = false;
            }
        }
    }
    false
}

/// Splits a path into lower-case words at `/ . _ -` and camelCase boundaries, written into one
/// string with a space after each word (one allocation per path, not one per word; words never
/// contain a space, which is not alphanumeric).
fn words(path: &str) -> String {
    let mut words = String::with_capacity(path.len() + 8);
    let mut in_word = false;
    let mut previous_lower = false;
    for character in path.chars() {
        if !character.is_alphanumeric() {
            if in_word {
                words.push(' ');
                in_word = false;
            }
            previous_lower = false;
            continue;
        }
        if character.is_uppercase() && previous_lower && in_word {
            words.push(' ');
        }
        previous_lower = character.is_lowercase() || character.is_ascii_digit();
        words.push(character.to_ascii_lowercase());
        in_word = true;
    }
    words
}

fn sensitive_category(name: &PathName) -> Option<&'static str> {
    if name.basename == "codeowners" {
        return Some("permissions");
    }
    if SECRET_BASENAMES.contains(&name.basename)
        || name.basename.starts_with(".env.")
        || SECRET_EXTENSIONS.contains(&name.extension)
    {
        return Some("secrets");
    }
    if let Some(category) = lookup(SENSITIVE_EXTENSIONS, name.extension) {
        return Some(category);
    }
    let path = name.original;
    let without_extension = match path.rfind('.') {
        Some(dot) if dot > path.rfind('/').map_or(0, |slash| slash + 1) => {
            path.get(..dot).unwrap_or(path)
        }
        _ => path,
    };
    let words = words(without_extension);
    path_index::sensitive_area(words.split(' ').filter(|word| !word.is_empty()))
}

/// Splits a path (original case) into words; exposed for camelCase-aware sensitive matching.
#[cfg(test)]
fn words_of(path: &str) -> Vec<String> {
    words(path).split_whitespace().map(String::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str) -> ChangedFile {
        ChangedFile {
            filename: path.into(),
            status: "modified".into(),
            additions: 3,
            deletions: 1,
            patch: Some("@@ -1 +1,3 @@\n-a\n+b\n+c\n+d".into()),
            ..Default::default()
        }
    }

    fn facts(path: &str) -> FileFacts {
        classify_file(&file(path))
    }

    #[test]
    fn every_generated_marker_contains_the_prefilter_word() {
        let word = std::str::from_utf8(GENERATED_WORD).unwrap();
        assert!(GENERATED_MARKERS.iter().all(|marker| marker.contains(word)));
        assert!("code generated".contains(word));
        let marked = diff::first_hunk_lines(
            "@@ -0,0 +1,2 @@\n+// Code GENERATED by x. DO NOT EDIT.\n+package a",
            GENERATED_MARKER_LINES,
        );
        assert!(has_generated_marker(&marked));
        let plain = diff::first_hunk_lines(
            "@@ -0,0 +1,2 @@\n+// Code written by hand.\n+package a",
            GENERATED_MARKER_LINES,
        );
        assert!(!has_generated_marker(&plain));
    }

    #[test]
    fn lockfiles_of_every_listed_ecosystem_are_excluded_from_size() {
        for (path, ecosystem) in [
            ("package-lock.json", "npm"),
            ("web/yarn.lock", "npm"),
            ("pnpm-lock.yaml", "npm"),
            ("Cargo.lock", "cargo"),
            ("Gemfile.lock", "ruby"),
            ("composer.lock", "composer"),
            ("poetry.lock", "pip"),
            ("uv.lock", "pip"),
            ("go.sum", "go"),
            ("ios/Podfile.lock", "cocoapods"),
            ("Package.resolved", "swift"),
            ("flake.lock", "nix"),
            ("mix.lock", "mix"),
            ("pubspec.lock", "pub"),
            ("packages.lock.json", "nuget"),
            ("infra/.terraform.lock.hcl", "terraform"),
        ] {
            let facts = facts(path);
            assert!(facts.lockfile, "{path}");
            assert!(facts.excluded_from_size, "{path}");
            assert_eq!(facts.ecosystem, Some(ecosystem), "{path}");
            assert_eq!(facts.class, FileClass::Config, "{path}");
        }
    }

    #[test]
    fn manifests_are_recognised_per_ecosystem_and_still_count_toward_size() {
        for (path, ecosystem) in [
            ("package.json", "npm"),
            ("crates/core/Cargo.toml", "cargo"),
            ("pyproject.toml", "pip"),
            ("requirements.txt", "pip"),
            ("requirements-dev.txt", "pip"),
            ("requirements/base.txt", "pip"),
            ("go.mod", "go"),
            ("pom.xml", "maven"),
            ("app/build.gradle.kts", "gradle"),
            ("gradle/libs.versions.toml", "gradle"),
            ("Gemfile", "ruby"),
            ("my.gemspec", "ruby"),
            ("composer.json", "composer"),
            ("src/App/App.csproj", "nuget"),
            ("Package.swift", "swift"),
            ("pubspec.yaml", "pub"),
            ("mix.exs", "mix"),
        ] {
            let facts = facts(path);
            assert!(facts.manifest, "{path}");
            assert!(!facts.lockfile, "{path}");
            assert!(!facts.excluded_from_size, "{path}");
            assert_eq!(facts.ecosystem, Some(ecosystem), "{path}");
        }
        assert!(!facts("docs/requirements-notes.md").manifest);
    }

    #[test]
    fn vendored_and_generated_paths_are_excluded_from_size() {
        for path in [
            "node_modules/left-pad/index.js",
            "vendor/github.com/pkg/errors/errors.go",
            "third_party/zlib/inflate.c",
            "ios/Pods/AFNetworking/AFURLSession.m",
            "Carthage/Build/iOS/Foo.framework/Foo",
        ] {
            assert!(facts(path).vendored, "{path}");
            assert!(facts(path).excluded_from_size, "{path}");
        }
        for path in [
            "static/app.min.js",
            "static/app.js.map",
            "Forms/Main.Designer.cs",
            "api/service.pb.go",
            "proto/service_pb2.py",
            "proto/service_pb2_grpc.py",
            "web/dist/bundle.js",
            "lib/model.g.dart",
        ] {
            assert!(facts(path).generated, "{path}");
            assert!(facts(path).excluded_from_size, "{path}");
        }
        assert!(!facts("src/vendored_helpers.py").vendored);
        assert!(!facts("src/distance.js").generated);
    }

    #[test]
    fn generated_markers_and_minified_lines_are_detected_from_the_patch() {
        let mut go = file("internal/mock/store.go");
        go.status = "added".into();
        go.patch = Some(
            "@@ -0,0 +1,3 @@\n+// Code generated by MockGen. DO NOT EDIT.\n+package mock\n+".into(),
        );
        assert!(classify_file(&go).generated);

        let mut minified = file("public/vendor-lib.js");
        let long_line = format!("+{}", "a=1;".repeat(40));
        minified.patch = Some(format!("@@ -0,0 +1,2 @@\n{long_line}\n{long_line}"));
        assert!(classify_file(&minified).generated);

        let mut readable = file("public/app.js");
        readable.patch = Some("@@ -0,0 +1,2 @@\n+const a = 1;\n+const b = 2;".into());
        assert!(!classify_file(&readable).generated);

        let mut long_python = file("src/data.py");
        long_python.patch = Some(format!("@@ -0,0 +1 @@\n{long_line}"));
        assert!(
            !classify_file(&long_python).generated,
            "minified check is JS/CSS only"
        );
    }

    #[test]
    fn ci_configuration_of_every_listed_system_is_recognised() {
        for path in [
            ".github/workflows/ci.yml",
            ".github/workflows/release.yaml",
            ".github/actions/setup/action.yml",
            ".gitlab-ci.yml",
            ".circleci/config.yml",
            "Jenkinsfile",
            "ci/Jenkinsfile.release",
            "azure-pipelines.yml",
            ".travis.yml",
            ".buildkite/pipeline.yml",
            "bitbucket-pipelines.yml",
        ] {
            assert!(facts(path).ci_config, "{path}");
        }
        assert!(!facts("docs/workflows/ci.md").ci_config);
        assert!(!facts("src/github/workflows.py").ci_config);
    }

    #[test]
    fn build_scripts_are_recognised_including_package_json_script_changes() {
        for path in [
            "Makefile",
            "tools/rules.mk",
            "Dockerfile",
            "docker/Dockerfile.dev",
            "docker-compose.yml",
            "build.rs",
            "CMakeLists.txt",
            "app/build.gradle",
            "setup.py",
            "scripts/release.sh",
            ".husky/pre-commit",
            "build.sbt",
        ] {
            assert!(facts(path).build_script, "{path}");
        }
        assert!(!facts("src/lib.rs").build_script);
        assert!(!facts("src/scripts.py").build_script);

        let mut scripts = file("package.json");
        scripts.patch = Some(
            "@@ -5,6 +5,7 @@\n   \"scripts\": {\n     \"test\": \"jest\",\n+    \"postinstall\": \"node x.js\",\n   },\n   \"dependencies\": {".into(),
        );
        assert!(classify_file(&scripts).build_script);
        let mut dependencies = file("package.json");
        dependencies.patch = Some(
            "@@ -5,6 +5,7 @@\n   \"scripts\": {\n     \"test\": \"jest\"\n   },\n   \"dependencies\": {\n-    \"a\": \"1.0.0\"\n+    \"a\": \"1.1.0\"".into(),
        );
        assert!(!classify_file(&dependencies).build_script);
    }

    #[test]
    fn tests_are_recognised_across_languages() {
        for path in [
            "tests/utils/test_activation_offloading.py",
            "test_cli.py",
            "pkg/server/handler_test.go",
            "src/app.spec.ts",
            "src/components/Button.test.tsx",
            "src/__tests__/button.js",
            "src/test/java/com/acme/ParserTest.java",
            "app/src/test/kotlin/FooTest.kt",
            "spec/models/user_spec.rb",
            "Acme.Tests/ParserTests.cs",
            "tests/integration.rs",
            "conftest.py",
        ] {
            assert_eq!(facts(path).class, FileClass::Test, "{path}");
        }
        for path in [
            "src/latest.py",
            "src/contest.go",
            "src/testify.rs",
            "attestation.py",
        ] {
            assert_ne!(facts(path).class, FileClass::Test, "{path}");
        }
    }

    #[test]
    fn docs_and_source_get_their_classes_and_languages() {
        for path in [
            "README.md",
            "docs/source/en/trainer.md",
            "CHANGELOG",
            "guide.rst",
            "manual.adoc",
            "notes.txt",
        ] {
            assert_eq!(facts(path).class, FileClass::Docs, "{path}");
        }
        assert_eq!(facts("docs/conf.py").class, FileClass::Docs);
        for (path, language) in [
            ("src/transformers/trainer.py", "python"),
            ("src/lib.rs", "rust"),
            ("web/app.tsx", "typescript"),
            ("cmd/main.go", "go"),
            ("include/api.h", "c"),
            ("Sources/App.swift", "swift"),
        ] {
            let facts = facts(path);
            assert_eq!(facts.class, FileClass::Source, "{path}");
            assert_eq!(facts.language, Some(language), "{path}");
        }
        assert_eq!(facts("config/app.yaml").class, FileClass::Config);
        assert_eq!(facts("requirements.txt").class, FileClass::Config);
    }

    #[test]
    fn sensitive_areas_carry_their_category() {
        for (path, category) in [
            ("src/auth/session.py", "auth"),
            ("app/services/AuthService.java", "auth"),
            ("lib/oauth2/client.rb", "auth"),
            ("pkg/crypto/aes.go", "crypto"),
            ("config/secrets.yml", "secrets"),
            (".env.production", "secrets"),
            ("certs/server.pem", "secrets"),
            ("db/migrate/20240101_add_users.rb", "migrations"),
            ("alembic/versions/abc.py", "migrations"),
            ("infra/main.tf", "infra"),
            ("deploy/k8s/deployment.yaml", "infra"),
            ("charts/app/templates/helm.yaml", "infra"),
            (".github/CODEOWNERS", "permissions"),
            ("src/rbac/roles.ts", "permissions"),
        ] {
            assert_eq!(facts(path).sensitive, Some(category), "{path}");
        }
        for path in [
            "src/transformers/models/bert/tokenization_bert.py",
            "src/transformers/models/bert/modeling_tf_bert.py",
            "src/author.py",
            "docs/auth.md",
            "src/transformers/trainer.py",
        ] {
            assert_eq!(facts(path).sensitive, None, "{path}");
        }
    }

    #[test]
    fn binary_files_are_detected_by_extension_or_missing_patch() {
        let mut image = file("assets/logo.png");
        image.patch = None;
        image.additions = 0;
        image.deletions = 0;
        assert!(classify_file(&image).binary);
        assert_eq!(classify_file(&image).class, FileClass::Asset);
        let mut blob = file("tools/blob");
        blob.patch = None;
        blob.additions = 0;
        blob.deletions = 0;
        assert!(classify_file(&blob).binary);
        let mut large_source = file("src/huge.py");
        large_source.patch = None;
        large_source.additions = 4000;
        assert!(
            !classify_file(&large_source).binary,
            "too-large diffs are not binary"
        );
        let mut renamed = file("src/moved.bin2");
        renamed.status = "renamed".into();
        renamed.patch = None;
        renamed.additions = 0;
        renamed.deletions = 0;
        assert!(!classify_file(&renamed).binary);
    }

    #[test]
    fn user_globs_extend_the_built_in_lists() {
        let settings = Settings::from_json_str(
            r#"{"paths":{"generated":["gen/**"],"vendored":["ext/**"],"tests":["qa/**/*.py"],"sensitive":["src/billing/**"]}}"#,
        )
        .unwrap();
        let bundle = Bundle::from_json_str(
            r#"{"pull":{"number":1},"files":[
              {"filename":"GEN/api/client.ts","additions":1,"deletions":0},
              {"filename":"ext/lib/a.c","additions":1,"deletions":0},
              {"filename":"qa/smoke/check.py","additions":1,"deletions":0},
              {"filename":"src/billing/charge.ts","additions":1,"deletions":0}],
              "page":{"generated_files":["src/schema.graphql.ts"]}}"#,
        )
        .unwrap();
        let facts = classify_all(&bundle, &settings);
        assert!(facts[0].generated, "globs match case-insensitively");
        assert!(facts[1].vendored);
        assert_eq!(facts[2].class, FileClass::Test);
        assert_eq!(facts[3].sensitive, Some("custom"));
        assert_eq!(facts[3].index, 3);
    }

    #[test]
    fn files_github_collapses_as_generated_are_generated() {
        let bundle = Bundle::from_json_str(
            r#"{"pull":{"number":1},"files":[{"filename":"src/api.ts","additions":10,"deletions":0}],
               "page":{"generated_files":["src/api.ts"]}}"#,
        )
        .unwrap();
        let facts = classify_all(&bundle, &Settings::default());
        assert!(facts[0].generated && facts[0].excluded_from_size);
    }

    #[test]
    fn case_is_folded_for_ascii_letters_only() {
        // Every table entry is ASCII: ASCII folding matches what Unicode folding matched, except
        // characters that Unicode folds *into* ASCII (the Kelvin sign to `k`), which no longer
        // pass for their look-alike (deliberate; also keeps Unicode case tables out of the wasm).
        assert_eq!(facts("src/AUTH/Session.PY").sensitive, Some("auth"));
        assert_eq!(facts("src/AUTH/Session.PY").language, Some("python"));
        assert!(facts("web/PACKAGE-LOCK.JSON").lockfile);
        assert!(!facts("web/pac\u{212A}age-lock.json").lockfile);
        assert_eq!(words_of("ÄrgerLog"), ["Ärger", "log"]);
    }

    #[test]
    fn camel_case_paths_split_into_words() {
        assert_eq!(words_of("AuthService.java"), ["auth", "service", "java"]);
        assert_eq!(
            words_of("db/migrate/v2_users"),
            ["db", "migrate", "v2", "users"]
        );
    }
}
