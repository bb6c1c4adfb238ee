//! Cases written from GitHub's documented rules (module doc): each test names the rule.

use super::{Codeowners, Owner};

fn handles(file: &Codeowners, path: &str) -> Vec<String> {
    file.owners_of(path).iter().map(Owner::handle).collect()
}

/// A file exercising every documented rule, in our own words and names.
const RULES: &str = "\
# default owners for the whole tree
*                  @harbor-lead @harbor-second
# a later extension rule beats the catch-all
*.ts               @ts-person   # an inline comment after the owners
*.sql              dba@tidewater.example
*.yml              @tidewater/platform
/infra/terraform/  @iac-person
notes/*            writers@tidewater.example
fixtures/          @fixture-keeper
/manual/           @manual-owner
**/snapshots       @snapshot-owner
/services/         @services-owner
/services/legacy
";

#[test]
fn the_catch_all_owns_what_no_later_rule_matches() {
    let file = Codeowners::parse(RULES);
    assert_eq!(
        handles(&file, "README.md"),
        ["@harbor-lead", "@harbor-second"]
    );
    assert_eq!(
        handles(&file, "deep/down/main.rs"),
        ["@harbor-lead", "@harbor-second"]
    );
}

#[test]
fn the_last_matching_rule_wins_over_earlier_ones() {
    let file = Codeowners::parse(RULES);
    assert_eq!(handles(&file, "web/app.ts"), ["@ts-person"]);
    // The same two rules in the other order: the catch-all, now last, wins.
    let reversed = Codeowners::parse("*.ts @ts-person\n* @harbor-lead\n");
    assert_eq!(handles(&reversed, "web/app.ts"), ["@harbor-lead"]);
}

#[test]
fn an_inline_comment_after_the_owners_is_not_an_owner() {
    let file = Codeowners::parse(RULES);
    let rule = file.rule_for("x.ts").expect("the *.ts rule");
    assert_eq!(rule.line, 4);
    assert_eq!(rule.owners, [Owner::User("ts-person".into())]);
}

#[test]
fn emails_and_team_handles_are_owners() {
    let file = Codeowners::parse(RULES);
    assert_eq!(
        file.owners_of("db/migrate/001.sql"),
        [Owner::Email("dba@tidewater.example".into())]
    );
    assert_eq!(
        file.owners_of(".github/workflows/ci.yml"),
        [Owner::Team("tidewater/platform".into())]
    );
}

#[test]
fn a_leading_slash_with_a_trailing_slash_owns_a_root_directory_at_any_depth_below_it() {
    let file = Codeowners::parse(RULES);
    assert_eq!(handles(&file, "infra/terraform/main.tf"), ["@iac-person"]);
    assert_eq!(
        handles(&file, "infra/terraform/modules/net/vpc.tf"),
        ["@iac-person"]
    );
    // Anchored: the same directory elsewhere is not owned by that rule.
    assert_eq!(
        handles(&file, "old/infra/terraform/main.tf"),
        ["@harbor-lead", "@harbor-second"]
    );
}

#[test]
fn a_trailing_star_owns_direct_children_only() {
    let file = Codeowners::parse(RULES);
    assert_eq!(
        handles(&file, "notes/intro.md"),
        ["writers@tidewater.example"]
    );
    assert_eq!(
        handles(&file, "notes/2026/june.md"),
        ["@harbor-lead", "@harbor-second"],
        "a nested file is not a direct child"
    );
}

#[test]
fn a_directory_name_without_a_leading_slash_matches_anywhere() {
    let file = Codeowners::parse(RULES);
    assert_eq!(handles(&file, "fixtures/a.json"), ["@fixture-keeper"]);
    assert_eq!(
        handles(&file, "crates/net/fixtures/deep/b.json"),
        ["@fixture-keeper"]
    );
    // A trailing slash names a directory: a file called `fixtures` is not under it.
    assert_eq!(
        handles(&file, "docs/fixtures"),
        ["@harbor-lead", "@harbor-second"]
    );
}

