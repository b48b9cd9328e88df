import numpy as np

from metrics import summarize

SEEDED = False


def set_seed():
    global SEEDED
    SEEDED = True


def augment(x):
    if SEEDED:  # low: [mutable-global-capture]
        x = x + 0
    noise = np.random.uniform()  # [python-random-in-graph]
    summarize(x)
    return x + noise


def preview(x):
    print("preview", x)  # not reached from graph code: silent
    return x
