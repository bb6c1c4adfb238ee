//! Unified-diff patches (GitHub's per-file `patch`) parsed into hunks of removed and added lines.
//!
//! OWNER: engine-risk helper.
