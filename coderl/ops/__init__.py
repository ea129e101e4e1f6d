"""The advantage engine: token-level GAE and the critic's value head fused with it.

``gae`` and ``value_gae`` dispatch on the device of their inputs: native C++ (multi-threaded, GIL
released) on CPU tensors, Triton chunked-scan kernels on GPU tensors. ``gae_reference`` is the
float64 torch oracle the tests compare against.
"""

from coderl.ops.gae import GAEResult, gae
from coderl.ops.reference import gae_reference, masked_whiten_reference, value_head_reference
from coderl.ops.value_gae import ValueGAEResult, value_gae

__all__ = [
    "GAEResult",
    "ValueGAEResult",
    "gae",
    "gae_reference",
    "masked_whiten_reference",
    "value_gae",
    "value_head_reference",
]
