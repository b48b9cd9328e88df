"""Per-trace state a model of model.py keeps on an object of this file's classes."""
import tensorflow as tf


class Ledger:
    """model.py runs ``reset`` on it first in each trace, before ``record``: scratch of the trace."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.rows = []
        self.counts = {"record": 0}

    def record(self, value):
        self.counts["record"] += 1
        self.rows.append(tf.identity(value))  # low: [outer-collection-mutation]


class BranchLedger:
    """Reset only behind a flag of the model: not on every trace."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.rows = []
        self.counts = {"record": 0}

    def record(self, value):
        self.counts["record"] += 1  # [outer-collection-mutation]
        self.rows.append(tf.identity(value))  # [outer-collection-mutation]


class LateLedger:
    """Reset after the trace has recorded into it."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.rows = []
        self.counts = {"record": 0}

    def record(self, value):
        self.counts["record"] += 1  # [outer-collection-mutation]
        self.rows.append(tf.identity(value))  # [outer-collection-mutation]


class SharedLedger:
    """One traced method resets it first, another records into it without."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.rows = []
        self.counts = {"record": 0}

    def record(self, value):
        self.counts["record"] += 1  # [outer-collection-mutation]
        self.rows.append(tf.identity(value))  # [outer-collection-mutation]


class PartialReset:
    """Its ``reset`` leaves early before it rebinds the rows on some runs."""

    def __init__(self):
        self.rows = []
        self.frozen = False

    def reset(self):
        if self.frozen:
            return
        self.rows = []

    def record(self, value):
        self.rows.append(tf.identity(value))  # [outer-collection-mutation]


class Keeper:
    def __init__(self):
        self.rows = []

    def reset(self):
        self.rows = []


class OtherLedger:
    """The model resets another object, a Keeper, first."""

    def __init__(self):
        self.rows = []

    def reset(self):
        self.rows = []

    def record(self, value):
        self.rows.append(tf.identity(value))  # [outer-collection-mutation]
