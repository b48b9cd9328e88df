"""Do `verify`'s verdicts stay put? The soundness suite, run several times in a row.

    python benchmarks/verify_soundness.py               # three rounds, two workers, a random seed
    python benchmarks/verify_soundness.py --rounds 5 --workers 2 --seed 17   # repeat a run's orders

The suite is the batch of ``tests/runtime/test_verify_soundness.py`` (every fixture's bad.py and
good.py, the clean programs of tests/data/verify_clean/, the one-call prints of
tests/data/verify_confirmed/), each with the verdict it must get. Each round starts a fresh worker
pool and runs the files in another order, shuffled from the seed (printed in the report, so that
an order that flipped a verdict can be run again): a verdict that depends on which file ran
before in the same worker shows as a flip. The report (markdown on stdout, dated) lists per round the files whose verdict was not the
expected one, and every file whose verdict flipped between rounds; exit 1 when a verdict flipped
or was wrong. Needs TensorFlow; not run in CI (it takes minutes).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the suite's module imports the tests' helpers


def load_suite():
    suite = REPO / "tests" / "runtime" / "test_verify_soundness.py"
    spec = importlib.util.spec_from_file_location("verify_soundness_suite", suite)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def round_order(paths: list[Path], seed: int, number: int) -> list[Path]:
    """The files of round ``number`` (from 0), shuffled: the same seed gives the same orders."""
    order = sorted(paths)
    random.Random(f"{seed}:{number}").shuffle(order)
    return order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the rounds' file orders (default: a random one; the report prints it)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    if importlib.util.find_spec("tensorflow") is None:
        print("TensorFlow is not installed: pip install -e '.[verify]'", file=sys.stderr)
        return 2
    suite = load_suite()
    expected = suite.soundness_cases()
    rounds: list[dict[Path, str]] = []
    seconds: list[float] = []
    for number in range(args.rounds):
        started = time.monotonic()
        results = suite.verify_suite(args.workers, round_order(list(expected), seed, number))
        seconds.append(time.monotonic() - started)
        rounds.append({path: result.verdict for path, result in results.items()})
        print(f"round {number + 1} (seed {seed}): {len(results)} files in {seconds[-1]:.0f} s", file=sys.stderr)

    def name(path: Path) -> str:
        return os.path.relpath(path, REPO)

    wrong = [(n + 1, path, verdicts[path]) for n, verdicts in enumerate(rounds) for path in expected
             if verdicts[path] != expected[path]]
    flipped = [path for path in expected if len({verdicts[path] for verdicts in rounds}) > 1]
    today = datetime.date.today().isoformat()
    print(f"## verify soundness suite, {args.rounds} rounds ({today}, {platform.machine()}, "
          f"{args.workers} workers, file order shuffled with --seed {seed})\n")
    print("| round | files | as expected | not as expected | seconds |")
    print("|---|---|---|---|---|")
    for n, verdicts in enumerate(rounds):
        bad = sum(1 for path in expected if verdicts[path] != expected[path])
        print(f"| {n + 1} | {len(verdicts)} | {len(verdicts) - bad} | {bad} | {seconds[n]:.0f} |")
    print(f"\nverdicts flipped between rounds: {len(flipped)}")
    for path in flipped:
        print(f"- {name(path)}: " + ", ".join(verdicts[path] for verdicts in rounds))
    if wrong:
        print("\nnot as expected:")
        for number, path, verdict in wrong:
            print(f"- round {number}: {name(path)} {verdict} (expected {expected[path]})")
    return 1 if flipped or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
