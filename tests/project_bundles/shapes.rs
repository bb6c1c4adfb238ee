//! The shape of the change: a 45-file PR, renamed and binary files, an empty PR, a 3,000-file PR
//! whose files come without patches, and more commits than GitHub lists.

use super::*;

#[test]
fn a_45_file_pr_is_sized_from_its_lines_and_ranks_new_sources_first() {
    let bundle = project_bundle("owner-45-files");
    let files = bundle.files.as_ref().expect("files");
    assert_eq!(files.len(), 45);
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    let all_lines: u64 = files.iter().map(|f| f.additions + f.deletions).sum();
    assert_eq!(
        signal.triage.counted_lines + signal.triage.excluded_lines,
        all_lines
    );
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"many_files"), "{drivers:?}");
    assert!(drivers.contains(&"large_diff"), "{drivers:?}");
    assert_eq!(signal.focus.len(), 45);
    assert_eq!(signal.focus[0].priority, Priority::Critical);
    let new_sources: Vec<&str> = signal
        .focus
        .iter()
        .filter(|file| file.reasons.contains(&"New file".to_string()))
        .map(|file| file.path.as_str())
        .collect();
    assert!(
        new_sources.contains(&"harbor/pagination.py"),
        "{new_sources:?}"
    );
    // Docs are the least urgent reading.
    let readme = signal
        .focus
        .iter()
        .find(|f| f.path == "README.md")
        .expect("README");
    assert_eq!(readme.priority, Priority::Low);
}

#[test]
fn renamed_and_binary_files_are_named_as_such_and_binaries_cannot_be_reviewed() {
    let signal = project_signal("renamed-and-binary-files");
    let moved = signal
        .focus
        .iter()
        .find(|file| file.path == "harbor/transport/http.py")
        .expect("the renamed file is listed");
    assert!(moved
        .reasons
        .contains(&"Renamed from harbor/http.py".to_string()));
    for binary in ["docs/images/architecture.png", "tools/win/harbor-cli.exe"] {
        let file = signal
            .focus
            .iter()
            .find(|f| f.path == binary)
            .expect(binary);
        assert!(file.reasons.contains(&"Binary".to_string()), "{binary}");
    }
    assert!(driver_ids(&signal).contains(&"binary_files"));
    assert!(signal
        .next_steps
        .concerns
        .iter()
        .any(|concern| concern.contains("tools/win/harbor-cli.exe")));
}

#[test]
fn an_empty_pr_has_no_focus_no_size_and_asks_for_a_description() {
    let signal = project_signal("empty");
    assert!(signal.focus.is_empty());
    assert_eq!(signal.focus_more, 0);
    assert_eq!(signal.triage.counted_lines, 0);
    assert_eq!(signal.triage.minutes, Some(0));
    assert_eq!(signal.risk.level, RiskLevel::Low);
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("What does this PR change and why?")));
}

/// The 45-file PR grown to `count` files listed without patches (GitHub omits `patch` for
/// large diffs), as the 3,000-file cap delivers them.
fn without_patches(count: usize) -> Value {
    let mut value = project_bundle_value("owner-45-files");
    let files: Vec<Value> = (0..count)
        .map(|index| {
            json!({"sha": format!("{index:040x}"), "filename": format!("harbor/generated/module_{index}.py"),
                "status": "modified", "additions": 2, "deletions": 1, "changes": 3})
        })
        .collect();
    value["files"] = Value::Array(files);
    value["files_truncated"] = json!(true);
    value["pull"]["changed_files"] = json!(count + 100);
    value["pull"]["additions"] = json!(2 * count);
    value["pull"]["deletions"] = json!(count);
    value
}

#[test]
fn three_thousand_files_without_patches_are_sized_from_line_counts_and_capped_in_focus() {
    let signal = analyze_value(&without_patches(3_000));
    assert_eq!(
        signal.triage.counted_lines + signal.triage.excluded_lines,
        9_000
    );
    assert_eq!(signal.triage.effort, Effort::Extensive);
    let kept = prlens::settings::section_tables::MAX_FOCUS_FILES;
    assert_eq!(signal.focus.len(), kept);
    assert_eq!(signal.focus_more, 3_000 - kept as u64);
    assert!(signal.focus.iter().all(|file| file
        .reasons
        .contains(&"GitHub sent no diff for this file".to_string())));
    let drivers = driver_ids(&signal);
    assert!(
        drivers.contains(&"large_diff") && drivers.contains(&"many_files"),
        "{drivers:?}"
    );
}

#[test]
fn more_commits_than_github_lists_are_all_attributed_to_their_author() {
    let mut value = project_bundle_value("owner-45-files");
    let template = value["commits"][0].clone();
    let commits: Vec<Value> = (0..300)
        .map(|index| {
            let mut commit = template.clone();
            commit["sha"] = json!(format!("{index:040x}"));
            commit
        })
        .collect();
    value["commits"] = Value::Array(commits);
    value["commits_truncated"] = json!(true);
    value["pull"]["commits"] = json!(300);
    let signal = analyze_value(&value);
    assert_eq!(signal.contributors.len(), 1, "one person made all 300");
    assert_eq!(signal.contributors[0].commits, 300);
}
