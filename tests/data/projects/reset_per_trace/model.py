"""A Keras model that keeps per-trace state on objects of state.py."""
import tensorflow as tf

import state


class Model(tf.keras.Model):
    def __init__(self, clear_first=False):
        super().__init__()
        self.clear_first = clear_first
        self.ledger = state.Ledger()
        self.branch = state.BranchLedger()
        self.late = state.LateLedger()
        self.shared = state.SharedLedger()
        self.partial = state.PartialReset()
        self.keeper = state.Keeper()
        self.other = state.OtherLedger()
        self.dense = tf.keras.layers.Dense(2)

    def call(self, x):
        self.ledger.reset()
        self.shared.reset()
        self.partial.reset()
        self.keeper.reset()
        if self.clear_first:
            self.branch.reset()
        y = self._body(x)
        self.late.reset()
        return y

    def _body(self, x):
        self.ledger.record(x)
        self.branch.record(x)
        self.late.record(x)
        self.shared.record(x)
        self.partial.record(x)
        self.other.record(x)
        return self.dense(x)

    def train_step(self, data):
        x, _ = data
        self.shared.record(x)
        return {"loss": tf.reduce_sum(self(x))}
