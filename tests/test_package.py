"""The installed package: console script, version, extension and kernels shipped inside it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import coderl
from coderl import _native, cli

REPO = Path(__file__).resolve().parents[1]


def _coderl(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("coderl") or str(Path(sys.executable).with_name("coderl"))
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, check=False)


def test_console_script_version_and_help():
    out = _coderl("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"coderl {coderl.__version__}"
    out = _coderl("--help")
    assert out.returncode == 0 and "usage: coderl" in out.stdout and "info" in out.stdout


def test_info_reports_native_extension():
    out = _coderl("info")
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout)
    assert info["coderl"] == coderl.__version__
    assert info["hardware_threads"] >= 1
    assert info["native_extension"].endswith(".so")


def test_unknown_command_fails_cleanly():
    out = _coderl("frobnicate")
    assert out.returncode == 2 and "invalid choice" in out.stderr


def test_main_without_command_prints_help(capsys):
    assert cli.main([]) == 0
    assert "usage: coderl" in capsys.readouterr().out


def test_extension_and_kernels_ship_inside_the_package():
    pkg = Path(coderl.__file__).parent
    native = Path(_native.__file__)
    assert native.parent.name == "coderl" and native.suffix == ".so"
    assert (native.parent / "_native.pyi").is_file()  # generated stubs travel with the extension
    assert (native.parent / "py.typed").is_file()
    import coderl.kernels.gae as kernels

    assert Path(kernels.__file__).name == "gae.py"
    assert (pkg / "ops" / "gae.py").is_file()


@pytest.mark.slow
def test_built_wheel_imports_without_the_source_tree(tmp_path):
    """`pip wheel .` from the repository gives a wheel whose extension and kernels import on their own."""
    wheel_dir = tmp_path / "wheels"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(REPO),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheel_dir),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = wheel_dir.glob("coderl-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(site)
    assert "coderl/kernels/gae.py" in names and "coderl/_native.pyi" in names
    assert "coderl/guard/rulesets/library.toml" in names  # the rule library ships as package data
    assert "coderl/guard/rulesets/decoys.toml" in names
    assert sum(n.startswith("coderl/suites/basic/") and n.endswith("/task.toml") for n in names) >= 40
    assert any(n.startswith("coderl/suites/basic/") and "/hidden/" in n for n in names)
    assert any(n.startswith("coderl/_native") and n.endswith(".so") for n in names)
    assert not any(n.startswith(("csrc/", "tests/", "kernels/")) for n in names)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import coderl, coderl._native as n, coderl.kernels; "
        "assert coderl.__file__.startswith(sys.argv[1]), coderl.__file__; print(n.hardware_threads())"
    )
    # -S: no site-packages, so nothing but the unpacked wheel can provide coderl.
    run = subprocess.run(
        [sys.executable, "-S", "-c", code, str(site)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 1


def _pip(*args: str, python: str = sys.executable, timeout: int = 900) -> subprocess.CompletedProcess:
    cmd = [python, "-m", "pip", "--disable-pip-version-check", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    "target, peer",
    [
        (".", "verl==0.9.1"),  # verl 0.9.1 wants transformers < 5.11
        (".[train]", "verl==0.9.1"),
        (".[train]", "transformers==5.15.0"),  # OpenRLHF 0.11.2's pin
    ],
)
def test_coderl_resolves_beside_peer_stacks(tmp_path, target, peer):
    """pip finds one consistent set of packages for coderl (core, or with training) and the peer."""
    report = tmp_path / "report.json"
    done = _pip("install", "--dry-run", "--ignore-installed", "-q", "--report", str(report), target, peer)
    assert done.returncode == 0, done.stderr[-3000:]
    installed = {
        i["metadata"]["name"].lower(): i["metadata"]["version"] for i in json.loads(report.read_text())["install"]
    }
    assert "coderl" in installed and installed[peer.split("==")[0]] == peer.split("==")[1]
    if target == ".":
        assert installed.get("transformers", "").split(".")[:2] != ["5", "19"]  # coderl's core does not pin it


@pytest.mark.slow
def test_core_install_imports_and_scans_without_the_training_stack(tmp_path):
    """A venv with coderl's core only (torch, numpy, podman-py, pydantic, tree-sitter): the ops, stage 1,
    the task format, the grader, the sandbox and the episode import and work; transformers, httpx,
    TensorBoard and matplotlib are not installed."""
    wheels = tmp_path / "wheels"
    build = _pip("wheel", str(REPO), "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels))
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = wheels.glob("coderl-*.whl")
    venv = tmp_path / "core"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    torch_spec = os.environ.get("TORCH_SPEC", "torch==2.13.0")
    for args in (("install", "-q", torch_spec), ("install", "-q", str(wheel))):
        done = _pip(*args, python=python)
        assert done.returncode == 0, done.stderr[-3000:]
    code = """
import importlib.util, sys, torch
import coderl.ops, coderl.guard, coderl.grade, coderl.sandbox, coderl.task, coderl.episode
from coderl.action import parse_action
from coderl.guard import Stage1Scanner
assert Stage1Scanner().scan(parse_action({"tool": "bash", "command": "rm -rf tests"})).cheat
adv, ret = coderl.ops.gae(torch.ones(2, 4), torch.zeros(2, 4), torch.ones(2, 4, dtype=torch.bool), lam=0.9)
assert adv.shape == (2, 4)
absent = [m for m in ("transformers", "httpx", "tensorboard", "matplotlib", "yaml") if importlib.util.find_spec(m)]
assert not absent, absent
print("ok")
"""
    run = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-3000:]
    cli_help = subprocess.run([str(venv / "bin" / "coderl"), "--help"], capture_output=True, text=True, timeout=120)
    assert cli_help.returncode == 0 and "usage: coderl" in cli_help.stdout, cli_help.stderr[-3000:]
