//! The risk weights on the shapes a reviewer knows, since the weights were fitted on history
//! (docs/calibration.md): the reference product's transformers#43774 (critical there ≈ 0.90;
//! here at the high/critical boundary — a 930-line, 3-source-file PR by a newcomer with
//! failing tests), a small docs PR by a
//! member (low), Dependabot bumps of a GitHub Action and of a Maven plugin (low: pinning and
//! version bumps are hygiene findings, named but not weighed), and a first-timer slipping an
//! install hook and a pwn-request workflow into a PR (critical, by the findings' floor).
//!
//! Bundles are built in memory with the shape of the recorded data; the fixture-based cases live
//! in `tests/fixture_cases.rs`.

use prlens::signal::{RiskLevel, Signal, TrustLevel};
use prlens::{Bundle, Settings};
use serde_json::{json, Value};

fn analyze(bundle: Value) -> Signal {
    let bundle = Bundle::from_value(&bundle).expect("bundle parses");
    prlens::analyze(&bundle, &Settings::default(), None)
}

fn driver_ids(signal: &Signal) -> Vec<&str> {
    signal
        .risk
        .drivers
        .iter()
        .map(|driver| driver.id.as_str())
        .collect()
}

/// A patch adding `count` lines, the first being `header`.
fn added_patch(header: &str, count: usize) -> String {
    let mut patch = format!("@@ -0,0 +1,{count} @@\n+{header}");
    for index in 1..count {
        patch.push_str(&format!("\n+    value_{index} = compute({index})"));
    }
    patch
}

fn repository() -> Value {
    json!({"name": "transformers", "owner": {"login": "huggingface"}})
}

