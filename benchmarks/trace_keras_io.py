"""``tfgraph-lint trace`` on a real training script: keras-io's addition RNN example.

    python benchmarks/trace_keras_io.py --keras-io /path/to/keras-io.git
    python benchmarks/trace_keras_io.py --keras-io DIR --epochs 30 --training-size 50000   # as published

``examples/nlp/addition_rnn.py`` (sequence-to-sequence addition with LSTMs; its data are made by
the script, so it runs offline) is read from a keras-io git dir (bare or not) or a folder holding
``examples/``, at the commit the precision review uses (``benchmarks/precision.py``), into a
temporary folder; nothing of it is kept in this repository. Two edits, both printed, make it
run in a minute on a CPU: ``epochs`` and ``TRAINING_SIZE`` are lowered. Its training loop calls
``model.fit(..., epochs=1)`` once per iteration and ``model.predict`` on ten single samples after
each. Prints the command's exit status, its time, and the report (``--all``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = "examples/nlp/addition_rnn.py"
COMMIT = "e4799e8c9e6e0eb990f0ebfb197d88bf78ec0ae4"  # as benchmarks/precision.py


def example_source(keras_io: Path, commit: str) -> str:
    if (keras_io / EXAMPLE).is_file():
        return (keras_io / EXAMPLE).read_text()
    git_dir = keras_io / ".git" if (keras_io / ".git").exists() else keras_io
    return subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{EXAMPLE}"], check=True,
                          capture_output=True, text=True).stdout


def edited(source: str, settings: dict[str, int]) -> str:
    for name, value in settings.items():
        source, count = re.subn(rf"^{name} = \d+$", f"{name} = {value}", source, flags=re.MULTILINE)
        if count != 1:
            raise SystemExit(f"{EXAMPLE}: no single '{name} = N' line to edit; has the example changed?")
        print(f"edit: {name} = {value}")
    return source


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keras-io", type=Path, required=True, help="a keras-io git dir, or a folder with examples/")
    parser.add_argument("--commit", default=COMMIT)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--training-size", type=int, default=5000)
    options = parser.parse_args()
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", CUDA_VISIBLE_DEVICES="-1", PYTHONWARNINGS="ignore",
               PYTHONPATH=str(REPO))
    source = edited(example_source(options.keras_io, options.commit),
                    {"epochs": options.epochs, "TRAINING_SIZE": options.training_size})
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "addition_rnn.py").write_text(source)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "tfgraph_lint", "trace", "--output", "report.txt", "--all",
                                 "addition_rnn.py"], cwd=folder, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - started
        report_file = Path(folder, "report.txt")
        report = report_file.read_text() if report_file.exists() else result.stderr[-3000:]
    print(f"exit status {result.returncode}, {elapsed:.1f} s\n")
    print(report)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
