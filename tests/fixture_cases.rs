//! The engine over EVERY recorded PR case of `tests/fixture-cases.json` (real GitHub data from
//! `../shared/fixtures`), with hand-checked expectations per case: what a reviewer would
//! expect the panel to say about that PR.

mod support;

use prlens::signal::{
    Effort, PolicyOutcome, Priority, ReviewAction, RiskLevel, Role, SignalState, Staleness,
    TrustLevel,
};
use prlens::Settings;
use serde_json::json;
use support::{at, bundle, bundle_value, cases, signal};

fn driver_ids(signal: &prlens::Signal) -> Vec<&str> {
    signal.risk.drivers.iter().map(|d| d.id.as_str()).collect()
}

fn checklist_points(signal: &prlens::Signal, id: &str) -> u8 {
    signal
        .review
        .checklist
        .iter()
        .find(|item| item.id == id)
        .map(|item| item.earned)
        .unwrap_or_else(|| panic!("checklist has no {id}"))
}

fn convention(signal: &prlens::Signal, id: &str) -> bool {
    signal
        .conventions
        .iter()
        .find(|check| check.id == id)
        .map(|check| check.ok)
        .unwrap_or_else(|| panic!("no convention {id}"))
}

// ---------------------------------------------------------------- every case

#[test]
fn every_recorded_pull_request_folder_is_a_case() {
    let names = cases().names();
    let listed: Vec<String> = names
        .iter()
        .map(|name| {
            cases().case(name).unwrap()["dir"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let root = support::fixtures_root();
    for group in std::fs::read_dir(&root).unwrap() {
        let group = group.unwrap().path();
        if !group.is_dir() {
            continue;
        }
        for folder in std::fs::read_dir(&group).unwrap() {
            let folder = folder.unwrap().path();
            if folder.join("pull.json").exists() {
                let relative = folder
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                assert!(
                    listed.contains(&relative),
                    "{relative} has a pull.json but no case"
                );
            }
        }
    }
    assert!(names.len() >= 33, "only {} cases", names.len());
    let mut unique = names.clone();
    prlens::order::sort(&mut unique);
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "case names are unique");
}

#[test]
fn every_case_gives_a_consistent_deterministic_signal() {
    for name in cases().names() {
        let bundle = bundle(&name);
        let first = prlens::analyze(&bundle, &Settings::default(), None);
        let second = prlens::analyze(&bundle, &Settings::default(), None);
        assert_eq!(first, second, "{name}: same bundle, same signal");
        let signal = first;
        assert_eq!(signal.version, "prlens.signal.v1");
        assert_eq!(signal.pr.number, bundle.pull.number, "{name}");
        assert!(
            signal.pr.url.starts_with("https://github.com/"),
            "{name}: {}",
            signal.pr.url
        );

        let author = &signal.contributors[0];
        assert_eq!(author.role, Role::Author, "{name}: the author comes first");
        assert!(author.badges.contains(&"PR Author".to_string()), "{name}");
        assert!(!author.summary.is_empty(), "{name}");

        assert!((0.0..=1.0).contains(&signal.risk.score), "{name}");
        assert!(
            (0.0..=1.0).contains(&signal.evidence.completeness),
            "{name}"
        );
        assert!((0.0..=1.0).contains(&signal.intent.confidence), "{name}");
        assert!(signal.review.readiness <= 100, "{name}");
        let total: u32 = signal
            .review
            .checklist
            .iter()
            .map(|i| u32::from(i.points))
            .sum();
        assert_eq!(total, 100, "{name}: checklist points sum to 100");
        let earned: u32 = signal
            .review
            .checklist
            .iter()
            .map(|i| u32::from(i.earned))
            .sum();
        assert_eq!(earned, u32::from(signal.review.readiness), "{name}");
        assert!(!signal.review.rationale.is_empty(), "{name}");
        assert!(
            !signal.intent.goal.is_empty(),
            "{name}: a goal, at least the title"
        );

        // Focus: the top files (at most MAX_FOCUS_FILES) plus a count of the rest, anchors are
        // GitHub's, order is by priority then size.
        let file_count = bundle.files.as_ref().map_or(0, Vec::len);
        assert_eq!(
            signal.focus.len(),
            file_count.min(prlens::settings::section_tables::MAX_FOCUS_FILES),
            "{name}"
        );
        assert_eq!(
            signal.focus.len() as u64 + signal.focus_more,
            file_count as u64,
            "{name}"
        );
        for pair in signal.focus.windows(2) {
            assert!(pair[0].priority >= pair[1].priority, "{name}: focus order");
        }
        for file in &signal.focus {
            assert!(
                file.anchor.starts_with("diff-") && file.anchor.len() == 69,
                "{name}"
            );
            assert!(file.anchor[5..]
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
            assert!(
                !file.reasons.is_empty(),
                "{name}: {} has reasons",
                file.path
            );
        }

        // Triage: the formula shows the inputs and the minutes follow from them.
        let rate = Settings::default().thresholds.review_rate_loc_per_hour;
        assert_eq!(
            signal.triage.minutes,
            (signal.triage.counted_lines * 60 + rate / 2) / rate,
            "{name}"
        );
        assert!(
            signal
                .triage
                .formula
                .contains(&format!("{} lines", signal.triage.counted_lines)),
            "{name}: {}",
            signal.triage.formula
        );
        assert!(signal.triage.remaining_minutes <= signal.triage.minutes);

        // Evidence is never silently empty: the note explains.
        assert!(!signal.evidence.note.is_empty(), "{name}");

        // Exports: JSON round trip and Markdown.
        let json = serde_json::to_string(&signal).unwrap();
        let back: prlens::Signal = serde_json::from_str(&json).unwrap();
        assert_eq!(back, signal, "{name}");
        let markdown = prlens::markdown::render(&signal);
        assert!(markdown.starts_with("### prlens: "), "{name}");
        assert!(!markdown.contains("<script"), "{name}");

        let fetched_at = cases().case(&name).unwrap()["fetched_at"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            prlens::timestamp::parse(&signal.meta.generated_at),
            prlens::timestamp::parse(&fetched_at),
            "{name}: now defaults to fetched_at"
        );
    }
}

// ---------------------------------------------------------------- bots

#[test]
fn dependabot_and_pull_bot_get_bot_trust_never_new_contributor() {
    for name in [
        "cloudbees-oss-zendesk-java-client-572-dependabot-actions",
        "cloudbees-oss-zendesk-java-client-580-dependabot-maven",
        "liuzhuzhu-lzz-gulimall-1-dependabot-security",
        "PyGithub-PyGithub-3370-dependabot-ci",
        "daddyfatstacksBIG-lerna-20-pull-bot-sync",
    ] {
        let signal = signal(name);
        let bot = &signal.contributors[0];
        assert_eq!(bot.trust_level, TrustLevel::Bot, "{name}");
        assert!(bot.badges.contains(&"Bot".to_string()), "{name}");
        assert!(
            !bot.badges.contains(&"New Contributor".to_string()),
            "{name}"
        );
        let drivers = driver_ids(&signal);
        assert!(!drivers.contains(&"new_contributor"), "{name}: {drivers:?}");
        assert!(!drivers.contains(&"young_account"), "{name}: {drivers:?}");
    }
}

#[test]
fn dependabot_workflow_bump_is_a_supply_chain_change_of_ci_config() {
    let signal = signal("PyGithub-PyGithub-3370-dependabot-ci");
    assert!(signal.supply_chain.ci_config);
    assert_eq!(signal.focus.len(), 4);
    for file in &signal.focus {
        assert!(file.path.starts_with(".github/workflows/"), "{}", file.path);
        assert!(file.reasons.contains(&"CI configuration".to_string()));
        assert!(file.priority >= Priority::High);
    }
    assert!(
        driver_ids(&signal).contains(&"ci_config_change"),
        "{:?}",
        driver_ids(&signal)
    );
    // The bump moves tags (`@v5` → `@v6`), which are not SHA pins.
    assert!(
        signal
            .supply_chain
            .findings
            .iter()
            .any(|finding| finding.id.key().contains("unpinned")),
        "{:?}",
        signal.supply_chain.findings
    );
}

#[test]
fn trusted_bots_from_settings_are_bots_too() {
    let settings =
        Settings::from_json_str(r#"{"trusted_bots": ["bgilbert"]}"#).expect("valid settings");
    let signal = support::signal_with("github3.py-235-contributor", &settings);
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::Bot);
}

// ---------------------------------------------------------------- trust

#[test]
fn associations_map_to_trust_levels() {
    let expectations = [
        (
            "PyGithub-PyGithub-31-large",
            TrustLevel::Maintainer,
            "Member of the organization",
        ),
        (
            "danger-danger-js-395-owner-large",
            TrustLevel::Maintainer,
            "Owner of this repository",
        ),
        (
            "envoyproxy-envoy-wasm-267-member-deletions",
            TrustLevel::Maintainer,
            "Member",
        ),
        (
            "PyGithub-PyGithub-2078-collaborator",
            TrustLevel::Trusted,
            "Collaborator",
        ),
        (
            "github3.py-671-reviews",
            TrustLevel::Trusted,
            "Collaborator",
        ),
        (
            "github3.py-235-contributor",
            TrustLevel::Established,
            "committed to this repository before",
        ),
        (
            "coleslaw-org-coleslaw-173-contributor",
            TrustLevel::Established,
            "committed",
        ),
        // NONE without fetched history: an outsider, but not provably a first-timer.
        (
            "PyGithub-PyGithub-1171-assoc-none",
            TrustLevel::Low,
            "No association",
        ),
        (
            "hub4j-github-api-1624-opened-assoc-none",
            TrustLevel::Low,
            "No association",
        ),
        (
            "hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor",
            TrustLevel::New,
            "First-time contributor",
        ),
        // 2016 recordings have no author_association: not trusted by default.
        (
            "artsy-emission-327-feature",
            TrustLevel::Low,
            "No association",
        ),
        (
            "apache-brooklyn-server-465-unmerged",
            TrustLevel::Low,
            "No association",
        ),
    ];
    for (name, level, summary) in expectations {
        let author = signal(name).contributors.remove(0);
        assert_eq!(author.trust_level, level, "{name}");
        assert!(
            author.summary.contains(summary),
            "{name}: {}",
            author.summary
        );
    }
}

#[test]
fn association_none_is_new_only_when_history_shows_no_merged_pr() {
    let mut value = bundle_value("PyGithub-PyGithub-1171-assoc-none");
    value["history"] = json!({"Ferada": {"prs": 1, "merged": 0}});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::New);
    assert!(driver_ids(&signal).contains(&"new_contributor"));
}

#[test]
fn a_young_commit_author_without_history_is_new() {
    let mut value = bundle_value("github3.py-235-contributor");
    value["commits"][1]["author"]["login"] = json!("fresh-account");
    value["users"] = json!({"fresh-account": {"login": "fresh-account", "created_at": "2014-07-01T00:00:00Z"},
                            "old-account": {"login": "old-account", "created_at": "2010-01-01T00:00:00Z"}});
    value["commits"][0]["author"]["login"] = json!("old-account");
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let by_login = |login: &str| {
        signal
            .contributors
            .iter()
            .find(|person| person.login == login)
            .unwrap()
            .clone()
    };
    let fresh = by_login("fresh-account");
    assert_eq!(fresh.account_age_days, Some(25));
    assert_eq!(fresh.trust_level, TrustLevel::New);
    assert!(
        fresh.summary.starts_with("New account"),
        "{}",
        fresh.summary
    );
    assert_eq!(by_login("old-account").trust_level, TrustLevel::Low);
}

#[test]
fn account_age_comes_from_the_user_record_at_fetch_time() {
    let signal = signal("PyGithub-PyGithub-31-large");
    let author = &signal.contributors[0];
    // jacquev6 created 2010-07-09T06:10:06Z; fetched 2018-06-25T12:54:43Z.
    assert_eq!(author.account_age_days, Some(2908));
    assert!(!author.badges.contains(&"Fresh Account".to_string()));
    assert_eq!(author.commits, 3);
    assert_eq!(author.prior_prs, None, "history not fetched");
    assert_eq!(author.unfamiliar_files, None, "familiarity not fetched");
}

#[test]
fn deleted_author_is_ghost_with_low_trust() {
    let signal = signal("hub4j-test-org-github-api-2-ghost-author");
    let ghost = &signal.contributors[0];
    assert_eq!(ghost.login, "ghost");
    assert_eq!(ghost.trust_level, TrustLevel::Low);
    assert!(ghost.badges.contains(&"Deleted Account".to_string()));
    assert!(ghost.summary.contains("deleted"), "{}", ghost.summary);
    assert!(!driver_ids(&signal).contains(&"new_contributor"));
}

#[test]
fn a_second_commit_author_is_listed_and_judged_from_history() {
    // The recorded PR plus one extra commit by another account, with its history and age.
    let mut value = bundle_value("github3.py-235-contributor");
    let mut extra = value["commits"][0].clone();
    extra["sha"] = json!("0123456789abcdef0123456789abcdef01234567");
    extra["author"]["login"] = json!("newcomer");
    value["commits"].as_array_mut().unwrap().push(extra.clone());
    value["commits"].as_array_mut().unwrap().push(extra);
    value["users"] = json!({"newcomer": {"login": "newcomer", "type": "User", "created_at": "2014-07-15T00:00:00Z"}});
    value["history"] =
        json!({"newcomer": {"prs": 0, "merged": 0}, "bgilbert": {"prs": 3, "merged": 2}});
    value["familiarity"] = json!({"newcomer": {"github3/repos/release.py": 0}});
    let bundle = prlens::Bundle::from_value(&value).unwrap();
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    assert_eq!(signal.contributors.len(), 2);
    let newcomer = &signal.contributors[1];
    assert_eq!(newcomer.role, Role::Committer);
    assert_eq!(newcomer.commits, 2);
    assert_eq!(newcomer.trust_level, TrustLevel::New);
    assert_eq!(newcomer.account_age_days, Some(11));
    assert_eq!(newcomer.unfamiliar_files, Some(2));
    assert!(newcomer.badges.contains(&"Fresh Account".to_string()));
    assert!(newcomer
        .summary
        .starts_with("First-time contributor to this repository. Account created 11 days ago."));
    assert_eq!(signal.contributors[0].merged_prs, Some(2));
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"new_contributor"), "{drivers:?}");
    assert!(drivers.contains(&"young_account"), "{drivers:?}");
}

