//! One changed file as the supply-chain finders read it: its path lower-cased once and its patch
//! parsed at most once, on first use.
//!
//! Why: every finder asks the same two questions of every file ("what is it called?", "what
//! does its patch change?"). On a 3,000-file PR, each finder lower-casing the path again and
//! re-parsing the same patch cost more than the checks themselves (docs/performance-history.md,
//! "Engine speed, round 3 (supply chain and bundle read)").

use std::borrow::Cow;
use std::cell::OnceCell;

use crate::bundle::ChangedFile;
use crate::engine::diff::{self, Patch};
use crate::engine::files::FileFacts;

pub(crate) struct FileView<'a> {
    pub file: &'a ChangedFile,
    pub facts: &'a FileFacts,
    /// The path, ASCII-lowercased: names are matched case-insensitively (`Package.json` on a
    /// case-insensitive checkout). Borrowed when the path already is lower-case.
    lower_path: Cow<'a, str>,
    patch: OnceCell<Patch<'a>>,
}

impl<'a> FileView<'a> {
    pub fn new(file: &'a ChangedFile, facts: &'a FileFacts) -> Self {
        FileView {
            file,
            facts,
            lower_path: crate::text::ascii_lowercase(&facts.path),
            patch: OnceCell::new(),
        }
    }

    /// The path as GitHub sent it (for findings).
    pub fn path(&self) -> &'a str {
        &self.facts.path
    }

    /// The path, ASCII-lowercased.
    pub fn lower_path(&self) -> &str {
        &self.lower_path
    }

    /// The file name without its directories, ASCII-lowercased.
    pub fn lower_name(&self) -> &str {
        crate::text::basename(&self.lower_path)
    }

    /// Whether a folder of the path starts with a dot (`.husky/`, `a/.idea/`): the hook and
    /// editor folders the finders look for all do, and most paths have none, which spares
    /// walking them folder by folder.
    pub fn in_dot_folder(&self) -> bool {
        let folders = self.lower_path.as_bytes();
        let folders = folders
            .get(..folders.len() - self.lower_name().len())
            .unwrap_or_default();
        folders.first() == Some(&b'.')
            || folders.windows(2).any(|pair| matches!(pair, [b'/', b'.']))
    }

    /// The patch, parsed on first use (no hunks when GitHub sent none).
    pub fn patch(&self) -> &Patch<'a> {
        self.patch
            .get_or_init(|| diff::parse(self.file.patch.as_deref().unwrap_or("")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::files::classify_file;

    fn view_of(path: &str, check: impl Fn(&FileView) -> bool) -> bool {
        let file = ChangedFile {
            filename: path.into(),
            status: "modified".into(),
            patch: Some("@@ -1 +1 @@\n-a\n+b".into()),
            ..Default::default()
        };
        check(&FileView::new(&file, &classify_file(&file)))
    }

    #[test]
    fn names_are_lower_cased_once_for_every_finder() {
        assert!(view_of("Src/App/Package.JSON", |view| {
            view.lower_path() == "src/app/package.json"
                && view.lower_name() == "package.json"
                && view.path() == "Src/App/Package.JSON"
        }));
    }

    #[test]
    fn dot_folders_are_told_from_dot_files() {
        for path in [
            ".husky/pre-commit",
            "web/.idea/workspace.xml",
            ".GitHub/x.yml",
        ] {
            assert!(view_of(path, |view| view.in_dot_folder()), "{path}");
        }
        for path in ["src/.env", ".envrc", "src/main.rs", "a.b/c.d"] {
            assert!(!view_of(path, |view| view.in_dot_folder()), "{path}");
        }
    }

    #[test]
    fn the_patch_is_parsed_on_first_use_and_kept() {
        assert!(view_of("src/main.rs", |view| {
            let first: *const Patch = view.patch();
            view.patch().hunks.len() == 1 && std::ptr::eq(first, view.patch())
        }));
    }
}
