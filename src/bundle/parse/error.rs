//! Why a bundle could not be read.

use thiserror::Error;

/// Why a bundle could not be read. Each message is one line a user can act on.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum BundleError {
    #[error("input is not JSON: {0}")]
    NotJson(String),
    #[error("bundle must be a JSON object, found {0}")]
    NotObject(&'static str),
    #[error("bundle has no \"pull\" object (the GET /repos/{{owner}}/{{repo}}/pulls/{{number}} response)")]
    MissingPull,
    #[error("unsupported bundle format {0:?}; expected \"prlens.bundle.v1\"")]
    UnsupportedFormat(String),
    #[error("\"{field}\" must be {expected}, found {found}")]
    WrongType {
        field: String,
        expected: &'static str,
        found: &'static str,
    },
    #[error("\"{field}\" has an absurd value: {detail}")]
    Absurd { field: String, detail: String },
}
