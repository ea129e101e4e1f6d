"""Triton GPU kernels of coderl, shipped in the wheel as ``coderl.kernels``.

Import these modules only through ``coderl.ops``, which validates inputs and picks the backend.
On a machine without a GPU they run in Triton's interpreter when ``TRITON_INTERPRET=1`` is set
before the first import (the test-suite does this).
"""
