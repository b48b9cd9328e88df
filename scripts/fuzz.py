"""The long fuzzing run: random and mutated programs through the engine, until time is up.

    python scripts/fuzz.py --minutes 10 [--kinds grammar,node,mutated] [--save failures/]

Each round draws fresh random programs (unlike the derandomized run in tests/analysis/test_fuzz.py); a
program that makes the engine raise or report an internal error is printed, saved when --save
is given, and the run goes on. Prints how many programs ran of each kind; exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from fuzz_programs import engine_survives, generated_programs, mutated_examples  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402

KINDS = {
    "grammar": generated_programs,
    "node": lambda: generated_programs(node_based=True),
    "mutated": mutated_examples,
}
ROUND = {"grammar": 200, "node": 10, "mutated": 200}  # examples per round, about the same time each


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run (default 10)")
    parser.add_argument("--kinds", default="grammar,node,mutated", help="comma-separated: " + ", ".join(KINDS))
    parser.add_argument("--save", type=Path, help="folder for the programs that failed")
    args = parser.parse_args()
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        parser.error(f"unknown kinds {unknown}; use {', '.join(KINDS)}")
    warnings.simplefilter("ignore")  # hypothesmith compiles its programs: SyntaxWarnings galore

    ran: Counter[str] = Counter()
    findings: Counter[str] = Counter()
    failures: list[tuple[str, str]] = []
    deadline = time.monotonic() + args.minutes * 60
    rounds = 0
    while time.monotonic() < deadline:
        kind = kinds[rounds % len(kinds)]
        rounds += 1
        _run_round(kind, deadline, ran, findings, failures, args.save)
        print(f"{_elapsed(deadline, args.minutes)} ran {sum(ran.values())} programs "
              f"({', '.join(f'{k} {n}' for k, n in sorted(ran.items()))}); failures: {len(failures)}", flush=True)

    print(f"\nPrograms run: {sum(ran.values())} ({', '.join(f'{k}: {n}' for k, n in sorted(ran.items()))})")
    print("Findings on them: " + (", ".join(f"{code} {n}" for code, n in sorted(findings.items())) or "none"))
    print(f"Failures: {len(failures)}")
    for label, message in failures:
        print(f"--- {label}\n{message[:3000]}")
    return 1 if failures else 0


def _run_round(kind, deadline, ran, findings, failures, save: Path | None) -> None:
    @settings(max_examples=ROUND[kind], database=None, deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(KINDS[kind]())
    def one(example) -> None:
        if time.monotonic() > deadline:
            return
        label, text = (kind, example) if isinstance(example, str) else (f"{kind} {example[0]}", example[1])
        ran[kind] += 1
        try:
            for finding in engine_survives(text):
                findings[finding.code] += 1
        except AssertionError as failure:
            failures.append((label, str(failure)))
            print(f"FAILURE in {label}: {str(failure).splitlines()[0]}", flush=True)
            if save is not None:
                save.mkdir(parents=True, exist_ok=True)
                digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
                (save / f"{kind}_{digest}.py").write_text(text, encoding="utf-8", errors="surrogatepass")

    one()


def _elapsed(deadline: float, minutes: float) -> str:
    done = minutes * 60 - max(0.0, deadline - time.monotonic())
    return f"[{done / 60:5.1f} min]"


if __name__ == "__main__":
    sys.exit(main())
