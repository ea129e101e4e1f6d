"""The installed package: console script, version, extension and kernels shipped inside it."""

from __future__ import annotations

import json
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