fn reference_example() -> Value {
    json!({
        "format": "prlens.bundle.v1",
        "fetched_at": "2026-02-06T19:26:00Z",
        "pull": {
            "number": 43774,
            "title": "Add activation offloading to trainer",
            "body": "Adds activation offloading to reduce GPU memory usage during training.",
            "state": "open",
            "user": {"login": "mbtariq82", "type": "User"},
            "author_association": "CONTRIBUTOR",
            "created_at": "2026-02-06T19:26:00Z",
            "updated_at": "2026-02-06T19:26:00Z",
            "head": {"sha": "7b64ad3ec7ddd1ad0000000000000000000000aa", "ref": "activation-offloading"},
            "base": {"ref": "main", "repo": repository()},
            "additions": 930, "deletions": 0, "changed_files": 5
        },
        "files": [
            {"filename": "src/transformers/utils/activation_offloading.py", "status": "added", "additions": 700, "deletions": 0,
             "patch": added_patch("def get_act_offloading_ctx_manager(model, use_streams=True):", 700)},
            {"filename": "tests/utils/test_activation_offloading.py", "status": "added", "additions": 206, "deletions": 0,
             "patch": added_patch("def test_offloading_matches_baseline():", 206)},
            {"filename": "src/transformers/trainer.py", "status": "modified", "additions": 14, "deletions": 0,
             "patch": "@@ -230,3 +230,17 @@ class Trainer:\n from .utils import logging\n+from .utils.activation_offloading import get_act_offloading_ctx_manager\n \n@@ -3900,3 +3914,15 @@ class Trainer:\n         return loss\n+\n+    def activation_offloading_context(self, model):\n+        if not self.args.activation_offloading:\n+            return contextlib.nullcontext()\n+        return get_act_offloading_ctx_manager(\n+            model,\n+            use_streams=True,\n+        )\n+\n+    # Offloading trades PCIe bandwidth for activation memory.\n+    # See docs/source/en/trainer.md.\n+\n+"},
            {"filename": "src/transformers/training_args.py", "status": "modified", "additions": 9, "deletions": 0,
             "patch": "@@ -1500,3 +1500,12 @@ class TrainingArguments:\n     torch_compile: bool = field(default=False)\n+    activation_offloading: bool = field(\n+        default=False,\n+        metadata={\n+            \"help\": (\n+                \"Offload activations to CPU during the forward pass.\"\n+            )\n+        },\n+    )\n+\n     def __post_init__(self):"},
            {"filename": "docs/source/en/trainer.md", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -10,2 +10,3 @@\n ## Memory\n+Set `activation_offloading=True` to offload activations.\n "}
        ],
        "commits": [
            {"sha": "c1", "author": {"login": "mbtariq82", "type": "User"}, "commit": {"message": "Add offloading", "author": {"name": "M", "email": "m@x"}}},
            {"sha": "c2", "author": {"login": "mbtariq82-code", "type": "User"}, "commit": {"message": "Tests", "author": {"name": "M", "email": "m2@x"}}},
            {"sha": "c3", "author": {"login": "mbtariq82-code", "type": "User"}, "commit": {"message": "Docs", "author": {"name": "M", "email": "m2@x"}}}
        ],
        "users": {
            "mbtariq82": {"login": "mbtariq82", "type": "User", "created_at": "2022-11-25T12:00:00Z"},
            "mbtariq82-code": {"login": "mbtariq82-code", "type": "User", "created_at": "2026-01-26T12:00:00Z"}
        },
        "history": {"mbtariq82": {"prs": 2, "merged": 0}, "mbtariq82-code": {"prs": 0, "merged": 0}},
        "check_runs": [{"name": "tests_torch", "status": "completed", "conclusion": "failure"}]
    })
}

#[test]
fn reference_example_is_high_or_critical_with_size_spread_newness_and_failing_checks() {
    let signal = analyze(reference_example());
    let ids = driver_ids(&signal);
    for expected in [
        "large_diff",
        "many_files",
        "new_contributor",
        "young_account",
        "failing_checks",
    ] {
        assert!(ids.contains(&expected), "{expected} missing from {ids:?}");
    }
    // At the high/critical boundary: the reference product said critical ≈ 0.90.
    assert!(
        signal.risk.level >= RiskLevel::High,
        "{}",
        signal.risk.formula
    );
    assert!(
        (0.6..0.85).contains(&signal.risk.score),
        "score {}: {}",
        signal.risk.score,
        signal.risk.formula
    );
    let detail = |id: &str| {
        signal
            .risk
            .drivers
            .iter()
            .find(|driver| driver.id == id)
            .map(|driver| driver.detail.clone())
            .unwrap_or_default()
    };
    assert!(
        detail("large_diff").starts_with("Size: "),
        "{}",
        detail("large_diff")
    );
    assert_eq!(
        detail("many_files"),
        "Spread: 3 source files with code changes (full weight at 20)"
    );
    assert_eq!(
        detail("new_contributor"),
        "First contribution from mbtariq82-code"
    );
    assert_eq!(
        detail("young_account"),
        "Account mbtariq82-code is 11 days old (threshold 90)"
    );
    // API changes weigh nothing beyond size and spread (the fit), and stay a focus reason.
    assert!(!ids.contains(&"api_surface_change"));
    assert!(signal
        .focus
        .iter()
        .any(|file| file.reasons.contains(&"Public API change".to_string())));
    // Sorted by weight, heaviest first.
    let weights: Vec<f64> = signal
        .risk
        .drivers
        .iter()
        .map(|driver| driver.weight)
        .collect();
    assert!(
        weights.windows(2).all(|pair| pair[0] >= pair[1]),
        "{weights:?}"
    );
    assert!(
        !ids.contains(&"missing_tests"),
        "a test file is part of the PR"
    );
}

#[test]
fn small_docs_pr_by_a_member_is_low() {
    let signal = analyze(json!({
        "fetched_at": "2026-02-06T19:26:00Z",
        "pull": {"number": 564, "title": "Fix typo in README", "state": "open",
                 "user": {"login": "maintainer", "type": "User"}, "author_association": "MEMBER",
                 "updated_at": "2026-02-06T10:00:00Z", "base": {"ref": "main", "repo": repository()}},
        "files": [{"filename": "README.md", "status": "modified", "additions": 3, "deletions": 1,
                   "patch": "@@ -1,2 +1,4 @@\n # Project\n-Instal it\n+Install it\n+\n+See the docs."}],
        "users": {"maintainer": {"login": "maintainer", "type": "User", "created_at": "2015-01-01T00:00:00Z"}},
        "check_runs": [{"name": "build", "status": "completed", "conclusion": "success"}]
    }));
    assert_eq!(signal.risk.level, RiskLevel::Low, "{}", signal.risk.formula);
    assert_eq!(
        driver_ids(&signal),
        ["large_diff"],
        "its size, a few lines of prose"
    );
    assert!(signal.risk.score < 0.1, "{}", signal.risk.formula);
}

fn dependabot(files: Value) -> Signal {
    analyze(json!({
        "fetched_at": "2026-02-06T19:26:00Z",
        "pull": {"number": 3370, "title": "Bump actions/setup-python from 5 to 6", "state": "open",
                 "user": {"login": "dependabot[bot]", "type": "Bot"}, "author_association": "NONE",
                 "updated_at": "2026-02-06T10:00:00Z", "base": {"ref": "main", "repo": repository()}},
        "files": files,
        "commits": [{"sha": "d1", "author": {"login": "dependabot[bot]", "type": "Bot"}, "commit": {"message": "Bump"}}],
        "users": {"dependabot[bot]": {"login": "dependabot[bot]", "type": "Bot", "created_at": "2026-01-30T00:00:00Z"}},
        "history": {"dependabot[bot]": {"prs": 0, "merged": 0}}
    }))
}

/// A bot's bump: low, its hygiene findings named (`findings`) but not weighed.
fn assert_bot_hygiene_only(signal: &Signal, findings: &[&str]) {
    let ids = driver_ids(signal);
    assert_eq!(signal.risk.level, RiskLevel::Low, "{}", signal.risk.formula);
    assert_eq!(ids, ["large_diff"], "only the size of the change");
    let found: Vec<&str> = signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| finding.id.key())
        .collect();
    for id in findings {
        assert!(found.contains(id), "{id} missing from {found:?}");
    }
    for id in ["new_contributor", "young_account"] {
        assert!(!ids.contains(&id), "a bot must not trigger {id}");
    }
    assert!(signal
        .contributors
        .iter()
        .all(|person| person.trust_level == TrustLevel::Bot));
}

