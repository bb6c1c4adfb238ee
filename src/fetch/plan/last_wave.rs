//! Wave 3, only for large PRs: the author's familiarity over the complete file list (when page
//! 1 was not all of it), and the people first seen on later commit pages.

use super::pages::PageSets;
use super::parts::{absorb, Wave};
use super::people::{finish, push_familiarity, push_people};
use super::second_wave::AfterSecondWave;
use super::state::Plan;
use crate::fetch::assemble::BundleDraft;
use crate::fetch::limits::MAX_EXTRA_USERS;

/// Sends wave 3 when there is anything to ask, files its answers and the budget notes, and
/// returns the finished draft.
pub(super) async fn send(plan: &Plan<'_>, second: AfterSecondWave) -> BundleDraft {
    let AfterSecondWave {
        mut draft,
        people,
        familiarity_sent,
        viewer_history_due,
    } = second;
    let author = draft
        .pull
        .get("user")
        .and_then(|user| user.get("login"))
        .and_then(serde_json::Value::as_str)
        .map(str::to_string);
    let mut wave: Wave<'_> = Vec::new();
    let later: Vec<String> = draft
        .commit_authors()
        .into_iter()
        .filter(|login| !people.contains(login))
        .take((MAX_EXTRA_USERS + 1).saturating_sub(people.len()))
        .collect();
    push_people(&mut wave, plan, &later, &people);
    if !familiarity_sent {
        if let (Some(author), Some(files)) = (&author, &draft.files) {
            push_familiarity(&mut wave, plan, files, author);
        }
    }
    if let (Some(login), Some(files)) = (&viewer_history_due, &draft.files) {
        super::viewer::push_history(&mut wave, plan, files, login);
    }
    let looked_up = people.len() + later.len();
    if !wave.is_empty() {
        let parts = plan.wave(wave).await;
        absorb(&mut draft, plan, parts, &mut PageSets::default());
    }

    finish(&mut draft, author.as_deref(), looked_up);
    super::viewer::finish(plan, &mut draft);
    draft
}