// ---------------------------------------------------------------- evidence

#[test]
fn first_time_contributor_with_held_workflows_explains_missing_evidence() {
    let signal = signal("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::New);
    let evidence = &signal.evidence;
    assert!(
        evidence.note.contains("await maintainer approval"),
        "{}",
        evidence.note
    );
    assert_eq!(evidence.checks.len(), 4);
    assert!(evidence
        .checks
        .iter()
        .all(|check| check.conclusion == "action_required" && check.state == SignalState::Pending));
    assert_eq!(evidence.signals.ci_passing, SignalState::Pending);
    assert_eq!(evidence.signals.tests_passing, SignalState::Missing);
    assert!(evidence.completeness < 0.1);
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.contains("waiting for approval")));
    assert!(!signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("Why is ci_passing missing")));
    assert_ne!(signal.review.action, ReviewAction::Approve);
    assert!(driver_ids(&signal).contains(&"new_contributor"));
}

#[test]
fn first_time_contributor_without_any_runs_is_explained_too() {
    let mut value = bundle_value("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    value["check_runs"] = json!([]);
    value["status"] = json!({"state": "pending", "statuses": []});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert!(
        signal
            .evidence
            .note
            .contains("workflows likely awaiting maintainer approval"),
        "{}",
        signal.evidence.note
    );
    assert_eq!(signal.evidence.completeness, 0.0);
}

#[test]
fn unfetched_checks_are_unknown_not_absent() {
    let signal = signal("PyGithub-PyGithub-31-large");
    assert!(signal.evidence.note.contains("not fetched"));
    assert!(!signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("Why is")));
}

