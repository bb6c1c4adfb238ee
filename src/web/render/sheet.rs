//! The details sheet (`renderSheet`): the whole signal in a wide side sheet, opened from the
//! compact panel's "Show details" or the keyboard shortcut, in its own extension frame
//! (`extension/pages/sheet/sheet.html`; docs/architecture.md, "Full view").
//!
//! Layout: a header (what PR, its risk level *in words*, the close button), a sticky section
//! navigation with deep-link targets (`#prlens-focus`), and the sections in a two-column grid
//! — short sections side by side, the wide ones (risk, contributors, intent, evidence, focus)
//! across both columns, contributors, evidence and focus as tables (`sheet_tables`). Each section
//! has "Copy as Markdown", whose text is that section of `crate::markdown` (one writer).
//!
//! Why a sheet: the sections do not read at GitHub's 296 px sidebar width, and growing the
//! panel pushed GitHub's own sidebar boxes (Reviewers, Labels…) screens down. The pattern is
//! Primer's side-sheet dialog (a `Dialog` positioned `right`, primer.style/components/dialog)
//! with the WAI-ARIA modal dialog keyboard rules (w3.org/WAI/ARIA/apg/patterns/dialog-modal).

use js_sys::{Function, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event};

use super::clipboard::{self, COPY_LABEL};
use super::dom::{clear, forget_errors, set, take_error, Append, Dom, DomResult, HeadingLevel};
use super::events::on_focus_file_click;
use super::format;
use super::options::PanelOptions;
use super::{section, sheet_tables, theme};
use crate::engine::sections::pr::number_label;
use crate::markdown;
use crate::signal::{Section, Signal};

/// Sections too wide for one column of the grid.
fn is_wide(section: Section) -> bool {
    matches!(
        section,
        Section::Risk
            | Section::Contributors
            | Section::Intent
            | Section::Evidence
            | Section::Focus
    )
}

/// The sheet's order: the reading order (`Section::ALL`), except that a short section with a
/// wide one after it takes the next short section up beside it, so every short section has a
/// neighbour in the two-column grid and the visual, reading and Tab orders stay one order
/// (today: triage moves up beside supply chain, before focus). Hidden sections are left out afterwards, so
/// hiding one never reorders the others.
fn sheet_order() -> Vec<Section> {
    let mut rest: Vec<Section> = Section::ALL.to_vec();
    let mut order = Vec::with_capacity(rest.len());
    // Whether the last row holds one short section so far.
    let mut half_row = false;
    while !rest.is_empty() {
        let next = rest.remove(0);
        order.push(next);
        if is_wide(next) || half_row {
            half_row = false;
            continue;
        }
        half_row = true;
        if rest.first().is_some_and(|after| is_wide(*after)) {
            if let Some(at) = rest.iter().position(|later| !is_wide(*later)) {
                order.push(rest.remove(at));
                half_row = false;
            }
        }
    }
    order
}

