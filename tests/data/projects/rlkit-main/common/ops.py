"""Helpers the learner's tf.function calls through the package's own name."""


def noisy(x):
    print("noise for", x)  # [python-print-in-graph]
    return x


def report(x):
    print("report", x)  # called only in eager code (and by otherkit's namesake): silent
    return x
