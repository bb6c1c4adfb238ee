//! The two new files of the reference example, modelled on the described change (activation
//! offloading added to the Trainer) with exactly the stated line counts.

/// `src/transformers/utils/activation_offloading.py`: 700 lines.
pub fn offloading_module() -> Vec<String> {
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
pub fn offloading_tests() -> Vec<String> {
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