/// Renders the sheet for a signal into `root`, replacing its children.
/// `options = {hiddenSections, colorMode, onAction}` (as `renderPanel`); `onAction` receives
/// `"close-sheet"` and `"focus-file" {anchor}`.
#[wasm_bindgen(js_name = renderSheet)]
pub fn render_sheet(root: &Element, signal_json: &str, options: JsValue) -> Result<(), JsValue> {
    forget_errors();
    let options = PanelOptions::from_js(&options);
    if let Some(mode) = &options.color_mode {
        theme::apply(root, mode)?;
    }
    let signal = crate::signal::from_json(signal_json).map_err(|error| {
        JsValue::from(JsError::new(&format!(
            "The risk signal could not be read: {error}"
        )))
    })?;
    let dom = Dom::for_root(root)?.with_headings(HeadingLevel::Sheet);
    let shown: Vec<Section> = sheet_order()
        .into_iter()
        .filter(|section| !options.is_hidden(section.key()))
        .collect();

    let sheet = dom.el("div", "prl-panel prl-sheet");
    set(&sheet, "role", "dialog");
    set(&sheet, "aria-modal", "true");
    set(&sheet, "aria-labelledby", "prlens-sheet-title");
    sheet.add(&head(&dom, &signal));
    let body = dom.el("div", "prl-sheet-body");
    body.add(&navigation(&dom, &shown));
    let main = dom.el("main", "prl-sheet-main");
    set(&main, "aria-labelledby", "prlens-sheet-title");
    if shown.is_empty() {
        main.add(&section::all_hidden_note(&dom));
    }
    let mut copies = Vec::with_capacity(shown.len());
    for key in &shown {
        main.add(&sheet_section(&dom, &signal, *key)?);
        copies.push((key.key(), markdown::section(&signal, *key)));
    }
    body.add(&main);
    sheet.add(&body);

    take_error()?;
    clear(root);
    set(root, "data-prlens-state", "ready");
    set(root, "data-prlens-level", signal.risk.level.key());
    root.add(&sheet);
    wire(&sheet, copies, options.on_action.clone())?;
    take_error()
}

/// Title, the PR, its risk in words (never colour alone) and the close button.
fn head(dom: &Dom, signal: &Signal) -> Element {
    let head = dom.el("header", "prl-sheet-head");
    let titles = dom.el("div", "prl-sheet-titles");
    let title = dom.text("h1", "prl-sheet-title", "prlens details");
    set(&title, "id", "prlens-sheet-title");
    titles.add(&title);
    let pr = &signal.pr;
    let line = dom.el("p", "prl-sheet-pr");
    line.add(&dom.github_link(&pr.url, &pr.title, "prl-title"));
    line.add(&dom.text(
        "span",
        "prl-muted",
        &format!(" {}", number_label(pr.number)),
    ));
    titles.add(&line);
    let summary = dom.el("p", "prl-sheet-summary");
    let level_key = signal.risk.level.key();
    let badge = dom.text(
        "span",
        &format!("prl-level prl-tone-{level_key}"),
        &format!(
            "{} risk · {}",
            signal.risk.level.label(),
            format::score(signal.risk.score)
        ),
    );
    set(&badge, "data-prlens-badge", "level");
    summary.add(&badge);
    summary.add(&dom.text(
        "span",
        "prl-sheet-fact",
        &format!(
            "{} · {}% ready",
            signal.review.action.label(),
            signal.review.readiness.min(100)
        ),
    ));
    summary.add(&dom.text(
        "span",
        "prl-sheet-fact",
        &format!(
            "{} min · {}",
            signal.triage.minutes_text(),
            signal.triage.effort.label()
        ),
    ));
    titles.add(&summary);
    titles.add(&report_link(dom, signal));
    head.add(&titles);
    let close = dom.action_button("close-sheet", "✕ Close", "prl-btn prl-sheet-close");
    set(&close, "aria-label", "Close details");
    set(&close, "title", "Close details (Esc)");
    head.add(&close);
    head
}

/// "Report a problem": GitHub's new-issue form of prlens's repository, prefilled with the
/// engine version, the browser and this signal's levels and ids (`crate::report_issue`; no
/// token, no file contents). The address is built here from the repository constant and
/// percent-encoded values, never from PR text.
fn report_link(dom: &Dom, signal: &Signal) -> Element {
    let line = dom.el("p", "prl-sheet-report");
    let url = crate::report_issue::wrong_score_url(&crate::web::navigator::browser(), Some(signal));
    let anchor = dom.text("a", "prl-muted", "Score looks wrong? Report a problem");
    set(&anchor, "href", &url);
    set(&anchor, "target", "_blank");
    set(&anchor, "rel", "noopener noreferrer");
    set(&anchor, "data-prlens-report", "wrong-score");
    line.add(&anchor);
    line
}