#[test]
fn webhook_check_run_counts_as_lint_and_ci_evidence() {
    let signal = signal("Codertocat-Hello-World-2-webhooks");
    let signals = &signal.evidence.signals;
    assert_eq!(
        signals.lint_passing,
        SignalState::Passing,
        "Octocoders-linter"
    );
    assert_eq!(signals.ci_passing, SignalState::Passing);
    assert_eq!(signals.tests_passing, SignalState::Missing);
    assert!((signal.evidence.completeness - 2.0 / 6.0).abs() < 0.001);
    assert!(signal
        .next_steps
        .questions
        .contains(&"Why is tests_passing missing? Consider adding this check.".to_string()));
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::Maintainer);
}

// ---------------------------------------------------------------- size and focus

#[test]
fn huge_squash_commit_with_missing_patches_is_sized_from_line_counts() {
    let bundle = bundle("PyGithub-PyGithub-691-huge-squash-commit");
    let files = bundle.files.as_ref().unwrap();
    assert_eq!(files.len(), 371);
    assert_eq!(files.iter().filter(|f| f.patch.is_none()).count(), 217);
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    let all_lines: u64 = files.iter().map(|f| f.additions + f.deletions).sum();
    assert_eq!(
        signal.triage.counted_lines + signal.triage.excluded_lines,
        all_lines
    );
    assert_eq!(signal.triage.effort, Effort::Extensive);
    // The 50 highest-ranked files are kept; the other 321 are counted.
    assert_eq!(signal.focus.len(), 50);
    assert_eq!(signal.focus_more, 321);
    assert!(signal.focus.iter().any(|f| f
        .reasons
        .contains(&"GitHub sent no diff for this file".to_string())));
    assert!(!convention(&signal, "pr_size"));
    assert!(signal.next_steps.concerns[0].starts_with("Consider breaking into smaller PRs"));
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"large_diff"), "{drivers:?}");
    assert!(drivers.contains(&"many_files"), "{drivers:?}");
}

