//! The viewer's own view of a PR (issue #38): what is theirs to review and what changed since
//! they last reviewed it. Personal, never risk: it reads the bundle's `viewer`, `codeowners` and
//! `since_review` sections and adds `signal.viewer`, leaving every other section as it was.

pub mod codeowners;
