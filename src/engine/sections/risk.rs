//! `risk`: OWNER engine-risk helper. Composes the drivers into level and score.
use crate::engine::{drivers, Context, Sections};
use crate::signal::{Risk, RiskLevel};

pub fn assess(context: &Context, sections: &Sections) -> Risk {
    let drivers = drivers::evaluate(context, sections);
    Risk {
        level: RiskLevel::Low,
        score: 0.0,
        drivers,
        formula: String::new(),
    }
}