#[test]
fn large_pr_without_file_list_is_sized_from_pr_totals() {
    let signal = signal("danger-danger-js-395-owner-large");
    assert_eq!(signal.triage.counted_lines, 1517 + 566);
    assert_eq!(signal.triage.minutes, 250);
    assert!(signal.triage.formula.contains("PR totals"));
    assert_eq!(signal.triage.effort, Effort::Extensive);
    assert_eq!(
        signal.triage.advice,
        "Schedule dedicated review time; consider pair review"
    );
    assert!(driver_ids(&signal).contains(&"large_diff"));
}

#[test]
fn list_form_pull_without_counts_has_unknown_size() {
    for name in [
        "rails_admin-3207-commit-pulls-list-form",
        "hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor",
    ] {
        let signal = signal(name);
        assert!(signal.triage.formula.contains("size unknown"), "{name}");
        assert!(
            convention(&signal, "pr_size"),
            "{name}: unknown is not too big"
        );
    }
}

#[test]
fn focus_ranks_sensitive_source_first_with_github_anchors() {
    let signal = signal("PyGithub-PyGithub-31-large");
    assert_eq!(signal.focus.len(), 45);
    let top = &signal.focus[0];
    assert!(top.priority >= Priority::High);
    assert!(
        top.reasons.iter().any(|r| r.starts_with("Sensitive path:")),
        "{:?}",
        top.reasons
    );
    let authorization = signal
        .focus
        .iter()
        .find(|f| f.path == "src/github/Authorization.py")
        .unwrap();
    assert!(authorization
        .reasons
        .contains(&"Sensitive path: auth".to_string()));
    // GitHub's Files-tab anchor is diff-<sha256(path)>.
    assert_eq!(
        prlens::engine::sections::focus::anchor("README.md"),
        "diff-b335630551682c19a781afebcf4d07bf978fb1f8ac04c6bf87428ed5106870f5"
    );
    assert_eq!(
        authorization.anchor,
        prlens::engine::sections::focus::anchor("src/github/Authorization.py")
    );
    assert!(convention(&signal, "tests_with_source"));
}

