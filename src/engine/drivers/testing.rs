//! Test support for drivers: a bundle built from JSON, its context and its real sections.

use super::DriverFn;
use crate::bundle::Bundle;
use crate::engine::context::{Context, Sections};
use crate::engine::{files, sections};
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

    pub fn context_with<'a>(&'a self, settings: &'a Settings) -> Context<'a> {
        Context {
            bundle: &self.bundle,
            settings,
            now: self.bundle.fetched_at.unwrap_or(0),
            files: files::classify_all(&self.bundle, settings),
        }
    }

    /// The sections exactly as the engine computes them.
    pub fn sections(context: &Context) -> Sections {
        let mut sections = Sections {
            contributors: sections::contributors::assess(context),
            intent: sections::intent::assess(context),
            evidence: sections::evidence::assess(context),
            supply_chain: sections::supply_chain::assess(context),
            triage: sections::triage::assess(context),
            focus: sections::focus::assess(context),
            conventions: sections::conventions::assess(context),
            authorship: sections::authorship::assess(context),
            checks: Vec::new(),
        };
        sections.checks = sections::checks::assess(context, &sections.intent);
        sections
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
