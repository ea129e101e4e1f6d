"""Adapters that embed coderl in other RL stacks (verl first): its GAE, its stage-1 reward filter and its
guarded sandbox episode, each in the stack's own types. The top layer: nothing in coderl imports it, and
each adapter imports its stack only when used (``pip install "coderl[verl]"``)."""