#[test]
fn small_source_change_with_its_test_is_medium_then_low() {
    let signal = signal("github3.py-235-contributor");
    let paths: Vec<(&str, Priority)> = signal
        .focus
        .iter()
        .map(|f| (f.path.as_str(), f.priority))
        .collect();
    assert_eq!(
        paths,
        [
            ("github3/repos/release.py", Priority::Medium),
            ("tests/unit/test_repos_release.py", Priority::Low)
        ]
    );
    assert_eq!(signal.focus[0].reasons, ["Source code"]);
    assert_eq!(signal.triage.effort, Effort::Trivial);
    assert!(convention(&signal, "tests_with_source"));
    assert_eq!(signal.risk.level, RiskLevel::Low);
}

#[test]
fn source_without_tests_is_questioned() {
    let signal = signal("octokit.rb-67-2013");
    assert!(!convention(&signal, "tests_with_source"));
    assert_eq!(checklist_points(&signal, "tests_with_source"), 0);
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("How is this change verified?")));
    assert!(driver_ids(&signal).contains(&"missing_tests"));
}

#[test]
fn viewed_files_reduce_the_remaining_time() {
    let mut value = bundle_value("github3.py-286-files");
    value["page"] = json!({"viewed_files": ["github3/pulls.py"]});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let pulls = signal
        .focus
        .iter()
        .find(|f| f.path == "github3/pulls.py")
        .unwrap();
    assert!(pulls.viewed);
    assert!(signal.triage.remaining_minutes < signal.triage.minutes);
}

// ---------------------------------------------------------------- docs-only and drafts

#[test]
fn docs_only_prs_are_low_risk_and_quick() {
    for name in [
        "cloudbees-oss-zendesk-java-client-564-docs-readme",
        "SwiftWeekly-swiftweekly.github.io-89-content-only",
        "openmicroscopy-ome-documentation-204-docs-repo",
    ] {
        let signal = signal(name);
        assert_eq!(signal.risk.level, RiskLevel::Low, "{name}");
        assert!(
            matches!(signal.triage.effort, Effort::Trivial | Effort::Light),
            "{name}"
        );
        assert_ne!(signal.review.action, ReviewAction::RequestChanges, "{name}");
    }
}

#[test]
fn drafts_are_not_ready_for_review() {
    for name in [
        "didot-PyGithub-2-draft",
        "hub4j-github-api-1624-opened-assoc-none",
    ] {
        let signal = signal(name);
        assert!(signal.pr.draft, "{name}");
        assert!(!convention(&signal, "ready_for_review"), "{name}");
        assert_ne!(signal.review.action, ReviewAction::Approve, "{name}");
    }
}

// ---------------------------------------------------------------- mergeability and reviews