#[test]
fn dependabot_action_bump_of_actions_already_used_is_low_on_size_alone() {
    let bump = |name: &str| {
        json!({"filename": format!(".github/workflows/{name}.yml"), "status": "modified", "additions": 1, "deletions": 1,
               "patch": "@@ -15,7 +15,7 @@ jobs:\n     steps:\n       - uses: actions/checkout@v5\n       - name: Set up Python\n-        uses: actions/setup-python@v5\n+        uses: actions/setup-python@v6\n         with:\n           python-version: '3.x'"})
    };
    let signal = dependabot(json!([
        bump("ci"),
        bump("lint"),
        bump("openapi"),
        bump("_build-pkg")
    ]));
    assert_bot_hygiene_only(&signal, &[]);
    // A tag bump of an action the workflows already used unpinned is the base branch's
    // hygiene (issue #32): neither dangerous_workflow nor unpinned_action fires.
    for id in ["dangerous_workflow", "unpinned_action"] {
        assert!(
            !driver_ids(&signal).contains(&id),
            "{id}: {}",
            signal.risk.formula
        );
    }
    assert!(signal.supply_chain.ci_config);
}

#[test]
fn dependabot_maven_plugin_bump_is_low_with_its_version_change_named() {
    let signal = dependabot(json!([{
        "filename": "pom.xml", "status": "modified", "additions": 1, "deletions": 1,
        "patch": "@@ -180,7 +180,7 @@\n       <plugin>\n         <groupId>org.apache.maven.plugins</groupId>\n         <artifactId>maven-surefire-plugin</artifactId>\n-        <version>3.2.5</version>\n+        <version>3.5.2</version>\n       </plugin>"
    }]));
    assert_bot_hygiene_only(&signal, &["version_change"]);
    assert!(signal.supply_chain.dependencies);
}

