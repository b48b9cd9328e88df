import tensorflow as tf

from gnn.base import FlagSetElsewhere, SetUpOnce, SetUpOnceFlagInBranch, SetUpPerCall


class PerCallConv(SetUpPerCall):
    def _build(self, x):
        self.kernel = tf.keras.layers.Dense(4)  # [variable-created-in-graph]
        return x


class OnceConv(SetUpOnce):
    # The base calls _build only on its first call (its flag set by the method the guard calls).
    def _build(self, x):
        self.units //= 2
        self.kernel = tf.keras.layers.Dense(self.units)
        return x


class OnceInBranchConv(SetUpOnceFlagInBranch):
    # The base calls _build only on its first call (its flag set in the guarded branch).
    def _build(self, x):
        self.units //= 2
        self.kernel = tf.keras.layers.Dense(self.units)
        return x


class FlagElsewhereConv(FlagSetElsewhere):
    # The base's guard is set by a method the guarded branch never calls: _build runs every call.
    def _build(self, x):
        self.units //= 2  # [python-state-mutation]
        self.kernel = tf.keras.layers.Dense(self.units)  # [variable-created-in-graph]
        return x