#[test]
fn mergeable_state_counts_toward_readiness() {
    // dirty (open): merge conflicts earn nothing and become a concern.
    let dirty = signal("danger-danger-js-395-owner-large");
    assert_eq!(checklist_points(&dirty, "mergeable"), 0);
    assert!(dirty
        .next_steps
        .concerns
        .contains(&"Merge conflicts with the base branch".to_string()));
    // blocked by branch protection, unstable (non-required checks fail), clean.
    assert_eq!(
        checklist_points(&signal("seate-for-test-9-owner-19-files"), "mergeable"),
        6
    );
    // apache#465 is closed: its "unstable" no longer matters…
    let closed = signal("apache-brooklyn-server-465-unmerged");
    assert_eq!(checklist_points(&closed, "mergeable"), 8);
    // …but the same PR while open is mergeable with failing non-required checks.
    let mut value = bundle_value("apache-brooklyn-server-465-unmerged");
    value["pull"]["state"] = json!("open");
    let open = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert_eq!(checklist_points(&open, "mergeable"), 9);
    // Closed unmerged with "dirty": not a conflict worth raising.
    let closed_dirty = signal("github3.py-301-tiny");
    assert_eq!(checklist_points(&closed_dirty, "mergeable"), 8);
    assert!(closed_dirty.next_steps.concerns.is_empty());
    assert_eq!(
        checklist_points(&signal("PyGithub-PyGithub-1171-assoc-none"), "mergeable"),
        15
    );
    // Merged PRs report "dirty" afterwards; that is not a conflict.
    let merged = signal("PyGithub-PyGithub-31-large");
    assert_eq!(checklist_points(&merged, "mergeable"), 15);
    assert!(!merged
        .next_steps
        .concerns
        .iter()
        .any(|c| c.contains("Merge conflicts")));
}

#[test]
fn approval_on_an_older_commit_is_stale() {
    let signal = signal("PyGithub-PyGithub-538-reviews");
    let approval = signal
        .review
        .checklist
        .iter()
        .find(|item| item.id == "approval")
        .unwrap();
    assert!(approval.label.starts_with("Approval is stale"));
    assert_eq!(approval.earned, 4);
    assert!(signal
        .next_steps
        .concerns
        .iter()
        .any(|c| c.starts_with("Approval is stale")));
}

#[test]
fn comment_only_reviews_are_not_approvals() {
    for name in ["github3.py-671-reviews", "artsy-emission-327-feature"] {
        let signal = signal(name);
        assert_eq!(checklist_points(&signal, "approval"), 0, "{name}");
    }
}

// ---------------------------------------------------------------- intent and conventions

#[test]
fn task_lists_become_met_and_unmet_criteria() {
    let signal = signal("danger-danger-js-395-owner-large");
    let criteria = &signal.intent.criteria;
    assert_eq!(criteria.len(), 3);
    assert_eq!(criteria.iter().filter(|c| c.met == Some(true)).count(), 1);
    assert_eq!(criteria.iter().filter(|c| c.met == Some(false)).count(), 2);
    assert!(signal
        .intent
        .goal
        .starts_with("Moves the JavaScript runner"));
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.contains("still planned")));
}

#[test]
fn testing_bullets_are_met_when_tests_changed() {
    let signal = signal("github3.py-286-files");
    let add_tests: Vec<_> = signal
        .intent
        .criteria
        .iter()
        .filter(|c| c.text == "Add tests")
        .collect();
    assert_eq!(add_tests.len(), 2);
    assert!(add_tests.iter().all(|c| c.met == Some(true)));
    // "See #284 for more context." points elsewhere; the title states the goal.
    assert_eq!(
        signal.intent.goal,
        "Add initial pass for creating review comments"
    );
    assert_eq!(signal.intent.source, "title");
}

#[test]
fn closing_keywords_and_issue_links_of_this_repository_are_linked() {
    let expectations: [(&str, &[u64]); 4] = [
        // "Fixes #384" in the title; an issues/209 URL in the body.
        ("danger-danger-518-owner", &[209, 384]),
        ("PyGithub-PyGithub-2078-collaborator", &[2019]),
        ("cloudbees-oss-zendesk-java-client-560-feature", &[559]),
        ("rails_admin-3207-commit-pulls-list-form", &[3204]),
    ];
    for (name, issues) in expectations {
        let signal = signal(name);
        assert_eq!(signal.intent.linked_issues, issues, "{name}");
        assert!(convention(&signal, "linked_issue"), "{name}");
    }
    // "PR for Issue #563" has no closing keyword.
    assert!(signal("cloudbees-oss-zendesk-java-client-564-docs-readme")
        .intent
        .linked_issues
        .is_empty());
}

#[test]
fn github_truncated_titles_are_rejoined_and_reference_lines_skipped() {
    let signal = signal("apache-brooklyn-server-465-unmerged");
    assert!(signal.intent.goal.starts_with("In some rare situations"));
    let danger = signal_goal("danger-danger-518-owner");
    assert!(
        danger.starts_with("This will have a long way to go"),
        "{danger}"
    );
}

