//! Default driver weights. OWNER: engine-risk helper (one row per driver, with its source).

/// `(driver id, default weight)`.
pub const DEFAULT_WEIGHTS: &[(&str, f64)] = &[];

/// The default weight of a driver id (0 for unknown ids).
pub fn default_weight(driver_id: &str) -> f64 {
    DEFAULT_WEIGHTS
        .iter()
        .find(|(id, _)| *id == driver_id)
        .map(|(_, weight)| *weight)
        .unwrap_or(0.0)
}
