//! The personal sections of a bundle (issue #38): who is looking, the base branch's
//! `CODEOWNERS`, and what changed since the viewer's last review. None of them is evidence
//! about risk; absent means "not fetched" (docs/bundle.md).

use std::collections::BTreeMap;

/// Where GitHub looks for `CODEOWNERS` on a branch, in the order it looks; the first found is
/// the one used ("About code owners", docs.github.com, read 2026-12-06).
pub const CODEOWNERS_LOCATIONS: [&str; 3] = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"];

/// "CODEOWNERS files must be under 3 MB in size" (same page): a larger one is not loaded.
pub const CODEOWNERS_MAX_BYTES: usize = 3 * 1024 * 1024;

/// `viewer`: the person the view is for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Viewer {
    /// A valid GitHub login (else the section reads as absent).
    pub login: String,
    /// `org/team-slug` (lower case) of every team the viewer is in (`GET /user/teams`);
    /// `None`: not fetched (no token, no `read:org`, or the token is someone else's).
    pub teams: Option<Vec<String>>,
    /// The viewer's commits to each asked path against all of its commits (`GET
    /// …/commits?path=P&author=V&per_page=1` and `…?path=P&per_page=1`, counted from `Link`);
    /// `None`: not fetched.
    pub history: Option<BTreeMap<String, FileHistory>>,
}

/// How many of a file's commits are the viewer's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FileHistory {
    pub mine: u64,
    /// At least `mine` (clamped when reading).
    pub all: u64,
}

/// `codeowners`: the base branch's file GitHub uses, or the fact that there is none.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CodeownersFile {
    /// Where it was found (one of `engine::sections::viewer::codeowners::LOCATIONS`); `None`:
    /// GitHub's three places were looked in and none has one.
    pub path: Option<String>,
    /// The decoded text (`None` with a `path`: unreadable, or over GitHub's 3 MB limit).
    pub text: Option<String>,
    /// True when the file is over GitHub's size limit (GitHub ignores it then).
    pub too_large: bool,
}