#[test]
fn first_timer_adding_an_install_hook_and_a_pwn_request_is_critical() {
    let signal = analyze(json!({
        "fetched_at": "2026-02-06T19:26:00Z",
        "pull": {"number": 9, "title": "Improve CI", "state": "open",
                 "user": {"login": "newbie", "type": "User"}, "author_association": "FIRST_TIME_CONTRIBUTOR",
                 "base": {"ref": "main", "repo": repository()}},
        "files": [
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -3,3 +3,4 @@\n   \"scripts\": {\n+    \"postinstall\": \"node scripts/setup.js\",\n     \"test\": \"jest\"\n   },"},
            {"filename": ".github/workflows/pr.yml", "status": "modified", "additions": 2, "deletions": 1,
             "patch": "@@ -1,6 +1,7 @@\n on:\n-  pull_request:\n+  pull_request_target:\n jobs:\n   test:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n+          ref: ${{ github.event.pull_request.head.sha }}\n"}
        ]
    }));
    let ids = driver_ids(&signal);
    for id in ["dangerous_workflow", "install_script", "new_contributor"] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    assert_eq!(
        signal.risk.level,
        RiskLevel::Critical,
        "{}",
        signal.risk.formula
    );
    assert_eq!(signal.risk.drivers[0].id, "dangerous_workflow");
}

#[test]
fn huge_hostile_patches_are_analyzed_in_bounded_time() {
    let mut python = String::from("@@ -1,1 +1,6000 @@ class Config:\n");
    let mut workflow = String::from("@@ -1,1 +1,6000 @@\n");
    let mut package = String::from("@@ -1,1 +1,6000 @@\n   \"dependencies\": {\n");
    for index in 0..6000 {
        python.push_str(&format!("+    field_{index}: int = {index}\n"));
        workflow.push_str(&format!(
            "+      - uses: owner{index}/action@v1\n+        run: echo ${{{{ github.event.issue.title }}}} {index}\n"
        ));
        package.push_str(&format!(
            "+    \"pkg-{index}\": \"git+https://h{index}.example/x.git\",\n"
        ));
    }
    let file = |path: &str, patch: &str| json!({"filename": path, "status": "modified", "additions": 6000, "deletions": 0, "patch": patch});
    let started = std::time::Instant::now();
    let signal = analyze(json!({
        "pull": {"number": 1, "state": "open"},
        "files": [
            file("src/config.py", &python),
            file(".github/workflows/ci.yml", &workflow),
            file("package.json", &package),
            file("package-lock.json", &package.replace("git+https", "https")),
        ]
    }));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
    assert!(python.len() > 150_000 && workflow.len() > 200_000);
    assert!(
        signal.supply_chain.findings.len() < 200,
        "findings are capped per file and kind"
    );
    assert_eq!(signal.risk.level, RiskLevel::Critical);
}

#[test]
fn one_changed_line_of_code_in_a_sensitive_file_is_medium() {
    // settings::weights::SECURITY_SURFACE_FLOOR: the smallest weight that keeps this medium.
    let signal = analyze(json!({
        "fetched_at": "2026-02-06T19:26:00Z",
        "pull": {"number": 7, "title": "Tighten the session check", "state": "open",
                 "user": {"login": "maintainer", "type": "User"}, "author_association": "MEMBER",
                 "base": {"ref": "main", "repo": repository()}},
        "files": [{"filename": "src/auth/session.py", "status": "modified", "additions": 1, "deletions": 0,
                   "patch": "@@ -10,2 +10,3 @@ def check(token):\n     if not token:\n+        raise PermissionError()\n     return True"}]
    }));
    assert!(driver_ids(&signal).contains(&"sensitive_paths"));
    assert_eq!(
        signal.risk.level,
        RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
}
