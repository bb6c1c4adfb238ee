//! `force_push_after_approval`: the PR branch was force-pushed after someone approved it.
//!
//! **What it detects.** A `head_ref_force_pushed` event in the PR's timeline
//! (`GET /repos/{o}/{r}/issues/{n}/timeline`) later than an approving review (from `reviews`,
//! or the timeline's `reviewed` events with state `approved`) from an account with write access
//! (or unknown association): a drive-by approval from anyone is not what a force-push invalidates.
//!
//! **Why it matters.** A force-push replaces the history the reviewer approved; what is merged
//! may share nothing with what was read. rust-lang's triagebot was asked to flag exactly this
//! (rust-lang/triagebot#2149). The Review section links the changes since the approval.
//!
//! **Example.** "mallory force-pushed on 2026-02-24, after rui's approval on 2026-02-22".

use super::{fire, DriverSpec};
use crate::bundle::TimelineKind;
use crate::engine::context::{Context, Sections};
use crate::engine::sections::review::approving_association;
use crate::signal::Driver;

/// `force_push_after_approval` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "force_push_after_approval",
    label: "Force-push after approval",
    weight: 0.40,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): the timeline is not in git; default kept: rust-lang/triagebot#2149 (flag force-pushes after approval); GitHub timeline event head_ref_force_pushed",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let bundle = context.bundle;
    let timeline = bundle.timeline.as_deref()?;
    let mut approvals: Vec<(i64, &str)> = bundle
        .reviews
        .iter()
        .flatten()
        .filter(|review| review.state.eq_ignore_ascii_case("APPROVED"))
        .filter(|review| approving_association(review.author_association.as_deref()))
        .filter_map(|review| Some((review.submitted_at?, review.user.as_deref().unwrap_or("ghost"))))
        .collect();
    approvals.extend(
        timeline
            .iter()
            .filter(|event| event.kind == TimelineKind::Reviewed)
            .filter(|event| event.state.as_deref() == Some("approved"))
            .filter(|event| approving_association(event.association.as_deref()))
            .filter_map(|event| Some((event.at?, event.actor.as_deref().unwrap_or("ghost")))),
    );
    let (approved_at, approver) = approvals.iter().copied().min_by_key(|(at, _)| *at)?;
    let pushes: Vec<(i64, &str)> = timeline
        .iter()
        .filter(|event| event.kind == TimelineKind::HeadRefForcePushed)
        .filter_map(|event| Some((event.at?, event.actor.as_deref().unwrap_or("someone"))))
        .filter(|(at, _)| *at > approved_at)
        .collect();
    let (pushed_at, pusher) = *pushes.last()?;
    let day = |at: i64| {
        crate::timestamp::format(at)
            .and_then(|text| text.get(..10).map(str::to_string))
            .unwrap_or_default()
    };
    let mut detail = format!(
        "{pusher} force-pushed on {}, after {approver}'s approval on {}",
        day(pushed_at),
        day(approved_at)
    );
    if pushes.len() > 1 {
        detail.push_str(&format!(" ({} force-pushes since)", pushes.len()));
    }
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    fn case(timeline: Value) -> Case {
        Case::new(json!({"pull": {"number": 1, "user": {"login": "mallory"}},
            "reviews": [{"user": {"login": "rui"}, "state": "APPROVED", "submitted_at": "2026-02-22T10:00:00Z"}],
            "timeline": timeline}))
    }

    #[test]
    fn fires_for_a_force_push_after_an_approval() {
        let driver = case(json!([{"event": "head_ref_force_pushed", "actor": {"login": "mallory"},
            "created_at": "2026-02-24T09:00:00Z"}]))
        .fired(evaluate)
        .unwrap();
        assert_eq!(
            driver.detail,
            "mallory force-pushed on 2026-02-24, after rui's approval on 2026-02-22"
        );
    }

    #[test]
    fn a_force_push_before_the_approval_or_no_timeline_does_not_fire() {
        assert!(case(json!([{"event": "head_ref_force_pushed", "actor": {"login": "mallory"},
            "created_at": "2026-02-20T09:00:00Z"}]))
        .fired(evaluate)
        .is_none());
        assert!(Case::new(json!({"pull": {"number": 1}, "reviews": []}))
            .fired(evaluate)
            .is_none());
    }

    #[test]
    fn an_approval_from_an_account_without_write_access_does_not_count() {
        let case = Case::new(json!({"pull": {"number": 1},
            "reviews": [{"user": {"login": "drive-by"}, "state": "APPROVED", "author_association": "NONE",
                         "submitted_at": "2026-02-22T10:00:00Z"}],
            "timeline": [{"event": "head_ref_force_pushed", "actor": {"login": "mallory"},
                          "created_at": "2026-02-24T09:00:00Z"}]}));
        assert!(case.fired(evaluate).is_none());
    }
}
