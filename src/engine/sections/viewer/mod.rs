//! The viewer's own view of a PR (issue #38): which focus files are theirs to review
//! ([`for_you`]: CODEOWNERS and their commit history) and what changed since they last reviewed
//! it ([`since_review`]). Personal, never risk: it runs after the signal is complete and only
//! adds `signal.viewer`; a bundle without a `viewer` section gives no `viewer` at all.

pub mod codeowners;
pub mod for_you;
pub mod since_review;

use crate::engine::context::Context;
use crate::signal::{ViewerRole, ViewerView};

pub use since_review::{delta_bundle, Inputs};

/// The viewer's view, when the bundle names a viewer. `inputs.delta` is the engine's signal of
/// [`delta_bundle`] (the pipeline scores it: this module does not call the pipeline).
pub fn assess(context: &Context, inputs: &Inputs) -> Option<ViewerView> {
    let focus = inputs.focus;
    let viewer = context.bundle.viewer.as_ref()?;
    let is_author = context
        .bundle
        .pull
        .author
        .as_deref()
        .is_some_and(|author| author.eq_ignore_ascii_case(&viewer.login));
    let role = if is_author {
        ViewerRole::Author
    } else {
        ViewerRole::Reviewer
    };
    let owners = for_you::assess(context, viewer, role, focus);
    let (reviewed_on_head, since) = match role {
        // The author does not review their own PR.
        ViewerRole::Author => (false, None),
        ViewerRole::Reviewer => since_review::assess(context, &viewer.login, inputs),
    };
    Some(ViewerView {
        login: viewer.login.clone(),
        role,
        for_you: owners.files,
        codeowners: owners.codeowners,
        notes: owners.notes,
        reviewed_on_head,
        since_review: since,
    })
}
