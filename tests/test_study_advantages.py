"""The advantage study (benchmarks/study_advantages.py): a --quick run writes sane, finite, reproducible reports."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import study_advantages as study

TINY = {
    "n_tasks": 12,
    "n_fit_tasks": 12,
    "n_probes": 12,
    "probe_repeats": 4,
    "tasks_per_chunk": 6,
    "probes_per_chunk": 6,
}


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One --quick run of the study; its output folder and the JSON it wrote."""
    out = tmp_path_factory.mktemp("study")
    study.main(["--quick", "--out", str(out), "--seed", "0", "--no-progress"])
    return out, json.loads((out / "advantage_study.json").read_text())


def _metrics(report: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every (estimator, scope, metrics) triple of the report."""
    rows = []
    for name, entry in report["results"].items():
        rows.append((name, "overall", entry["overall"]))
        rows += [(name, bucket, m) for bucket, m in entry["buckets"].items()]
    return rows


def test_quick_run_writes_the_three_reports(quick: tuple[Path, dict[str, Any]]) -> None:
    out, report = quick
    assert (out / "advantage_study.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (out / "advantage_study.md").read_text()
    assert "| estimator | beta | nMSE |" in md
    assert report["seed"] == 0
    assert report["settings"]["n_tasks"] == study.QUICK["n_tasks"]
    assert set(report["results"]) == set(study.estimator_names(study.Settings()))
    for name in report["results"]:
        assert f"| {name} |" in md


def test_quick_numbers_are_finite_and_in_range(quick: tuple[Path, dict[str, Any]]) -> None:
    _, report = quick
    for name, scope, m in _metrics(report):
        where = f"{name}/{scope}"
        assert m["tokens"] > 0, where
        for key in ("nmse", "mse_raw", "corr", "sign", "wsign", "snr", "offset2", "action_bias2", "var"):
            assert m[key] is not None and math.isfinite(m[key]), f"{where} {key}"
        assert -1.0 <= m["corr"] <= 1.0, where
        assert 0.0 <= m["sign"] <= 1.0 and 0.0 <= m["wsign"] <= 1.0, where
        assert m["nmse"] > 0 and m["mse_raw"] > 0 and m["snr"] >= 0 and m["var"] >= 0, where
    for name, entry in report["results"].items():
        assert entry["beta"] is not None and entry["beta"] > 0, name
        if name.startswith("gae_true"):  # unbiased estimators: the slope calibration is 1 in expectation
            assert 0.5 < entry["beta"] < 2.0, name
    env = report["environment"]["buckets"]
    for bucket in study.BUCKETS:
        assert env[bucket]["rows"] > 0
        assert 0.0 < env[bucket]["success"] < 1.0
    quality = report["critic_quality"]
    assert 0.0 < quality["noisy"]["rmse"] < quality["true_value_sd"]


def test_quick_sanity_checks_hold(quick: tuple[Path, dict[str, Any]]) -> None:
    _, report = quick
    sanity = report["sanity"]
    # GAE with the true values and lam = 0 returns the exact advantage at the decision tokens.
    assert sanity["lam0_max_abs_err"] < 1e-5
    # Monte Carlo outcomes agree with the dynamic program's V(s0) and Q(s, a).
    assert abs(sanity["v0_z_score"]) < 5
    assert abs(sanity["probe_q_z_score"]) < 5


def test_quick_wide_margin_findings(quick: tuple[Path, dict[str, Any]]) -> None:
    _, report = quick
    res = report["results"]
    # On short trajectories, GAE with the true critic and adaptive lambda (mostly lam = 0) is nearly exact,
    # while the outcome broadcast of GRPO is dominated by the outcome noise (about two orders of magnitude apart).
    assert res["gae_true_adaptive"]["buckets"]["short"]["nmse"] < 1.0
    assert res["grpo"]["buckets"]["short"]["nmse"] > 10.0
    assert res["gae_true_adaptive"]["overall"]["corr"] > res["grpo"]["overall"]["corr"] + 0.1


def test_same_seed_same_numbers(tmp_path: Path) -> None:
    s = replace(study.Settings(), **TINY)
    a = study.run(s, 3, tmp_path / "a", show_progress=False)
    b = study.run(s, 3, tmp_path / "b", show_progress=False)
    c = study.run(s, 4, tmp_path / "c", show_progress=False)
    ja, jb, jc = (json.loads((tmp_path / d / "advantage_study.json").read_text()) for d in "abc")
    assert ja["results"] == jb["results"] and ja["length_curve"] == jb["length_curve"]
    assert ja["results"] != jc["results"]
    assert a["decision_tokens"] == b["decision_tokens"] and c["seed"] == 4


def test_per_row_adaptive_lambda_matches_lam_alpha() -> None:
    # The probes pass VAPO's lambda per row (their rows are continuations); it must equal lam_alpha on whole rows.
    s = replace(study.Settings(), **TINY)
    rng = np.random.default_rng(0)
    tasks = study.sample_tasks(6, rng, s, first_id=0)
    tab = study.solve_tables(tasks, s)
    ro = study.simulate(tasks, tab, study.from_start(np.repeat(np.arange(6), 4)), rng, s)
    lay = study.token_layout(ro, rng, s, study.PROMPT_TOKENS)
    critics = {"true": (ro.v_pre, ro.v_post)}
    whole = study.gae_at_decisions(ro, lay, critics, s)
    per_row = study.gae_at_decisions(ro, lay, critics, s, total_pol=lay.pol_tokens)
    np.testing.assert_allclose(per_row["gae_true_adaptive"], whole["gae_true_adaptive"], atol=1e-6)
    assert not np.allclose(whole["gae_true_adaptive"], whole["gae_true_lam1"])
