//! Test support for drivers: a bundle built from JSON, its context and its real sections.

use super::DriverFn;
use crate::bundle::Bundle;
use crate::engine;
use crate::engine::context::{Context, Sections};
use crate::settings::Settings;
use crate::signal::Driver;

pub struct Case {
    pub bundle: Bundle,
    pub settings: Settings,
}

impl Case {
    pub fn new(json: serde_json::Value) -> Self {
        Self {
            bundle: Bundle::from_value(&json).expect("test bundle parses"),
            settings: Settings::default(),
        }
    }

    pub fn context(&self) -> Context<'_> {
        self.context_with(&self.settings)
    }

    /// The context `analyze` builds, with "now" at the bundle's `fetched_at` (else 0, not the
    /// PR's dates: a driver test says when it is).
    pub fn context_with<'a>(&'a self, settings: &'a Settings) -> Context<'a> {
        engine::context(
            &self.bundle,
            settings,
            Some(self.bundle.fetched_at.unwrap_or(0)),
        )
    }

    /// The sections exactly as the engine computes them.
    pub fn sections(context: &Context) -> Sections {
        engine::sections_before_risk(context)
    }

    /// Runs one driver over this case.
    pub fn fired(&self, driver: DriverFn) -> Option<Driver> {
        let context = self.context();
        let sections = Self::sections(&context);
        driver(&context, &sections)
    }
}

/// A changed-file JSON object with a synthetic patch of `additions` added lines.
pub fn file(path: &str, additions: u64, deletions: u64) -> serde_json::Value {
    let mut patch = format!("@@ -1,{deletions} +1,{additions} @@");
    for index in 0..deletions {
        patch.push_str(&format!("\n-old line {index}"));
    }
    for index in 0..additions {
        patch.push_str(&format!("\n+new line {index}"));
    }
    serde_json::json!({
        "filename": path, "status": "modified", "additions": additions, "deletions": deletions, "patch": patch
    })
}