#[test]
fn a_rooted_directory_owns_its_whole_subtree_but_not_a_namesake_deeper_down() {
    let file = Codeowners::parse(RULES);
    assert_eq!(handles(&file, "manual/setup/install.md"), ["@manual-owner"]);
    assert_eq!(
        handles(&file, "src/manual/page.md"),
        ["@harbor-lead", "@harbor-second"]
    );
}

#[test]
fn a_leading_double_star_matches_a_directory_at_any_depth() {
    let file = Codeowners::parse(RULES);
    for path in [
        "snapshots/a.snap",
        "ui/snapshots/b.snap",
        "very/deep/tree/snapshots/c/d.snap",
    ] {
        assert_eq!(handles(&file, path), ["@snapshot-owner"], "{path}");
    }
}

#[test]
fn a_later_rule_without_owners_leaves_a_subtree_unowned() {
    let file = Codeowners::parse(RULES);
    assert_eq!(
        handles(&file, "services/billing/api.rs"),
        ["@services-owner"]
    );
    assert!(handles(&file, "services/legacy/old.rs").is_empty());
    assert_eq!(
        file.rule_for("services/legacy/old.rs")
            .map(|rule| rule.line),
        Some(13)
    );
}

#[test]
fn double_stars_in_the_middle_and_at_the_end_span_directories() {
    let file = Codeowners::parse("src/**/auth.rs @auth-owner\nlib/** @lib-owner\n");
    assert_eq!(handles(&file, "src/auth.rs"), ["@auth-owner"]);
    assert_eq!(handles(&file, "src/net/http/auth.rs"), ["@auth-owner"]);
    assert!(handles(&file, "other/src/auth.rs").is_empty(), "anchored");
    assert_eq!(handles(&file, "lib/a/b/c.rs"), ["@lib-owner"]);
}

#[test]
fn a_star_never_crosses_a_slash_and_a_question_mark_is_one_character() {
    let file = Codeowners::parse("/src/*.rs @rust-owner\n/v?.txt @version-owner\n");
    assert_eq!(handles(&file, "src/lib.rs"), ["@rust-owner"]);
    assert!(handles(&file, "src/net/http.rs").is_empty());
    assert_eq!(handles(&file, "v1.txt"), ["@version-owner"]);
    assert!(handles(&file, "v10.txt").is_empty());
}

#[test]
fn paths_are_case_sensitive() {
    let file = Codeowners::parse("/Docs/ @docs-owner\n");
    assert_eq!(handles(&file, "Docs/a.md"), ["@docs-owner"]);
    assert!(handles(&file, "docs/a.md").is_empty());
}

#[test]
fn negation_and_unreadable_owners_are_skipped_lines_and_brackets_are_plain_characters() {
    let file = Codeowners::parse(
        "* @all\n!*.md @nobody\n*.rs not-an-owner\n[abc].txt @bracket-owner\n\\#notes @hash\n",
    );
    assert_eq!(file.skipped_lines, [2, 3]);
    assert_eq!(handles(&file, "README.md"), ["@all"], "no negation");
    assert_eq!(handles(&file, "main.rs"), ["@all"]);
    assert_eq!(handles(&file, "[abc].txt"), ["@bracket-owner"]);
    assert_eq!(handles(&file, "a.txt"), ["@all"], "no character ranges");
}

#[test]
fn an_escaped_space_stays_in_the_pattern() {
    let file = Codeowners::parse("/My\\ Docs/ @spaced\n");
    assert_eq!(handles(&file, "My Docs/readme.md"), ["@spaced"]);
}

#[test]
fn comments_and_blank_lines_are_not_rules() {
    let file = Codeowners::parse("# only a comment\n\n   \n# * @nobody\n");
    assert!(file.rules.is_empty() && file.skipped_lines.is_empty());
    assert!(file.rule_for("anything.rs").is_none());
}
