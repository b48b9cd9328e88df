import numpy as np

from metrics import summarize


def augment(x):
    noise = np.random.uniform()  # [python-random-in-graph]
    summarize(x)
    return x + noise


def preview(x):
    print("preview", x)  # not reached from graph code: silent
    return x
