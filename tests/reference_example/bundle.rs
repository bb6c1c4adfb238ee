//! The reference example as a `prlens.bundle.v1` value, built from the facts the reference
//! product states (counts, names, ages, outcomes) and the modelled patches.

use serde_json::{json, Value};

use crate::patches::{offloading_module, offloading_tests};

const FETCHED_AT: &str = "2026-02-06T19:40:00Z";

/// A unified-diff hunk: `(' ' | '+' | '-', text)` lines with a correct header, which names the
/// enclosing definition as git's default funcname rule does (the last line above the hunk that
/// starts at column 0 with a letter: `class Trainer:`).
fn hunk(section: &str, old_start: usize, new_start: usize, lines: &[(char, &str)]) -> String {
    let old_count = lines.iter().filter(|(kind, _)| *kind != '+').count();
    let new_count = lines.iter().filter(|(kind, _)| *kind != '-').count();
    let mut text = format!("@@ -{old_start},{old_count} +{new_start},{new_count} @@");
    if !section.is_empty() {
        text.push(' ');
        text.push_str(section);
    }
    for (kind, line) in lines {
        text.push('\n');
        text.push(*kind);
        text.push_str(line);
    }
    text
}

/// The whole text of a new file as one hunk.
fn new_file_patch(lines: &[String]) -> String {
    let mut text = format!("@@ -0,0 +1,{} @@", lines.len());
    for line in lines {
        text.push_str("\n+");
        text.push_str(line);
    }
    text
}

fn file(name: &str, status: &str, additions: usize, patch: String) -> Value {
    let plus = patch.lines().filter(|line| line.starts_with('+')).count();
    assert_eq!(plus, additions, "{name}: patch and additions agree");
    json!({
        "sha": format!("{:040x}", name.len() * 7919),
        "filename": name,
        "status": status,
        "additions": additions,
        "deletions": 0,
        "changes": additions,
        "blob_url": format!("https://github.com/huggingface/transformers/blob/HEAD/{name}"),
        "patch": patch,
    })
}

fn commit(sha: &str, login: &str, message: &str, date: &str) -> Value {
    json!({
        "sha": sha,
        "commit": {
            "author": {"name": login, "email": format!("{login}@users.noreply.github.com"), "date": date},
            "committer": {"name": login, "email": format!("{login}@users.noreply.github.com"), "date": date},
            "message": message,
            "verification": {"verified": false, "reason": "unsigned"}
        },
        "author": {"login": login, "type": "User"},
        "committer": {"login": login, "type": "User"},
        "parents": [{"sha": "0000000000000000000000000000000000000000"}]
    })
}

