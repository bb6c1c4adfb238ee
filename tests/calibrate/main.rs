//! `prlens calibrate` on a small history the test writes itself with git: a maintainer's first
//! commit, a first-time contributor's squash-merged PR, a merge-commit PR from a fork, a fix
//! of that PR a few days later, a PR that is reverted, a docs PR, and a tip commit weeks
//! later so every PR's fix window is over.
//!
//! What it pins: PRs are recognised in both shapes, the merge's author is the branch author
//! (not the merger), each PR is scored from what history knew before it (a newcomer, then
//! a returning author), labels name the reverting and the fixing commit, nothing fires from
//! checks, reviews or accounts that git cannot know, and the report carries AUC next to the
//! lines-changed baseline.

mod history;

use std::process::Command;

use history::History;
use serde_json::Value;

fn calibrate(history: &History, extra: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_prlens"))
        .arg("calibrate")
        .arg(history.path())
        .args(["--repo", "octo/demo", "--json", "--rows"])
        .args(extra)
        .output()
        .expect("prlens runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON report")
}

fn row(report: &Value, number: u64) -> &Value {
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["number"] == number)
        .unwrap_or_else(|| panic!("PR #{number} studied"))
}

fn drivers(row: &Value) -> Vec<&str> {
    row["drivers"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn recognises_squash_and_merge_commit_prs_and_labels_the_fix_and_the_revert() {
    let history = History::build();
    let report = calibrate(&history, &[]);
    let numbers: Vec<u64> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    let repository = &report["repositories"][0];
    assert_eq!(repository["repository"], "octo/demo");
    assert_eq!(repository["merged_prs"], 6);
    assert_eq!(repository["head"], history.sha("tip"));

    let merged = row(&report, 2);
    assert_eq!(merged["author"], "bob", "the branch author, not the merger");
    assert_eq!(merged["sha"], history.sha("merge #2"));
    assert_eq!(merged["fixed_by"], history.sha("fix #3"));
    assert_eq!(merged["bad"], true);

    let reverted = row(&report, 4);
    assert_eq!(reverted["reverted_by"], history.sha("revert #5"));

    for good in [1, 3, 5, 6] {
        assert_eq!(row(&report, good)["bad"], false, "#{good}");
    }
    let summary = &repository["summary"];
    assert_eq!(
        (summary["reverted"].as_u64(), summary["fixed_soon"].as_u64()),
        (Some(1), Some(1))
    );
    assert!(summary["auc"]["score"]["value"].is_number());
    assert!(summary["auc"]["baseline"]["value"].is_number());
}

#[test]
fn each_pr_is_scored_from_what_history_knew_before_it() {
    let history = History::build();
    let report = calibrate(&history, &[]);
    assert!(
        drivers(row(&report, 1)).contains(&"new_contributor"),
        "alice's first PR"
    );
    assert!(
        !drivers(row(&report, 4)).contains(&"new_contributor"),
        "alice again"
    );
    for row in report["rows"].as_array().unwrap() {
        for absent in [
            "failing_checks",
            "stale_approval",
            "young_account",
            "empty_profile",
            "dormant_account",
            "pr_burst",
            "unsigned_commit",
            "commit_identity",
            "merge_conflict",
            "stale",
            "draft",
        ] {
            assert!(
                !drivers(row).contains(&absent),
                "{absent} fired on #{} from data git does not have",
                row["number"]
            );
        }
    }
}

#[test]
fn max_prs_keeps_the_newest_and_text_names_the_baseline() {
    let history = History::build();
    let report = calibrate(&history, &["--max-prs", "2"]);
    let numbers: Vec<u64> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [5, 6]);
    let output = Command::new(env!("CARGO_BIN_EXE_prlens"))
        .args(["calibrate", "--repo", "octo/demo"])
        .arg(history.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("lines changed"), "{text}");
    assert!(text.contains("octo/demo at "), "{text}");
}

#[test]
fn a_folder_that_is_not_a_repository_is_bad_input_in_one_line() {
    let dir = std::env::temp_dir().join(format!("prlens-calibrate-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_prlens"))
        .arg("calibrate")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("is not a git repository"), "{stderr}");
}

#[test]
fn fit_writes_a_repository_settings_file_that_analyze_imports_with_its_badge() {
    let history = History::build();
    let dir = std::env::temp_dir().join(format!("prlens-calibrate-fit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let settings = dir.join("settings.json");
    let bundles = dir.join("bundles");
    let report = calibrate(
        &history,
        &[
            "--fit",
            settings.to_str().unwrap(),
            "--save-bundles",
            bundles.to_str().unwrap(),
        ],
    );
    let proposal = &report["fit"]["proposal"];
    assert_eq!(proposal["weights"].as_array().unwrap().len(), 5);
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    let entry = &written["repositories"]["octo/demo"];
    assert_eq!(entry["calibration"]["commit"], history.sha("tip"));
    assert_eq!(entry["calibration"]["prs"], 6);
    assert!(entry["weights"]["large_diff"].is_number());
    // The saved bundle of PR #2, scored with and without the file.
    let bundle = bundles.join("octo+demo-2.json");
    let analyze = |extra: &[&str]| -> Value {
        let output = Command::new(env!("CARGO_BIN_EXE_prlens"))
            .arg("analyze")
            .arg(&bundle)
            .args(extra)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let plain = analyze(&[]);
    assert!(plain["meta"].get("calibration").is_none());
    assert_eq!(
        plain["risk"]["score"],
        row(&report, 2)["score"],
        "same bundle, same signal"
    );
    let calibrated = analyze(&["--settings", settings.to_str().unwrap()]);
    let note = calibrated["meta"]["calibration"]
        .as_str()
        .expect("the badge's note");
    assert!(note.starts_with("Calibrated for octo/demo: "), "{note}");
    let _ = std::fs::remove_dir_all(&dir);
}
