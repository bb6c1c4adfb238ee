//! Tests of the English claim phrases (`phrases.rs`).

use super::super::tokens::tokenize;
use super::*;

fn kinds(text: &str, mode: Mode) -> Vec<ClaimKind> {
    classify(&tokenize(text), mode)
        .into_iter()
        .map(|reading| reading.kind)
        .collect()
}

fn texts(subjects: &[Subject]) -> Vec<&str> {
    subjects
        .iter()
        .map(|subject| subject.text.as_str())
        .collect()
}

#[test]
fn verbs_split_what_changes_from_where() {
    let reading = &classify(
        &tokenize("Adds an `activation_offloading` option to `TrainingArguments`."),
        Mode::Prose,
    )[0];
    assert_eq!(reading.kind, ClaimKind::Adds);
    assert_eq!(texts(&reading.primary), ["activation_offloading"]);
    assert_eq!(texts(&reading.containers), ["TrainingArguments"]);
    let reading = &classify(&tokenize("Adds support for `zstd_level`"), Mode::Prose)[0];
    assert_eq!(
        (reading.kind, texts(&reading.primary)),
        (ClaimKind::Adds, vec!["zstd_level"])
    );
    let reading = &classify(
        &tokenize("`old_api` was removed from `Client`"),
        Mode::Prose,
    )[0];
    assert_eq!(
        (reading.kind, texts(&reading.primary)),
        (ClaimKind::Removes, vec!["old_api"])
    );
    let reading = &classify(
        &tokenize("Rename `fetch_all` to `fetch_pages`"),
        Mode::Prose,
    )[0];
    assert_eq!(
        (reading.kind, texts(&reading.primary)),
        (ClaimKind::Renames, vec!["fetch_all", "fetch_pages"])
    );
    let reading = &classify(&tokenize("`fetch_all` → `fetch_pages`"), Mode::Prose)[0];
    assert_eq!(reading.kind, ClaimKind::Renames);
    assert_eq!(
        kinds(
            "Activation offloading is added to `TrainingArguments`",
            Mode::Prose
        ),
        [ClaimKind::Names]
    );
    assert_eq!(
        kinds("This does not add `retry_count`", Mode::Prose),
        [ClaimKind::Names]
    );
    let repeated = "Adds `a.py` to `a.py`, `b_c`, `b_c`, `d_e`, `f_g`, `h_i`, `j_k` and `l_m`";
    let reading = &classify(&tokenize(repeated), Mode::Prose)[0];
    assert_eq!(texts(&reading.primary), ["a.py"]);
    assert_eq!(texts(&reading.containers), ["b_c", "d_e", "f_g", "h_i"]);
    assert_eq!(
        kinds(
            "I'm not sure `OldProvider` should be deprecated",
            Mode::Prose
        ),
        [ClaimKind::Names]
    );
    assert_eq!(
        kinds(
            "Deprecates `Trainer.old_step` in favour of `step`",
            Mode::Prose
        ),
        [ClaimKind::Deprecates]
    );
}

#[test]
fn tests_docs_behaviour_and_formatting_phrases_are_read() {
    use ClaimKind::*;
    assert_eq!(
        kinds("Did you write any new necessary tests?", Mode::TemplateBox),
        [TestsAdded]
    );
    assert_eq!(
        kinds(
            "New tests for activation offloading are added and pass.",
            Mode::Listed
        ),
        [TestsAdded]
    );
    assert_eq!(
        kinds(
            "New and existing unit tests pass locally with my changes",
            Mode::TemplateBox
        ),
        [Runtime]
    );
    assert_eq!(
        kinds("No tests needed.", Mode::Prose),
        Vec::<ClaimKind>::new()
    );
    assert_eq!(
        kinds("Fixed failing tests on Windows", Mode::Prose),
        Vec::<ClaimKind>::new()
    );
    assert_eq!(
        kinds("Update README.md by hub4j-test-org-test1", Mode::Prose),
        [Names]
    );
    assert_eq!(
        kinds("Tests: add compressed samples", Mode::Prose),
        [TestDataAdded]
    );
    assert_eq!(
        kinds("Tests for every resource", Mode::Listed),
        [TestsAdded]
    );
    assert_eq!(kinds("Docs", Mode::TemplateBox), [DocsUpdated]);
    assert_eq!(kinds("Tests pass", Mode::Listed), [Runtime]);
    assert_eq!(
        kinds(
            "I have made corresponding changes to the documentation",
            Mode::TemplateBox
        ),
        [DocsUpdated]
    );
    assert_eq!(
        kinds(
            "This change requires a documentation update",
            Mode::TemplateBox
        ),
        [AuthorsWord]
    );
    assert_eq!(
        kinds(
            "This PR fixes a typo or improves the docs",
            Mode::TemplateBox
        ),
        [DocsOnly]
    );
    assert_eq!(
        kinds("No behaviour change.", Mode::Prose),
        [NoBehaviourChange]
    );
    assert_eq!(
        kinds(
            "Code refactoring (no functional changes)",
            Mode::TemplateBox
        ),
        [NoBehaviourChange]
    );
    assert_eq!(
        kinds(
            "Breaking change (fix or feature that would cause existing functionality to not work as expected)",
            Mode::TemplateBox
        ),
        [AuthorsWord]
    );
    assert_eq!(
        kinds("[NFC] tidy the parser", Mode::Prose),
        [NoBehaviourChange]
    );
    assert_eq!(
        kinds("Formatting only, via rustfmt.", Mode::Prose),
        [FormattingOnly]
    );
    assert_eq!(
        kinds("I read the contributor guideline", Mode::TemplateBox),
        [AuthorsWord]
    );
    assert_eq!(
        kinds("This PR targets the `main` branch", Mode::TemplateBox),
        [AuthorsWord]
    );
}

#[test]
fn closing_keywords_name_issues_and_language_is_told_by_function_words() {
    let issues = closed_issues(&tokenize("Fixes #12 and closes #14; see #15"));
    assert_eq!(texts(&issues), ["#12", "#14"]);
    assert_eq!(
        is_english(&tokenize("This adds the option to the trainer")),
        Some(true)
    );
    assert_eq!(
        is_english(&tokenize("Add a delete() method to WorkflowRun.")),
        Some(true)
    );
    assert_eq!(
        is_english(&tokenize("Añade la opción `foo_bar` al entrenador")),
        Some(false)
    );
    assert_eq!(
        is_english(&tokenize("新增 `foo_bar` 选项以减少显存占用")),
        Some(false)
    );
    assert_eq!(is_english(&tokenize("`foo_bar`")), None);
}
