//! Rebuilds the reference product's published signal for huggingface/transformers#43774 (see
//! docs/sources.md, "The reference product") as a bundle from the facts it states, and
//! checks prlens reaches the same conclusions: drivers large_diff / new_contributor /
//! young_account / api_surface_change, the focus order, REQUEST CHANGES, ~112 minutes.
//!
//! The seed gives counts, names, ages and outcomes but not the diff; the patches here are
//! modelled on the described change (activation offloading added to the Trainer) with exactly
//! the stated line counts. The same bundle is the playground's embedded sample,
//! `www/sample-bundle.json`, labelled as modelled on that PR; this test keeps it in sync
//! (`PRLENS_WRITE_SAMPLE=1 cargo test --test reference_example` rewrites it).

use prlens::signal::{Effort, Priority, ReviewAction, Role, SignalState, Staleness, TrustLevel};
use prlens::Settings;
use serde_json::{json, Value};

const FETCHED_AT: &str = "2026-02-06T19:40:00Z";

/// A unified-diff hunk: `(' ' | '+' | '-', text)` lines with a correct header.
fn hunk(old_start: usize, new_start: usize, lines: &[(char, &str)]) -> String {
    let old_count = lines.iter().filter(|(kind, _)| *kind != '+').count();
    let new_count = lines.iter().filter(|(kind, _)| *kind != '-').count();
    let mut text = format!("@@ -{old_start},{old_count} +{new_start},{new_count} @@");
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

/// `src/transformers/utils/activation_offloading.py`: 700 lines.
fn offloading_module() -> Vec<String> {
    let core = r#"# Copyright 2026 The HuggingFace Team. All rights reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
"""
Activation offloading: move activations saved for the backward pass to CPU memory during the
forward pass and bring them back when the backward pass needs them, trading PCIe bandwidth
for GPU memory.
"""

import contextlib
from typing import Optional

import torch
from torch.autograd.graph import saved_tensors_hooks

from .import_utils import is_torch_available


MIN_OFFLOAD_BYTES = 1024


class OffloadActivations(saved_tensors_hooks):
    """
    Context manager under which activations saved for backward are offloaded to CPU.

    Args:
        use_pin_memory (`bool`, defaults to `True`):
            Whether offloaded tensors are placed in pinned memory for faster transfers.
        use_streams (`bool`, defaults to `True`):
            Whether transfers overlap with compute on a separate CUDA stream.
        min_offload_size (`int`, defaults to `MIN_OFFLOAD_BYTES`):
            Tensors smaller than this many bytes stay on the GPU.
    """

    def __init__(self, use_pin_memory: bool = True, use_streams: bool = True, min_offload_size: int = MIN_OFFLOAD_BYTES):
        self.use_pin_memory = use_pin_memory
        self.use_streams = use_streams and torch.cuda.is_available()
        self.min_offload_size = min_offload_size
        self.tracker = {}
        self.next_id = 0
        self.stream = torch.cuda.Stream() if self.use_streams else None
        super().__init__(self.pack_tensor, self.unpack_tensor)

    def pack_tensor(self, tensor: torch.Tensor):
        if not should_offload(tensor, self.min_offload_size):
            return tensor
        tensor_id = self.next_id
        self.next_id += 1
        stream = self.stream if self.stream is not None else torch.cuda.current_stream()
        with torch.cuda.stream(stream):
            cpu_tensor = torch.empty(tensor.size(), dtype=tensor.dtype, layout=tensor.layout, pin_memory=self.use_pin_memory, device="cpu")
            cpu_tensor.copy_(tensor, non_blocking=True)
        self.tracker[tensor_id] = (cpu_tensor, tensor.device)
        return tensor_id

    def unpack_tensor(self, packed):
        if isinstance(packed, torch.Tensor):
            return packed
        cpu_tensor, device = self.tracker.pop(packed)
        return cpu_tensor.to(device, non_blocking=True)


class NoOpManager(saved_tensors_hooks):
    """Marks a region whose activations must stay on the GPU, e.g. the output layer."""

    def __init__(self):
        super().__init__(lambda tensor: tensor, lambda tensor: tensor)


def get_act_offloading_ctx_manager(model: Optional[torch.nn.Module] = None, use_streams: bool = True):
    """
    Returns the activation offloading context manager for `model`, with the output head kept on
    the GPU because its activations are needed immediately by the loss.
    """
    if not is_torch_available() or not torch.cuda.is_available():
        return contextlib.nullcontext()
    return OffloadActivations(use_streams=use_streams)


def should_offload(tensor: torch.Tensor, min_offload_size: int = MIN_OFFLOAD_BYTES) -> bool:
    """Whether a saved tensor is worth moving to CPU."""
    if not tensor.is_cuda or isinstance(tensor, torch.nn.Parameter):
        return False
    if tensor.numel() * tensor.element_size() < min_offload_size:
        return False
    return offload_policy_for(tensor.dtype)(tensor)


def offload_policy_for(dtype: torch.dtype):
    """The offload policy of a dtype; unknown dtypes are always offloaded."""
    return _POLICIES.get(dtype, lambda tensor: True)
"#;
    let core: Vec<String> = core.lines().map(str::to_string).collect();
    let dtypes = [
        "float32",
        "float16",
        "bfloat16",
        "float64",
        "int64",
        "int32",
        "int16",
        "int8",
        "uint8",
        "bool",
        "complex64",
        "complex128",
        "float8_e4m3fn",
        "float8_e5m2",
        "uint16",
        "uint32",
        "uint64",
        "quint8",
        "qint8",
        "qint32",
        "quint4x2",
        "float8_e4m3fnuz",
        "float8_e5m2fnuz",
        "complex32",
        "bits8",
        "bits16",
        "bits1x8",
        "bits2x4",
        "bits4x2",
        "uint1",
        "uint2",
        "uint3",
        "uint4",
        "uint5",
        "uint6",
        "uint7",
        "int1",
        "int2",
        "int3",
        "int4",
        "int5",
        "int6",
        "int7",
        "float4_e2m1fn_x2",
        "float8_e8m0fnu",
        "quint2x4",
        "uint128",
        "int128",
        "float128",
        "half_scaled",
        "fp8_blockwise",
        "fp4_blockwise",
        "mx_fp8",
        "mx_fp6",
        "mx_fp4",
        "nf4",
        "fp4",
        "int4_packed",
        "int8_packed",
    ];
    // Design notes for the module docstring; as many as needed to reach the stated 700 lines.
    let notes = [
        "",
        "Design notes:",
        "- Parameters are never offloaded: they are already resident and shared across steps.",
        "- Tensors under `MIN_OFFLOAD_BYTES` stay on the GPU: moving them costs more than it saves.",
        "- Transfers use pinned memory and a side stream so they overlap with compute.",
        "- The output head runs under `NoOpManager`: the loss needs its activations at once.",
        "- Each dtype has its own policy, so quantized activations can opt out.",
        "- Unknown dtypes are offloaded: new dtypes fail safe towards lower memory.",
        "- The context manager is a no-op without CUDA, so CPU-only runs are unaffected.",
        "- Offloading is opt-in through `TrainingArguments.activation_offloading`.",
    ];
    let block = 10; // 9 lines per policy function + 1 dictionary entry
    let fixed = core.len() + 4; // two blank lines, `_POLICIES = {`, `}`
    let blocks = (700 - fixed) / block;
    let padding = 700 - fixed - blocks * block;
    assert!(blocks <= dtypes.len() && padding <= notes.len());
    let docstring_end = core.iter().position(|line| line == "\"\"\"").unwrap() + 1;
    let docstring_end = core[docstring_end..]
        .iter()
        .position(|line| line == "\"\"\"")
        .unwrap()
        + docstring_end;
    let mut lines: Vec<String> = core[..docstring_end].to_vec();
    lines.extend(notes[..padding].iter().map(|note| note.to_string()));
    lines.extend(core[docstring_end..].iter().cloned());
    for dtype in &dtypes[..blocks] {
        lines.extend([
            String::new(),
            String::new(),
            format!("def _offload_{dtype}(tensor: torch.Tensor) -> bool:"),
            format!(
                "    \"\"\"Offload policy for `{dtype}` activations: large ones dominate memory,"
            ),
            "    small ones are cheaper to keep than to move.\"\"\"".into(),
            "    size_in_bytes = tensor.numel() * tensor.element_size()".into(),
            "    if size_in_bytes < MIN_OFFLOAD_BYTES:".into(),
            "        return False".into(),
            "    return tensor.dim() > 1".into(),
        ]);
    }
    lines.push(String::new());
    lines.push(String::new());
    lines.push("_POLICIES = {".into());
    for dtype in &dtypes[..blocks] {
        lines.push(format!(
            "    getattr(torch, \"{dtype}\", None): _offload_{dtype},"
        ));
    }
    lines.push("}".into());
    assert_eq!(lines.len(), 700);
    lines
}

/// `tests/utils/test_activation_offloading.py`: 206 lines.
fn offloading_tests() -> Vec<String> {
    let core = r#"# Copyright 2026 The HuggingFace Team. All rights reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

import unittest

from transformers.testing_utils import require_torch, require_torch_gpu
from transformers.utils import is_torch_available


if is_torch_available():
    import torch

    from transformers.utils.activation_offloading import (
        OffloadActivations,
        get_act_offloading_ctx_manager,
        should_offload,
    )


@require_torch
class ActivationOffloadingTest(unittest.TestCase):
    def test_small_tensors_stay_on_device(self):
        tensor = torch.ones(2)
        self.assertFalse(should_offload(tensor))

    def test_context_manager_is_noop_without_cuda(self):
        if torch.cuda.is_available():
            self.skipTest("needs a machine without CUDA")
        with get_act_offloading_ctx_manager():
            pass
"#;
    let mut lines: Vec<String> = core.lines().map(str::to_string).collect();
    let shapes = [
        (1, 1024),
        (2, 2048),
        (4, 4096),
        (8, 1024),
        (16, 512),
        (32, 256),
        (64, 128),
        (3, 3000),
        (5, 5000),
        (7, 700),
        (9, 900),
        (11, 1100),
        (13, 1300),
        (15, 1500),
        (17, 1700),
        (19, 1900),
        (21, 2100),
        (23, 2300),
    ];
    for (batch, hidden) in shapes {
        if lines.len() + 9 + 12 > 206 {
            break;
        }
        lines.extend([
            String::new(),
            "    @require_torch_gpu".into(),
            format!("    def test_backward_matches_without_offloading_{batch}x{hidden}(self):"),
            format!("        layer = torch.nn.Linear({hidden}, {hidden}).cuda()"),
            format!("        inputs = torch.randn({batch}, {hidden}, device=\"cuda\", requires_grad=True)"),
            "        expected = torch.autograd.grad(layer(inputs).sum(), inputs)[0]".into(),
            "        with OffloadActivations():".into(),
            "            output = layer(inputs).sum()".into(),
            "        torch.testing.assert_close(torch.autograd.grad(output, inputs)[0], expected)".into(),
        ]);
    }
    let tail = [
        "        ]:",
        "            self.assertFalse(should_offload(torch.ones(numel)))",
        "",
        "",
        "if __name__ == \"__main__\":",
        "    unittest.main()",
    ];
    lines.extend([
        String::new(),
        "    def test_cpu_tensors_are_never_offloaded(self):".into(),
        "        for numel in [".into(),
    ]);
    let mut numel = 1u64;
    while lines.len() + tail.len() < 206 {
        lines.push(format!("            {numel},"));
        numel *= 4;
    }
    lines.extend(tail.iter().map(|line| line.to_string()));
    lines.truncate(206);
    lines
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
fn reference_bundle() -> Value {
    let head = "5d0f6b1c2a9e4f7b8c3d2e1f0a9b8c7d6e5f4a3b";
    let trainer_patch = [
        hunk(
            68,
            68,
            &[
                (' ', "from .training_args import OptimizerNames, ParallelMode, TrainingArguments"),
                ('+', "from .utils.activation_offloading import get_act_offloading_ctx_manager"),
                (' ', "from .utils import ("),
            ],
        ),
        hunk(
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
            612,
            612,
            &[
                (' ', "            Whether or not to use a pre-configured `AcceleratorState` or `PartialState` defined"),
                ('+', "        activation_offloading (`bool`, *optional*, defaults to `False`):"),
                (' ', "            before calling `TrainingArguments`."),
            ],
        ),
        hunk(
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
    let body = "## What does this PR do?\n\n\
        Add activation offloading feature to reduce GPU memory usage during training.\n\n\
        ## Acceptance criteria\n\n\
        - [x] Activation offloading is added to `TrainingArguments`.\n\
        - [x] `Trainer` utilizes activation offloading.\n\
        - [x] Documentation is updated for the new feature.\n\
        - [x] New tests for activation offloading are added and pass.\n";
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

fn sample_path() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/sample-bundle.json")
}

#[test]
fn playground_sample_is_this_bundle() {
    let text = format!(
        "{}\n",
        serde_json::to_string_pretty(&reference_bundle()).unwrap()
    );
    if std::env::var_os("PRLENS_WRITE_SAMPLE").is_some() {
        std::fs::write(sample_path(), &text).unwrap();
    }
    let saved = std::fs::read_to_string(sample_path()).expect(
        "www/sample-bundle.json exists (PRLENS_WRITE_SAMPLE=1 cargo test --test reference_example)",
    );
    assert_eq!(saved, text, "www/sample-bundle.json is out of date");
}

fn reference_signal() -> prlens::Signal {
    let bundle = prlens::Bundle::from_value(&reference_bundle()).expect("valid bundle");
    prlens::analyze(&bundle, &Settings::default(), None)
}

#[test]
fn reference_drivers_are_found() {
    let signal = reference_signal();
    let ids: Vec<&str> = signal.risk.drivers.iter().map(|d| d.id.as_str()).collect();
    for expected in [
        "large_diff",
        "new_contributor",
        "young_account",
        "api_surface_change",
    ] {
        assert!(ids.contains(&expected), "{expected} missing from {ids:?}");
    }
    let young = signal
        .risk
        .drivers
        .iter()
        .find(|d| d.id == "young_account")
        .unwrap();
    assert!(young.detail.contains("mbtariq82-code"), "{}", young.detail);
    assert!(young.detail.contains("11"), "{}", young.detail);
    let new = signal
        .risk
        .drivers
        .iter()
        .find(|d| d.id == "new_contributor")
        .unwrap();
    assert!(new.detail.contains("mbtariq82-code"), "{}", new.detail);
    assert!(signal.risk.level >= prlens::signal::RiskLevel::High);
}

#[test]
fn reference_recommendation_is_request_changes() {
    let signal = reference_signal();
    assert_eq!(signal.review.action, ReviewAction::RequestChanges);
    assert!(signal.review.readiness < 50, "{}", signal.review.readiness);
}

#[test]
fn reference_triage_is_112_minutes_extensive() {
    let triage = reference_signal().triage;
    assert_eq!(triage.counted_lines, 930);
    assert_eq!(triage.minutes, 112);
    assert_eq!(triage.effort, Effort::Extensive);
    assert_eq!(triage.staleness, Staleness::None);
    assert_eq!(
        triage.formula,
        "round(930 lines × 60 / 500 LOC/h) = 112 min"
    );
    assert_eq!(
        triage.advice,
        "Schedule dedicated review time; consider pair review"
    );
}

#[test]
fn reference_focus_order_and_reasons() {
    let focus = reference_signal().focus;
    let order: Vec<&str> = focus.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        order,
        [
            "src/transformers/utils/activation_offloading.py",
            "tests/utils/test_activation_offloading.py",
            "src/transformers/trainer.py",
            "src/transformers/training_args.py",
            "docs/source/en/trainer.md",
        ]
    );
    assert_eq!(focus[0].priority, Priority::Critical);
    assert_eq!(focus[1].priority, Priority::Critical);
    assert!(focus[2].priority >= Priority::Medium && focus[2].priority < Priority::Critical);
    assert!(focus[3].priority >= Priority::Medium && focus[3].priority < Priority::Critical);
    assert_eq!(focus[4].priority, Priority::Low);
    assert_eq!(
        focus[0].reasons,
        ["700 lines changed", "New file", "Source code"]
    );
    assert!(
        focus[2].reasons.contains(&"Public API change".to_string()),
        "trainer.py gains a public method: {:?}",
        focus[2].reasons
    );
    assert_eq!(focus[1].reasons[..2], ["206 lines changed", "New file"]);
    assert!(focus[2].reasons.contains(&"Source code".to_string()));
}

#[test]
fn reference_contributors_flag_the_committer_not_only_the_author() {
    let contributors = reference_signal().contributors;
    assert_eq!(contributors.len(), 2);
    let author = &contributors[0];
    assert_eq!(
        (author.login.as_str(), author.role),
        ("mbtariq82", Role::Author)
    );
    assert_eq!(author.trust_level, TrustLevel::Low);
    assert_eq!(author.account_age_days, Some(1169));
    assert_eq!((author.prior_prs, author.merged_prs), (Some(2), Some(0)));
    assert_eq!(author.commits, 1);
    assert_eq!(author.unfamiliar_files, Some(5));
    assert!(author.badges.contains(&"Low Trust".to_string()));
    assert!(author.summary.starts_with("Has 0 merged PRs to this repo."));
    assert!(author.summary.contains("Unfamiliar with 5"));

    let committer = &contributors[1];
    assert_eq!(committer.login, "mbtariq82-code");
    assert_eq!(committer.role, Role::Committer);
    assert_eq!(committer.trust_level, TrustLevel::New);
    assert_eq!(committer.account_age_days, Some(11));
    assert_eq!(committer.commits, 2);
    assert_eq!(
        committer.summary,
        "First-time contributor to this repository. Account created 11 days ago."
    );
    assert!(committer.badges.contains(&"New Contributor".to_string()));
}

#[test]
fn reference_intent_evidence_and_next_steps() {
    let signal = reference_signal();
    assert_eq!(
        signal.intent.goal,
        "Add activation offloading feature to reduce GPU memory usage during training."
    );
    assert_eq!(signal.intent.criteria.len(), 4);
    assert!(signal.intent.criteria.iter().all(|c| c.met == Some(true)));

    assert_eq!(signal.evidence.signals.tests_passing, SignalState::Failing);
    assert_eq!(signal.evidence.signals.lint_passing, SignalState::Missing);

    let steps = &signal.next_steps;
    assert!(steps
        .concerns
        .iter()
        .any(|c| c.starts_with("Consider breaking into smaller PRs")));
    assert!(steps.concerns.iter().any(|c| c.starts_with(
        "Critical file: src/transformers/utils/activation_offloading.py (700 lines changed; New file; Source code"
    )));
    assert!(steps.concerns.iter().any(|c| c.starts_with(
        "Critical file: tests/utils/test_activation_offloading.py (206 lines changed; New file"
    )));
    assert!(steps
        .questions
        .contains(&"Why is lint_passing missing? Consider adding this check.".to_string()));
}
