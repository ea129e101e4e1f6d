"""``coderl sandbox``: Podman failures are infrastructure (exit 3, stderr); ``clean --all`` asks before it
removes containers of runs that are still going. Podman is replaced by a stand-in: nothing here touches
real containers (other people's runs may be using them)."""

from __future__ import annotations

import io
import socket
from typing import Any, ClassVar

import pytest

from coderl.cli import main
from coderl.sandbox import cli as sandbox_cli
from coderl.sandbox.podman import OWNER_LABEL, EngineError, owner_token

LIVE = {"id": "live", "name": "a", "labels": {OWNER_LABEL: owner_token()}, "state": "running"}
DEAD = {"id": "dead", "name": "b", "labels": {OWNER_LABEL: f"{socket.gethostname()}:4194000:1"}, "state": "running"}


class FakeEngine:
    """A PodmanEngine stand-in holding one container of this (live) process and one of a dead one."""

    removed: ClassVar[list[str]] = []

    def __init__(self, config: Any) -> None:
        self.containers = [LIVE, DEAD]

    def list_sandboxes(self) -> list[dict[str, Any]]:
        return list(self.containers)

    def remove(self, ids: list[str]) -> None:
        FakeEngine.removed += ids

    def remove_leftovers(self) -> int:
        FakeEngine.removed.append("dead")
        return 1

    def close(self) -> None:
        pass


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> type[FakeEngine]:
    FakeEngine.removed = []
    monkeypatch.setattr(sandbox_cli, "PodmanEngine", FakeEngine)
    return FakeEngine


def test_clean_all_needs_yes_or_a_confirmation_for_live_runs(engine, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO())  # not a terminal: cannot ask
    assert main(["sandbox", "clean", "--all"]) == 2 and engine.removed == []
    err = capsys.readouterr().err
    assert "1 container(s) of coderl runs that are still running" in err and "--yes" in err

    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    assert main(["sandbox", "clean", "--all"]) == 1 and engine.removed == []
    assert "nothing removed" in capsys.readouterr().err

    monkeypatch.setattr("sys.stdin", Terminal("y\n"))
    assert main(["sandbox", "clean", "--all"]) == 0 and engine.removed == ["live", "dead"]

    engine.removed = []
    monkeypatch.setattr("sys.stdin", io.StringIO())
    assert main(["sandbox", "clean", "--all", "--yes"]) == 0 and engine.removed == ["live", "dead"]
    assert "removed 2 sandbox container(s) (1 of running coderl processes)" in capsys.readouterr().out

    engine.removed = []
    assert main(["sandbox", "clean"]) == 0 and engine.removed == ["dead"]  # leftovers only: no question


def test_clean_help_warns_about_other_users(capsys):
    with pytest.raises(SystemExit):
        main(["sandbox", "clean", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "other users'" in text and "--yes" in text


def test_podman_errors_are_infrastructure_on_stderr(monkeypatch, capsys):
    def refuse(config: Any) -> None:
        raise EngineError("podman is not installed; run scripts/setup-podman.sh")

    monkeypatch.setattr(sandbox_cli, "PodmanEngine", refuse)
    for action in ("clean", "build"):
        assert main(["sandbox", action]) == 3
        out, err = capsys.readouterr()
        assert out == "" and f"coderl sandbox {action}: podman is not installed" in err