/// The bundle of the reference example, as `www/sample-bundle.json` holds it.
pub fn reference_bundle() -> Value {
    let head = "5d0f6b1c2a9e4f7b8c3d2e1f0a9b8c7d6e5f4a3b";
    let trainer_patch = [
        hunk(
            "",
            68,
            68,
            &[
                (' ', "from .training_args import OptimizerNames, ParallelMode, TrainingArguments"),
                ('+', "from .utils.activation_offloading import get_act_offloading_ctx_manager"),
                (' ', "from .utils import ("),
            ],
        ),
        hunk(
            "class Trainer:",
            3852,
            3853,
            &[
                (' ', "        A helper wrapper to group together context managers."),
                (' ', "        \"\"\""),
                (' ', "        ctx_stack = contextlib.ExitStack()"),
                ('+', "        # Offload activations to CPU when `args.activation_offloading` is set."),
                ('+', "        ctx_stack.enter_context(self.get_activation_offloading_context())"),
                (' ', "        autocast_ctx = self.autocast_smart_context_manager()"),
            ],
        ),
        hunk(
            "class Trainer:",
            3870,
            3873,
            &[
                (' ', "        return ctx_stack"),
                (' ', ""),
                ('+', "    def get_activation_offloading_context(self):"),
                ('+', "        \"\"\""),
                ('+', "        Returns the context manager that offloads activations to CPU during the forward pass, or a no-op"),
                ('+', "        context when `args.activation_offloading` is disabled."),
                ('+', "        \"\"\""),
                ('+', "        if not self.args.activation_offloading:"),
                ('+', "            return contextlib.nullcontext()"),
                ('+', "        return get_act_offloading_ctx_manager("),
                ('+', "            model=self.model, use_streams=self.args.activation_offloading_use_streams"),
                ('+', "        )"),
                ('+', ""),
                (' ', "    def training_step("),
            ],
        ),
    ]
    .join("\n");
    let training_args_patch = [
        hunk(
            "class TrainingArguments:",
            612,
            612,
            &[
                (' ', "            Whether or not to use a pre-configured `AcceleratorState` or `PartialState` defined"),
                ('+', "        activation_offloading (`bool`, *optional*, defaults to `False`):"),
                (' ', "            before calling `TrainingArguments`."),
            ],
        ),
        hunk(
            "class TrainingArguments:",
            1540,
            1541,
            &[
                (' ', "        metadata={\"help\": \"Whether to use the average of tokens in the batch for the loss.\"},"),
                (' ', "    )"),
                ('+', "    activation_offloading: bool = field("),
                ('+', "        default=False,"),
                ('+', "        metadata={\"help\": \"Offload activations to CPU during the forward pass to reduce GPU memory usage.\"},"),
                ('+', "    )"),
                ('+', "    activation_offloading_use_streams: bool = field("),
                ('+', "        default=True,"),
                ('+', "        metadata={\"help\": \"Overlap activation transfers with compute using a separate CUDA stream.\"},"),
                ('+', "    )"),
            ],
        ),
    ]
    .join("\n");
    let docs_patch = hunk(
        "",
        301,
        301,
        &[
            (' ', "## Memory"),
            (' ', ""),
            ('+', "Set `activation_offloading=True` in [`TrainingArguments`] to move activations to CPU during the forward pass and reduce GPU memory usage."),
            (' ', ""),
        ],
    );
    let files = vec![
        file(
            "src/transformers/utils/activation_offloading.py",
            "added",
            700,
            new_file_patch(&offloading_module()),
        ),
        file(
            "tests/utils/test_activation_offloading.py",
            "added",
            206,
            new_file_patch(&offloading_tests()),
        ),
        file("src/transformers/trainer.py", "modified", 14, trainer_patch),
        file(
            "src/transformers/training_args.py",
            "modified",
            9,
            training_args_patch,
        ),
        file("docs/source/en/trainer.md", "modified", 1, docs_patch),
    ];
    // Shaped like the repository's PR template ("What does this PR do?", a "Before submitting"
    // checklist, "Who can review?"), in this project's own words.
    let body = "# What does this PR do?\n\n\
        Add activation offloading feature to reduce GPU memory usage during training.\n\n\
        - Adds an `activation_offloading` option to `TrainingArguments`.\n\
        - `Trainer` enters `get_act_offloading_ctx_manager` around each training step when the option is set.\n\
        - Documents the option in `docs/source/en/trainer.md`.\n\
        - Adds tests in `tests/utils/test_activation_offloading.py`.\n\n\
        Fixes # (issue)\n\n\
        ## Before submitting\n\
        - [ ] This PR only fixes a typo or improves the docs.\n\
        - [x] I read the contributor guideline, pull request section.\n\
        - [ ] This was discussed in an issue or on the forum (link it here).\n\
        - [x] I updated the documentation with my changes.\n\
        - [x] I wrote the new tests this change needs.\n\n\
        ## Who can review?\n\n\
        Anyone in the community is free to review once the tests pass.\n";
    json!({
        "format": "prlens.bundle.v1",
        "sample_note": "SAMPLE modelled on huggingface/transformers#43774 from the facts shown by the reference product (file names and line counts, contributors, account ages, prior PRs, a failing test check). The patches, shas, ids and body are illustrative, not GitHub's data.",
        "fetched_at": FETCHED_AT,
        "pull": {
            "url": "https://api.github.com/repos/huggingface/transformers/pulls/43774",
            "html_url": "https://github.com/huggingface/transformers/pull/43774",
            "number": 43774,
            "state": "open",
            "draft": false,
            "title": "Add activation offloading to trainer",
            "body": body,
            "user": {"login": "mbtariq82", "type": "User"},
            "author_association": "CONTRIBUTOR",
            "created_at": "2026-02-06T19:26:00Z",
            "updated_at": "2026-02-06T19:26:00Z",
            "head": {"ref": "activation-offloading", "sha": head, "repo": {"full_name": "mbtariq82/transformers"}},
            "base": {"ref": "main", "sha": "9c1f2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c", "repo": {"name": "transformers", "full_name": "huggingface/transformers", "owner": {"login": "huggingface"}}},
            "merged": false,
            "mergeable_state": "blocked",
            "additions": 930,
            "deletions": 0,
            "changed_files": 5,
            "commits": 3,
            "comments": 0,
            "review_comments": 0,
            "labels": [],
            "requested_reviewers": []
        },
        "files": files,
        "commits": [
            commit("1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d", "mbtariq82-code", "Add activation offloading utilities", "2026-02-05T10:12:00Z"),
            commit("2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e", "mbtariq82-code", "Add tests for activation offloading", "2026-02-05T16:40:00Z"),
            commit(head, "mbtariq82", "Wire activation offloading into Trainer and document it", "2026-02-06T19:20:00Z"),
        ],
        "users": {
            "mbtariq82": {"login": "mbtariq82", "type": "User", "created_at": "2022-11-25T08:00:00Z", "public_repos": 12, "followers": 3},
            "mbtariq82-code": {"login": "mbtariq82-code", "type": "User", "created_at": "2026-01-26T10:00:00Z", "public_repos": 1, "followers": 0}
        },
        "history": {
            "mbtariq82": {"prs": 2, "merged": 0},
            "mbtariq82-code": {"prs": 0, "merged": 0}
        },
        "familiarity": {
            "mbtariq82": {
                "src/transformers/utils/activation_offloading.py": 0,
                "tests/utils/test_activation_offloading.py": 0,
                "src/transformers/trainer.py": 0,
                "src/transformers/training_args.py": 0,
                "docs/source/en/trainer.md": 0
            }
        },
        "check_runs": [
            {"name": "tests_torch", "status": "completed", "conclusion": "failure",
             "app": {"slug": "circleci-checks"}, "html_url": "https://github.com/huggingface/transformers/runs/1",
             "output": {"title": "2 tests failed"}}
        ],
        "status": {"state": "pending", "statuses": []},
        "reviews": []
    })
}
