//! `review`: OWNER engine-sections helper.
use crate::engine::{Context, Sections};
use crate::signal::{ReviewAction, ReviewAdvice, Risk};

pub fn assess(context: &Context, sections: &Sections, risk: &Risk) -> ReviewAdvice {
    let _ = (context, sections, risk);
    ReviewAdvice {
        action: ReviewAction::Review,
        readiness: 0,
        rationale: String::new(),
        checklist: vec![],
    }
}
