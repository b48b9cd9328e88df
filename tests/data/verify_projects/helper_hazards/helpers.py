"""Helpers that train.py's tf.function calls. Their Python runs only while train_step traces."""
import numpy as np


def log_step(step):
    print("step", step)  # [python-print-in-graph]


def jitter(x):
    return x + np.random.normal()  # [python-random-in-graph]
