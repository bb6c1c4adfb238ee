//! The compact header, always visible: PR title and size, the risk badge with score (and
//! "Calibrated for this repository" when that repository's fitted settings scored it),
//! the recommendation with readiness, minutes to review with effort, the top 3 drivers,
//! and the expander for the full view.
//!
//! Why: most reviews need only "how risky, what to do, how long, why" — the header answers
//! those in one line (the reference product's summary row, seed example), and the full
//! view is one click away.

use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::chip;
use crate::engine::sections::pr::number_label;
use crate::signal::{Driver, Signal};
use web_sys::Element;

/// How many drivers the header shows as chips.
const HEADER_DRIVERS: usize = 3;

/// Builds the header; `full_id` is the id of the full view the expander controls.
/// `full_id: None`: the details open in the sheet, so the button opens a dialog instead of
/// expanding a region.
pub fn header(
    dom: &Dom,
    signal: &Signal,
    expanded: bool,
    full_id: Option<&str>,
) -> DomResult<Element> {
    let header = dom.el("header", "prl-header");
    header.add(&title_row(dom, signal)?);

    let summary = dom.el("div", "prl-summary");
    let level_key = signal.risk.level.key();
    let badge = dom.text(
        "span",
        &format!("prl-level prl-tone-{level_key}"),
        &format!(
            "{} · {}",
            signal.risk.level.label(),
            format::score(signal.risk.score)
        ),
    );
    set(&badge, "data-prlens-badge", "level");
    set(
        &badge,
        "title",
        &format!("Risk score {} of 1", format::score(signal.risk.score)),
    );
    summary.add(&badge);
    // Settings fitted to this repository (`prlens calibrate --fit`) scored it: say so, and how.
    if let Some(note) = &signal.meta.calibration {
        let calibrated = chip(dom, "Calibrated for this repository", "neutral");
        set(&calibrated, "data-prlens-badge", "calibrated");
        set(&calibrated, "title", note);
        summary.add(&calibrated);
    }

    let action = signal.review.action;
    let recommendation = dom.el("span", &format!("prl-rec prl-rec-{}", action.key()));
    set(&recommendation, "data-prlens-badge", "recommendation");
    recommendation.add(&dom.text("strong", "", action.label()));
    recommendation.add(&dom.text(
        "span",
        "prl-muted",
        &format!(" · {}% ready", signal.review.readiness.min(100)),
    ));
    summary.add(&recommendation);

    let time = dom.text(
        "span",
        "prl-time",
        &format!(
            "{} min · {}",
            signal.triage.minutes_text(),
            signal.triage.effort.label()
        ),
    );
    set(&time, "title", &signal.triage.formula);
    set(&time, "data-prlens-badge", "minutes");
    summary.add(&time);

    let drivers = top_drivers(&signal.risk.drivers);
    if drivers.is_empty() {
        summary.add(&dom.text("span", "prl-muted", "No risk drivers"));
    } else {
        let list = dom.list("prl-chips", "Top risk drivers");
        for driver in drivers {
            let item = dom.item(&list, "");
            let driver_chip = chip(dom, &driver.label, "neutral");
            set(&driver_chip, "title", &driver.detail);
            item.add(&driver_chip);
        }
        summary.add(&list);
    }

    match full_id {
        Some(full_id) => {
            let toggle = dom.action_button("expand", "", "prl-btn prl-expander");
            set(&toggle, "aria-controls", full_id);
            set_expanded(&toggle, expanded)?;
            summary.add(&toggle);
        }
        None => {
            let open = dom.action_button("open-details", "Show details ▸", "prl-btn prl-expander");
            set(&open, "aria-haspopup", "dialog");
            summary.add(&open);
        }
    }
    header.add(&summary);
    Ok(header)
}

/// Updates the expander's state and label.
pub fn set_expanded(toggle: &Element, expanded: bool) -> DomResult<()> {
    set(
        toggle,
        "aria-expanded",
        if expanded { "true" } else { "false" },
    );
    toggle.set_text_content(Some(if expanded {
        "Hide details ▴"
    } else {
        "Show details ▾"
    }));
    Ok(())
}

fn title_row(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let row = dom.el("div", "prl-title-row");
    row.add(&dom.text("span", "prl-brand", "prlens"));
    let pr = &signal.pr;
    let title = dom.github_link(&pr.url, &pr.title, "prl-title");
    set(&title, "data-prlens-title", "");
    row.add(&title);
    row.add(&dom.text("span", "prl-muted", &number_label(pr.number)));
    let counts = dom.el("span", "prl-counts");
    set(&counts, "data-prlens-counts", "");
    counts.add(&dom.text("span", "prl-add", &format!("+{}", pr.additions)));
    counts.add(&dom.text("span", "prl-del", &format!("−{}", pr.deletions)));
    counts.add(&dom.text(
        "span",
        "prl-muted",
        &format::plural(pr.changed_files, "file", "files"),
    ));
    row.add(&counts);
    Ok(row)
}

/// The heaviest drivers first (the engine sorts them; sorting again keeps the header right
/// even for hand-made signals in the playground).
fn top_drivers(drivers: &[Driver]) -> Vec<&Driver> {
    let mut sorted: Vec<&Driver> = drivers.iter().collect();
    crate::order::sort_by(&mut sorted, |a, b| b.weight.total_cmp(&a.weight));
    sorted.truncate(HEADER_DRIVERS);
    sorted
}
