"""Benchmark: what ``tfgraph-lint trace`` adds to a real training run's wall time.

    python benchmarks/trace_overhead.py              # 5 runs of each, alternating
    python benchmarks/trace_overhead.py --runs 9 --steps 600

The program (written to a temporary folder) is a small real training loop: a Keras model, a
custom ``@tf.function`` train step over a ``tf.data`` pipeline for ``--steps`` steps, an
evaluation ``tf.function``, then one epoch of ``model.fit`` (Keras's own train function). It
runs as ``python train.py`` and as ``tfgraph-lint trace train.py``, alternating, in fresh
processes; the medians of the whole process's wall time (TensorFlow's import included, as a user
sees it) are compared. Target: <= 5% more. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PROGRAM = '''
import sys

import keras
import tensorflow as tf

STEPS = int(sys.argv[1])
tf.random.set_seed(0)
features = tf.random.normal((2048, 32))
targets = tf.reduce_sum(features[:, :4], axis=1, keepdims=True)
data = tf.data.Dataset.from_tensor_slices((features, targets)).shuffle(2048).batch(64).repeat()

model = keras.Sequential([keras.Input((32,)), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(128, activation="relu"), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(1e-3)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


@tf.function
def evaluate(x, y):
    return tf.reduce_mean(tf.square(model(x, training=False) - y))


for step, (x, y) in enumerate(data.take(STEPS)):
    loss = train_step(x, y)
    if step % 100 == 0:
        evaluate(features, targets)
model.compile(optimizer="adam", loss="mse")
model.fit(features, targets, batch_size=64, epochs=1, verbose=0)
print(f"final loss {float(loss):.4f}")
'''


def timed(command: list[str], cwd: str, env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=400)
    options = parser.parse_args()
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONPATH=str(REPO), CUDA_VISIBLE_DEVICES="-1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as users run it: with Python's bytecode cache
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "train.py").write_text(PROGRAM)
        plain = [sys.executable, "train.py", str(options.steps)]
        traced = [sys.executable, "-m", "tfgraph_lint", "trace", "--output", "report.txt", "train.py",
                  str(options.steps)]
        timed(plain, folder, env)  # warm the bytecode and file caches
        timed(traced, folder, env)
        plain_times, traced_times = [], []
        for _ in range(options.runs):
            plain_times.append(timed(plain, folder, env))
            traced_times.append(timed(traced, folder, env))
        report = Path(folder, "report.txt").read_text()
    plain_median, traced_median = statistics.median(plain_times), statistics.median(traced_times)
    overhead = traced_median / plain_median - 1
    print(f"training run: {options.steps} custom steps + 1 fit epoch, {options.runs} runs each (medians)\n")
    print("| command | wall time |")
    print("|---|--:|")
    print(f"| `python train.py` | {plain_median:.2f} s |")
    print(f"| `tfgraph-lint trace train.py` | {traced_median:.2f} s |")
    print(f"| overhead | {overhead:+.1%} (target <= 5%) |")
    print("\nreport of the last traced run:\n")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
