//! The risk level: a leaf of the signal's types, so that sections defined in their own files
//! (`viewer`) can name it without importing `model`, which names them.

#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum RiskLevel {
    Low,
    Medium,
    High,
    Critical,
}
