//! Review facts an outsider controls do not count as approval.
//!
//! What: an APPROVED review from an account whose `author_association` is NONE (no write access)
//! earns none of the checklist's approval points, where the same review from a MEMBER earns all.
//! Why: anyone can submit an "approve" review on a public PR; GitHub's required reviews count
//! only reviewers with write access.
mod support;

use prlens::settings::Settings;
use serde_json::{json, Value};

#[test]
fn an_approval_from_an_account_without_association_does_not_count() {
    let mut value = support::project_bundle_value("owner-45-files");
    let earned = |value: &Value| {
        let bundle = prlens::Bundle::from_value(value).expect("a valid bundle");
        let signal = prlens::analyze(&bundle, &Settings::default(), None);
        let item = signal
            .review
            .checklist
            .iter()
            .find(|item| item.id == "approval")
            .cloned()
            .expect("an approval item");
        (item.earned, item.label)
    };
    assert_eq!(
        earned(&value).0,
        10,
        "a MEMBER's approval on the head counts"
    );
    for review in value["reviews"].as_array_mut().expect("reviews") {
        review["author_association"] = json!("NONE");
    }
    let (points, label) = earned(&value);
    assert_eq!(points, 0, "{label}");
    assert!(label.contains("without write association"), "{label}");
}
