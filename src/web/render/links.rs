//! The panel's link rules: the crate's one set (`crate::links`), named here for the renderer.

pub use crate::links::*;