fn signal_goal(name: &str) -> String {
    signal(name).intent.goal
}

#[test]
fn default_titles_and_missing_descriptions_fail_conventions() {
    let first_time = signal("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    assert!(
        !convention(&first_time, "title_style"),
        "\"Create README.md\""
    );
    let ghost = signal("hub4j-test-org-github-api-2-ghost-author");
    assert!(!convention(&ghost, "description"));
    assert!(ghost
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("What does this PR change and why?")));
    let good = signal("PyGithub-PyGithub-2078-collaborator");
    assert!(convention(&good, "description"));
    assert!(convention(&good, "title_style"));
}

// ---------------------------------------------------------------- staleness

#[test]
fn open_prs_go_stale_with_time_and_merged_ones_do_not() {
    let bundle = bundle("PyGithub-PyGithub-1171-assoc-none");
    let updated = at("2019-07-15T12:56:28Z");
    let day = 86_400;
    let staleness = |days: i64| {
        prlens::analyze(&bundle, &Settings::default(), Some(updated + days * day))
            .triage
            .staleness
    };
    assert_eq!(staleness(0), Staleness::None);
    assert_eq!(staleness(10), Staleness::Low);
    assert_eq!(staleness(45), Staleness::Medium);
    assert_eq!(staleness(90), Staleness::High);
    let later = prlens::analyze(&bundle, &Settings::default(), Some(updated + 90 * day));
    assert!(later.triage.advice.contains("No activity for 90 days"));
    let merged = bundle_merged_much_later();
    assert_eq!(merged, Staleness::None);
}

fn bundle_merged_much_later() -> Staleness {
    let bundle = bundle("PyGithub-PyGithub-2078-collaborator");
    prlens::analyze(
        &bundle,
        &Settings::default(),
        Some(at("2030-01-01T00:00:00Z")),
    )
    .triage
    .staleness
}

// ---------------------------------------------------------------- governance

#[test]
fn policies_evaluate_against_recorded_prs() {
    let settings = Settings::from_json_str(
        r#"{"policies": [
          {"id": "SEC-1", "name": "Bots may not change CI unreviewed",
           "rules": [{"id": "R1", "name": "bot CI change",
                      "when": {"AND": [{"field": "contributors.trust_level", "operator": "eq", "value": "bot"},
                                       {"field": "supply_chain.ci_config", "operator": "eq", "value": true}]},
                      "on_violation": "fail", "remediation": "Have a maintainer review the workflow diff"}]},
          {"id": "Q-1", "name": "Evidence",
           "rules": [{"id": "R2", "require": {"field": "evidence.completeness_score", "operator": "gte", "value": 0.5}},
                     {"id": "R3", "require": {"field": "risk.level", "operator": "resembles", "value": "low"}}]},
          {"id": "SCOPED", "scope": {"repos": ["octokit/*"]},
           "rules": [{"id": "R4", "require": {"field": "risk.score", "operator": "lt", "value": 2}}]}
        ]}"#,
    )
    .expect("valid policies");
    let bot = support::signal_with("PyGithub-PyGithub-3370-dependabot-ci", &settings);
    let outcome = |signal: &prlens::Signal, rule: &str| {
        signal
            .governance
            .iter()
            .find(|result| result.rule.starts_with(rule))
            .unwrap_or_else(|| panic!("no result for {rule}"))
            .clone()
    };
    let flagged = outcome(&bot, "R1");
    assert_eq!(flagged.outcome, PolicyOutcome::Fail);
    assert!(flagged.detail.contains("Have a maintainer review"));
    assert_eq!(
        outcome(&bot, "R2").outcome,
        PolicyOutcome::Warn,
        "no checks fetched"
    );
    let broken = outcome(&bot, "R3");
    assert_eq!(broken.outcome, PolicyOutcome::Warn);
    assert!(
        broken.detail.contains("unknown operator \"resembles\""),
        "{}",
        broken.detail
    );
    assert_eq!(outcome(&bot, "R4").outcome, PolicyOutcome::NotApplicable);

    let human = support::signal_with("Codertocat-Hello-World-2-webhooks", &settings);
    assert_eq!(outcome(&human, "R1").outcome, PolicyOutcome::NotApplicable);
    let in_scope = support::signal_with("octokit.rb-67-2013", &settings);
    assert_eq!(outcome(&in_scope, "R4").outcome, PolicyOutcome::Pass);
}

// ---------------------------------------------------------------- evidence from real CI data

/// A recorded PR with the recorded check runs / statuses of some other commit attached: the
/// classification and the states are what is under test, on names real CI systems use.
fn with_ci(
    check_runs: Option<serde_json::Value>,
    status: Option<serde_json::Value>,
) -> prlens::Signal {
    let mut value = bundle_value("PyGithub-PyGithub-1171-assoc-none");
    if let Some(runs) = check_runs {
        value["check_runs"] = runs;
    }
    if let Some(status) = status {
        value["status"] = status;
    }
    prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    )
}

