//! The first wave from page facts: when the PR page shows its head commit and author, the
//! requests that depend on them (check runs and status of the head; the author's profile, PR
//! history and public events) go out together with the pull instead of after it.
//!
//! Why: otherwise a cold view waits two sequential round trips for them (pull → head and author
//! → checks and people). The page is never evidence: its head and author only decide what is
//! asked early; the pull's answer decides what is kept. Answers for a head or author the pull
//! does not confirm are dropped, asked again in wave 2, and the notes say so.

use serde_json::Value;

use super::defense::push_events_of;
use super::parts::{Part, Wave};
use super::people::push_people;
use super::state::Plan;
use crate::fetch::assemble::BundleDraft;

/// The head SHA and author login the page shows, when both look like GitHub's.
pub(super) struct PageHint {
    head: String,
    author: String,
}

impl PageHint {
    /// `page.head_sha` (40 hex digits) and `page.author` (a login or an app's `name[bot]`).
    pub(super) fn read(page: Option<&Value>) -> Option<PageHint> {
        let page = page?;
        let head = page.get("head_sha")?.as_str()?;
        let author = page.get("author")?.as_str()?;
        let head_ok = head.len() == 40 && head.chars().all(|c| c.is_ascii_hexdigit());
        let name = author.strip_suffix("[bot]").unwrap_or(author);
        let author_ok = !name.is_empty()
            && name.len() <= 39
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        (head_ok && author_ok).then(|| PageHint {
            head: head.to_ascii_lowercase(),
            author: author.to_string(),
        })
    }

    /// Queues the requests that would otherwise wait for the pull.
    pub(super) fn push_early<'f>(&self, wave: &mut Wave<'f>, plan: &'f Plan<'_>) {
        let (client, checks) = (&plan.client, plan.policy.checks);
        let (checks_url, status_url) =
            (plan.api.check_runs(&self.head), plan.api.status(&self.head));
        wave.push(plan.tracker.track("checks", async move {
            Part::CheckRuns(client.get(&checks_url, checks).await)
        }));
        wave.push(plan.tracker.track("checks", async move {
            Part::Status(client.get(&status_url, checks).await)
        }));
        push_people(wave, plan, std::slice::from_ref(&self.author), &[]);
        if !self.author.ends_with("[bot]") && plan.session.is_none() {
            push_events_of(wave, plan, &self.author);
        }
    }

    /// Keeps the early answers the pull confirms, and notes what it did not.
    pub(super) fn confirm(
        self,
        parts: Vec<Part>,
        head: Option<&str>,
        author: Option<&str>,
        draft: &mut BundleDraft,
    ) -> Early {
        let head_ok = head.is_some_and(|head| head.eq_ignore_ascii_case(&self.head));
        let author_ok = author == Some(self.author.as_str());
        if !head_ok {
            draft.note(format!(
                "page: the head moved since the page was read (the page showed {}, GitHub says {}); checks were asked again",
                short(&self.head),
                head.map_or("none", short)
            ));
        }
        if !author_ok {
            draft.note(format!(
                "page: the page's author ({}) is not the pull request's author ({}); the author was looked up again",
                self.author,
                author.unwrap_or("none")
            ));
        }
        let parts = parts
            .into_iter()
            .filter(|part| match part {
                Part::CheckRuns(_) | Part::Status(_) => head_ok,
                _ => author_ok,
            })
            .collect();
        Early {
            parts,
            checks: head_ok,
            author: author_ok.then_some(self.author),
        }
    }
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

/// The early answers the pull confirmed, and what they cover.
#[derive(Default)]
pub(super) struct Early {
    pub(super) parts: Vec<Part>,
    /// Check runs and status of the confirmed head are among `parts`.
    pub(super) checks: bool,
    /// The confirmed author whose profile, history and events are among `parts`.
    pub(super) author: Option<String>,
}
