"""`verify`'s verdicts on the recall corpora: the bad files and their fixed twins apart.

    python benchmarks/verify_recall.py                      # this checkout, markdown on stdout
    python benchmarks/verify_recall.py --checkout DIR       # another checkout of tfgraph-lint
    python benchmarks/verify_recall.py --from-json A.json B.json   # tabulate saved outputs

The corpora are ``tests/rules/recall`` and ``tests/rules/recall_qa`` (see ``benchmarks/recall.py``): one file
per public report, ``<case>.py`` with the hazard and ``<case>_fixed.py`` with the accepted answer.
Each corpus folder is verified as a user would (``tfgraph-lint verify FOLDER --format json``,
run with the checkout's own code). A sound ``verify`` calls no fixed twin MISSED or CONFIRMED;
the share of bad files CONFIRMED says how often it proves the report's hazard. Needs TensorFlow.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = ("tests/rules/recall", "tests/rules/recall_qa")
ORDER = ("CONFIRMED", "UNCONFIRMED", "CLEAN", "NOT RUN", "MISSED", "ERROR")


def verify_folder(checkout: Path, folder: str, jobs: int) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    # From a scratch folder: the cases are programs, and some write files where they run.
    with tempfile.TemporaryDirectory(prefix="verify-recall-") as scratch:
        done = subprocess.run([sys.executable, "-m", "tfgraph_lint", "verify", str(checkout / folder), "--format",
                               "json", "--jobs", str(jobs)], cwd=scratch, env=env, capture_output=True, text=True,
                              timeout=3600, check=False)
    if done.returncode not in (0, 1, 2) or not done.stdout.strip():
        raise SystemExit(f"verify {folder} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def table(entries: list[dict]) -> str:
    twins = [e for e in entries if Path(e["path"]).stem.endswith("_fixed")]
    bad = [e for e in entries if e not in twins]
    lines = ["| files | n | " + " | ".join(ORDER) + " | CONFIRMED share |", "|---" * (len(ORDER) + 3) + "|"]
    for label, group in (("bad", bad), ("fixed twins", twins)):
        counts = Counter(e["verdict"] for e in group)
        share = f"{100 * counts['CONFIRMED'] / len(group):.0f}%" if group else "-"
        lines.append(f"| {label} | {len(group)} | " + " | ".join(str(counts[v]) for v in ORDER) + f" | {share} |")
    wrong = [e["path"] for e in twins if e["verdict"] in ("MISSED", "CONFIRMED")]
    lines.append(f"\nfixed twins MISSED or CONFIRMED: {len(wrong)}" + "".join(f"\n- {path}" for path in wrong))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", type=Path, default=REPO, help="the tfgraph-lint checkout to measure")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--from-json", nargs="+", type=Path, metavar="FILE",
                        help="saved `verify --format json` outputs of the corpora, instead of running")
    args = parser.parse_args(argv)
    if args.from_json:
        entries = [e for path in args.from_json for e in json.loads(path.read_text(encoding="utf-8"))]
        source = ", ".join(str(p) for p in args.from_json)
    else:
        entries = [e for folder in CORPORA for e in verify_folder(args.checkout.resolve(), folder, args.jobs)]
        source = str(args.checkout)
    print(f"## verify on the recall corpora ({datetime.date.today().isoformat()}; {source})\n")
    print(table(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
