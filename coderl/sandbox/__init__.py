"""Network-less sandboxes: warm rootless Podman containers driven through one in-container agent each."""

from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import EngineError, PodmanEngine
from coderl.sandbox.pool import SandboxPool, open_sandbox
from coderl.sandbox.sandbox import ExecResult, Sandbox, SandboxError, WorkspaceError

__all__ = [
    "EngineError",
    "ExecResult",
    "PodmanEngine",
    "Sandbox",
    "SandboxConfig",
    "SandboxError",
    "SandboxPool",
    "WorkspaceError",
    "open_sandbox",
]
