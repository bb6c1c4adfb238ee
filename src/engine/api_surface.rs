//! Public API surface changes per language, found by diffing each hunk's removed vs added lines.
//!
//! OWNER: engine-risk helper.
