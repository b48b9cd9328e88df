"""``benchmarks/verify_soundness.py`` runs the soundness suite in a seeded, shuffled order per
round, and prints the seed, so that a verdict that depends on what ran before shows as a flip
and can be reproduced. (A fake suite: no TensorFlow, no runs.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

BENCHMARK = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "verify_soundness.py"


def load_benchmark():
    spec = importlib.util.spec_from_file_location("verify_soundness_benchmark", BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_suite(orders: list[list[Path]]):
    cases = {Path(f"case{n:02d}.py"): "CLEAN" for n in range(20)}

    def verify_suite(workers, paths=None):
        orders.append(list(paths))
        return {path: SimpleNamespace(verdict="CLEAN") for path in paths}

    return SimpleNamespace(soundness_cases=lambda: cases, verify_suite=verify_suite)


def run(monkeypatch, capsys, *argv) -> tuple[list[list[Path]], str]:
    benchmark = load_benchmark()
    orders: list[list[Path]] = []
    monkeypatch.setattr(benchmark, "load_suite", lambda: fake_suite(orders))
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: object())
    assert benchmark.main(list(argv)) == 0
    return orders, capsys.readouterr().out


def test_each_round_runs_every_file_in_another_seeded_order(monkeypatch, capsys):
    orders, report = run(monkeypatch, capsys, "--rounds", "3", "--seed", "17")
    assert len(orders) == 3
    assert all(sorted(order) == sorted(orders[0]) for order in orders)
    assert len({tuple(order) for order in orders}) == 3  # three different orders
    assert orders[0] != sorted(orders[0])
    assert "--seed 17" in report
    again, _ = run(monkeypatch, capsys, "--rounds", "3", "--seed", "17")
    assert again == orders  # the printed seed reproduces the orders


def test_without_a_seed_one_is_chosen_and_printed(monkeypatch, capsys):
    orders, report = run(monkeypatch, capsys, "--rounds", "1")
    seed = report.split("--seed ")[1].split(")")[0]
    again, _ = run(monkeypatch, capsys, "--rounds", "1", "--seed", seed)
    assert again == orders