/// The sticky list of section links (in-document anchors, so they also work as deep links).
fn navigation(dom: &Dom, shown: &[Section]) -> Element {
    let nav = dom.el("nav", "prl-sheet-nav");
    set(&nav, "aria-label", "Sections");
    let list = dom.list("prl-sheet-nav-list", "");
    for section in shown {
        let item = dom.item(&list, "");
        let link = dom.text("a", "prl-sheet-nav-link", section.label());
        set(&link, "href", &format!("#{}", section.anchor()));
        set(&link, "data-prlens-nav", section.key());
        item.add(&link);
    }
    nav.add(&list);
    nav
}

/// One section: the table layouts where a table reads better at width, the panel's own
/// renderer otherwise; plus its deep-link id and copy button.
fn sheet_section(dom: &Dom, signal: &Signal, key: Section) -> DomResult<Element> {
    let element = match key {
        Section::Contributors => {
            let table = sheet_tables::contributors(dom, &signal.contributors)?;
            super::authorship::append(dom, &table, &signal.authorship);
            table
        }
        Section::Evidence => sheet_tables::evidence(dom, &signal.evidence)?,
        Section::Focus => {
            let table = sheet_tables::focus(dom, &signal.focus, signal.focus_more, &signal.pr)?;
            // "For you" first: right under the section's heading, before the ranked files.
            if let Some(group) = super::for_you::group(dom, signal, false) {
                let after_heading = table
                    .first_element_child()
                    .and_then(|heading| heading.next_sibling());
                table.insert_before(&group, after_heading.as_ref())?;
            }
            table
        }
        other => section::render(dom, signal, other)?,
    };
    set(&element, "id", &key.anchor());
    set(&element, "tabindex", "-1");
    let class = if is_wide(key) {
        "prl-section prl-sheet-card prl-span-2"
    } else {
        "prl-section prl-sheet-card"
    };
    set(&element, "class", class);
    let copy = dom.action_button("copy-section", COPY_LABEL, "prl-btn prl-copy-section");
    set(&copy, "data-prlens-copy", key.key());
    set(
        &copy,
        "aria-label",
        &format!("Copy Markdown of the {} section", key.label()),
    );
    // Right after the heading, so it is read and tabbed to with its section.
    match element.first_element_child() {
        Some(heading) => {
            heading.after_with_node_1(&copy)?;
        }
        None => element.add(&copy),
    }
    Ok(element)
}

/// One delegated click listener: close, copy a section, focus-file links.
fn wire(
    sheet: &Element,
    copies: Vec<(&'static str, String)>,
    on_action: Option<Function>,
) -> DomResult<()> {
    let owner = sheet.clone();
    let handler = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        forget_errors();
        if let Err(error) = on_click(&owner, &copies, on_action.as_ref(), &event) {
            web_sys::console::warn_2(&JsValue::from_str("prlens: sheet action failed"), &error);
        }
    });
    sheet.add_event_listener_with_callback("click", handler.as_ref().unchecked_ref())?;
    // Lives as long as the sheet element, which a re-render replaces (as in `events`).
    handler.forget();
    Ok(())
}

fn on_click(
    sheet: &Element,
    copies: &[(&'static str, String)],
    on_action: Option<&Function>,
    event: &Event,
) -> DomResult<()> {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return Ok(());
    };
    if on_focus_file_click(&target, on_action, event)? {
        return Ok(());
    }
    let Some(button) = target.closest("[data-prlens-action]")? else {
        return Ok(());
    };
    match button.get_attribute("data-prlens-action").as_deref() {
        Some("close-sheet") => {
            if let Some(on_action) = on_action {
                on_action.call2(&JsValue::NULL, &"close-sheet".into(), &Object::new())?;
            }
        }
        Some("copy-section") => {
            let key = button.get_attribute("data-prlens-copy").unwrap_or_default();
            if let Some((_, text)) = copies.iter().find(|(name, _)| *name == key) {
                clipboard::copy_with_feedback(sheet, &button, text);
            }
        }
        _ => {}
    }
    take_error()
}
