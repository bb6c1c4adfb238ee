//! The reviewer's own view (issue #38) on the `review-*` bundles (tests/bundles/README.md,
//! "Your review"): who owns which focus file by the base branch's CODEOWNERS, the viewer's own
//! commits, the author's view, and re-reviews after a small push and after a force-push. Every
//! case checks the signal, its Markdown and the CLI's text output; none may change risk.

use std::process::Command;

use prlens::signal::{ForYouKind, RiskLevel, ViewerRole};

use super::support::{project_bundle_value, project_signal};

/// `prlens analyze tests/bundles/NAME.json --format text [extra…]`.
fn cli_text(name: &str, extra: &[&str]) -> String {
    let path = format!("{}/tests/bundles/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO_BIN_EXE_prlens"))
        .args(["analyze", &path, "--format", "text"])
        .args(extra)
        .env("NO_COLOR", "1")
        .env("GITHUB_STEP_SUMMARY", "")
        .output()
        .expect("the CLI runs");
    assert!(output.status.success(), "{name}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `(path, kinds)` of the For-you group, in order.
fn group(name: &str) -> Vec<(String, Vec<ForYouKind>)> {
    let signal = project_signal(name);
    let viewer = signal.viewer.expect("the bundle names a viewer");
    viewer
        .for_you
        .into_iter()
        .map(|file| {
            (
                file.path,
                file.reasons.iter().map(|reason| reason.kind).collect(),
            )
        })
        .collect()
}

fn paths(group: &[(String, Vec<ForYouKind>)]) -> Vec<&str> {
    group.iter().map(|(path, _)| path.as_str()).collect()
}

#[test]
fn the_personal_view_never_changes_risk_focus_or_advice() {
    for name in [
        "review-owner",
        "review-expert",
        "review-owner-and-expert",
        "review-neither",
        "review-author-view",
        "review-rereview-small-change",
        "review-rereview-force-push",
    ] {
        let with = project_signal(name);
        let mut value = project_bundle_value(name);
        for key in ["viewer", "codeowners", "since_review"] {
            value.as_object_mut().expect("an object").remove(key);
        }
        let bundle = prlens::Bundle::from_value(&value).expect("a bundle");
        let without = prlens::analyze(&bundle, &prlens::Settings::default(), None);
        assert!(without.viewer.is_none(), "{name}: no viewer, no view");
        assert_eq!(with.risk, without.risk, "{name}");
        assert_eq!(with.focus, without.focus, "{name}");
        assert_eq!(with.review, without.review, "{name}");
        assert_eq!(with.next_steps, without.next_steps, "{name}");
    }
}

#[test]
fn an_owner_sees_the_files_codeowners_gives_them_and_why_teams_are_not_known() {
    let group = group("review-owner");
    assert_eq!(
        paths(&group),
        [
            "db/migrations/0042_token_rotation.sql",
            "harbor/auth/session.py"
        ],
        "`**/migrations` and `/harbor/auth/`; tokens.py's later rule names only a team"
    );
    assert!(group
        .iter()
        .all(|(_, kinds)| kinds == &[ForYouKind::YouOwn]));
    let signal = project_signal("review-owner");
    let viewer = signal.viewer.as_ref().expect("a viewer");
    assert_eq!(viewer.codeowners.as_deref(), Some(".github/CODEOWNERS"));
    assert!(
        viewer.notes.iter().any(|note| note.starts_with(
            "Owned by @tidewater/security (2 focus files), @tidewater/platform (1 focus file), @tidewater/qa (1 focus file): whether you are in those teams is not known"
        ) && note.contains("read:org")),
        "{:?}",
        viewer.notes
    );
    let markdown = prlens::markdown::render(&signal);
    assert!(
        markdown.contains("**For you (@mara\\-lindqvist):**"),
        "{markdown}"
    );
    assert!(markdown
        .contains("`harbor/auth/session.py`: You own it \\(CODEOWNERS line 4: /harbor/auth/\\)"));
    assert!(
        markdown.contains("Owned by @\u{2060}tidewater/security"),
        "handles cannot mention"
    );
    let text = cli_text("review-owner", &[]);
    assert!(text.contains("For you (@mara-lindqvist):"), "{text}");
    assert!(text.contains(
        "db/migrations/0042_token_rotation.sql — You own it (CODEOWNERS line 6: **/migrations)"
    ));
}

#[test]
fn an_expert_sees_the_files_they_wrote_with_their_share_of_the_commits() {
    let group = group("review-expert");
    assert_eq!(
        paths(&group),
        ["harbor/auth/session.py", "infra/terraform/iam.tf"]
    );
    let signal = project_signal("review-expert");
    let viewer = signal.viewer.expect("a viewer");
    assert_eq!(
        viewer.for_you[0].why(),
        "You made 6 of its 15 commits (40 %)"
    );
    assert!(
        !viewer.notes.iter().any(|note| note.contains("read:org")),
        "teams were fetched: no guess, no note"
    );
    let signal = project_signal("review-expert");
    let markdown = prlens::markdown::render(&signal);
    assert!(
        markdown.contains("You made 6 of its 15 commits \\(40 %\\)"),
        "{markdown}"
    );
    assert!(cli_text("review-expert", &[])
        .contains("harbor/auth/session.py — You made 6 of its 15 commits (40 %)"));
}

#[test]
fn owner_and_expert_puts_own_files_before_team_files_and_more_commits_first() {
    let group = group("review-owner-and-expert");
    assert_eq!(
        group,
        [
            (
                "harbor/auth/session.py".to_string(),
                vec![
                    ForYouKind::YouOwn,
                    ForYouKind::YourTeamOwns,
                    ForYouKind::YouWrote
                ]
            ),
            (
                "db/migrations/0042_token_rotation.sql".to_string(),
                vec![ForYouKind::YouOwn]
            ),
            (
                "harbor/auth/tokens.py".to_string(),
                vec![ForYouKind::YourTeamOwns]
            ),
        ]
    );
    let text = cli_text("review-owner-and-expert", &[]);
    assert!(text.contains("harbor/auth/tokens.py — Your team @tidewater/security owns it (CODEOWNERS line 8: /harbor/auth/tokens.py)"), "{text}");
    let markdown = prlens::markdown::render(&project_signal("review-owner-and-expert"));
    assert!(
        markdown.contains("Your team @\u{2060}tidewater/security owns it"),
        "{markdown}"
    );
}

#[test]
fn neither_owner_nor_expert_gets_an_empty_group_that_says_so() {
    assert!(group("review-neither").is_empty());
    let signal = project_signal("review-neither");
    let line = signal
        .viewer
        .as_ref()
        .and_then(|viewer| viewer.empty_line())
        .expect("a line");
    assert!(line.starts_with("None of the focus files is yours"));
    assert!(prlens::markdown::render(&signal).contains(line));
    assert!(cli_text("review-neither", &[]).contains(line));
}

#[test]
fn the_author_sees_who_will_be_asked_to_review_each_focus_file() {
    let signal = project_signal("review-author-view");
    let viewer = signal.viewer.expect("a viewer");
    assert_eq!(viewer.role, ViewerRole::Author);
    assert_eq!(viewer.heading(), "What reviewers will see");
    assert_eq!(viewer.for_you.len(), signal.focus.len(), "every focus file");
    let tokens = viewer
        .for_you
        .iter()
        .find(|file| file.path == "harbor/auth/tokens.py")
        .expect("tokens.py");
    assert_eq!(
        tokens.why(),
        "@tidewater/security will be asked to review it (CODEOWNERS line 8: /harbor/auth/tokens.py)",
        "the later rule wins over /harbor/auth/"
    );
    let docs = viewer
        .for_you
        .iter()
        .find(|file| file.path == "docs/auth.md")
        .expect("docs");
    assert!(
        docs.why()
            .starts_with("docs@tidewater.example will be asked"),
        "{}",
        docs.why()
    );
    assert!(
        viewer.since_review.is_none(),
        "the author does not review their own PR"
    );
    let text = cli_text("review-author-view", &[]);
    assert!(
        text.contains("What reviewers will see (@ines-marchetti):"),
        "{text}"
    );
    assert!(
        prlens::markdown::render(&project_signal("review-author-view"))
            .contains("**What reviewers will see (@ines\\-marchetti):**")
    );
}

#[test]
fn a_rereview_after_a_small_push_needs_no_full_read() {
    let signal = project_signal("review-rereview-small-change");
    let since = signal
        .viewer
        .and_then(|viewer| viewer.since_review)
        .expect("jonas reviewed an older commit");
    assert_eq!(since.state, "requested changes");
    assert!(!since.rewritten);
    assert_eq!(since.commits, ["3c4d5e6 Document token rotation"]);
    let diff = since
        .diff
        .as_ref()
        .expect("the comparison is of the reviewed commit and the head");
    assert_eq!(
        (diff.total_files, diff.additions, diff.deletions),
        (1, 3, 1)
    );
    assert!(
        since.drivers.is_empty() && since.findings.is_empty(),
        "nothing new to weigh"
    );
    assert_eq!(since.full_read, Some(false));
    assert_eq!(
        since.answer,
        "No: read the 1 file (+3 \u{2212}1) changed since your review; focus files among them: docs/auth.md."
    );
    let markdown = prlens::markdown::render(&project_signal("review-rereview-small-change"));
    assert!(markdown.contains("**Since your review:** You requested changes on 2b3c4d5\\. 1 commit was pushed since\\."), "{markdown}");
    assert!(markdown.contains("[Compare your reviewed commit with the head](https://github.com/tidewater/harbor-client/compare/"));
    let text = cli_text("review-rereview-small-change", &[]);
    assert!(
        text.contains(
            "Since your review: You requested changes on 2b3c4d5. 1 commit was pushed since."
        ),
        "{text}"
    );
    assert!(text.contains(&since.answer));
}

#[test]
fn a_rereview_after_a_force_push_says_so_and_needs_a_full_read() {
    let signal = project_signal("review-rereview-force-push");
    let since = signal
        .viewer
        .clone()
        .and_then(|viewer| viewer.since_review)
        .expect("jonas approved a commit that was rewritten");
    assert!(since.rewritten);
    assert_eq!(since.full_read, Some(true));
    assert!(since
        .answer
        .starts_with("Yes: the commit you reviewed (9f8e7d6) is no longer in the branch"));
    assert_eq!(since.level, Some(RiskLevel::High));
    let new: Vec<&str> = since
        .drivers
        .iter()
        .map(|driver| driver.id.as_str())
        .collect();
    // A new dependency is a hygiene finding (named below), not a driver (issue #37).
    assert!(!new.is_empty(), "{new:?}");
    let findings = signal.since_review_findings(&since);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].path, "requirements.txt");
    let markdown = prlens::markdown::render(&project_signal("review-rereview-force-push"));
    assert!(
        markdown.contains("It was rewritten by a force\\-push\\."),
        "{markdown}"
    );
    assert!(
        markdown.contains("- New finding: medium `requirements.txt` adds pyjwt ==2\\.8\\.0"),
        "{markdown}"
    );
    let text = cli_text("review-rereview-force-push", &[]);
    assert!(
        text.contains("New since your review: Sensitive paths"),
        "{text}"
    );
}

#[test]
fn as_login_shows_another_reviewers_view_of_the_same_bundle() {
    let text = cli_text("review-neither", &["--as", "mara-lindqvist"]);
    assert!(text.contains("For you (@mara-lindqvist):"), "{text}");
    assert!(
        text.contains("harbor/auth/session.py — You own it"),
        "{text}"
    );
    assert!(
        text.contains("Your commits to these files were not fetched."),
        "pat's history is not mara's: {text}"
    );
    let anonymous = cli_text("contributor-failing-checks", &[]);
    assert!(
        !anonymous.contains("For you"),
        "no viewer, no group: {anonymous}"
    );
}