#[test]
fn evidence_classifies_recorded_github_actions_runs() {
    use support::fixture_body;
    // PyGithub: four `test (Python 3.x)` runs, 3.6 failed.
    let signal = with_ci(
        Some(fixture_body(
            "pygithub/check-runs-PyGithub-10a7135a/check_runs.json",
        )),
        None,
    );
    let signals = &signal.evidence.signals;
    assert_eq!(signals.tests_passing, SignalState::Failing);
    assert_eq!(signals.ci_passing, SignalState::Failing);
    assert_eq!(signals.build_successful, SignalState::Missing);
    assert!(signal
        .evidence
        .note
        .contains("1 check(s) failing: test (Python 3.6)"));
    assert!(driver_ids(&signal).contains(&"failing_checks"));
    assert_eq!(signal.review.action, ReviewAction::RequestChanges);

    // hub4j: eight runs over four pages, `test (…)`, `site (Java 11)`, `build-only (Java 11)`.
    let mut runs = Vec::new();
    for page in ["page1", "page2", "page3", "page4_last"] {
        let body = fixture_body(&format!(
            "hub4j/check-runs-hub4j-github-api-78b9ff49/check_runs_{page}.json"
        ));
        runs.extend(body["check_runs"].as_array().unwrap().iter().cloned());
    }
    let signal = with_ci(
        Some(serde_json::Value::Array(runs)),
        Some(json!({"state": "pending", "statuses": []})),
    );
    let signals = &signal.evidence.signals;
    assert_eq!(signals.tests_passing, SignalState::Passing);
    assert_eq!(signals.build_successful, SignalState::Passing);
    assert_eq!(signals.ci_passing, SignalState::Passing);
    assert_eq!(signals.lint_passing, SignalState::Missing);
    assert_eq!(signal.evidence.completeness, 0.5);
    assert_eq!(signal.evidence.checks.len(), 8);
    assert!(signal
        .evidence
        .note
        .contains("All 8 counted check(s) passed"));

    // A queued run is pending: still running, not failing.
    let signal = with_ci(
        Some(fixture_body(
            "github3py/check-runs-queued-westphahl/check_runs.json",
        )),
        None,
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Pending);
    assert!(
        signal.evidence.note.contains("still running"),
        "{}",
        signal.evidence.note
    );
}

#[test]
fn evidence_reads_recorded_commit_statuses() {
    use support::fixture_body;
    // edX: six Jenkins contexts, all green; `jenkins/quality` is their lint job.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "pygithub/combined-status-edx-edx-platform/combined_status.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Passing);
    assert_eq!(signal.evidence.signals.lint_passing, SignalState::Passing);
    assert!(signal.evidence.note.contains("Check runs were not fetched"));

    // Travis and AppVeyor contexts are generic CI, not integration tests.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "github3py/combined-status-9aa43ea4/combined_status.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Passing);
    assert_eq!(signal.evidence.signals.tests_passing, SignalState::Missing);

    // One failing and one passing context: CI fails.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "octokit/create-status/commit_status_combined.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Failing);

    // A combined status with no contexts at all: nothing configured.
    let signal = with_ci(
        Some(json!([])),
        Some(fixture_body(
            "octokit-rb/combined-status-octokit.rb-fd1a4e2c/combined_status.json",
        )),
    );
    assert!(
        signal.evidence.note.contains("CI may not be configured"),
        "{}",
        signal.evidence.note
    );
    assert_eq!(signal.evidence.completeness, 0.0);
    assert!(signal
        .next_steps
        .questions
        .contains(&"Why is ci_passing missing? Consider adding this check.".to_string()));
}

#[test]
fn approving_the_first_timers_workflow_turns_waiting_into_evidence() {
    // The recorded run of "Fast workflow" after a maintainer approved it replaces its
    // action_required run; the other three still wait.
    let mut value = bundle_value("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    let approved = support::fixture_body(
        "hub4j/hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor/actions_run_after_approval.json",
    );
    let runs = value["check_runs"].as_array_mut().unwrap();
    let index = runs
        .iter()
        .position(|run| run["id"] == approved["id"])
        .unwrap();
    runs[index] = approved;
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let fast = signal
        .evidence
        .checks
        .iter()
        .find(|check| check.name == "Fast workflow")
        .unwrap();
    assert_eq!(fast.state, SignalState::Passing);
    assert!(signal
        .evidence
        .note
        .starts_with("3 workflow run(s) await maintainer approval"));
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Pending);
}
