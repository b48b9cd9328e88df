"""TFG203 on an entry of a dict of tensors read by a key the code shows beyond a constant: a member
of a top-level class (``flags[Kind.SPARSE]``), or a loop's first key, in a Keras 3 layer's call
(which AutoGraph does not convert). The shape of piotrlaczkowski/keras-data-processor's
distribution encoder, which hands a dict of tensor flags keyed by its distribution kinds to a
helper that picks the first kind whose flag is set
(https://github.com/piotrlaczkowski/keras-data-processor/commit/a3fe7e15712297bc8a1eb9cf8dae9ee2d3a5ce0e).
The twins hold Python values under the key read, may skip the read at the first iteration, loop
over keys the code does not show, or key the dict in ways the spelling cannot match.
"""
import tensorflow as tf


class Kind:
    SPARSE = "sparse"
    NORMAL = "normal"
    MIXED = "mixed"


class DistributionPicker(tf.keras.layers.Layer):
    def call(self, inputs):
        zero_ratio = tf.reduce_mean(tf.cast(tf.equal(inputs, 0.0), tf.float32))
        kurtosis = tf.reduce_mean(tf.pow(inputs - tf.reduce_mean(inputs), 4))
        flags = {Kind.SPARSE: zero_ratio > 0.5, Kind.NORMAL: tf.abs(kurtosis - 3.0) < 0.5}
        kind = self._pick(flags)
        if flags[Kind.NORMAL]:  # [tensor-used-as-python-value]
            inputs = inputs * 2.0
        if flags.get(Kind.SPARSE, False):  # [tensor-used-as-python-value]
            inputs = inputs / 2.0
        return inputs, kind

    def _pick(self, flags):
        order = [Kind.SPARSE, Kind.NORMAL]
        for kind in order:
            if flags.get(kind, False):  # [tensor-used-as-python-value]
                return kind
        return Kind.MIXED


class SummaryWithDefault(tf.keras.layers.Layer):
    def call(self, inputs):
        summary = {"peak": tf.reduce_max(inputs), "floor": tf.reduce_min(inputs)}
        if summary.get("peak", None) > 1.0:  # [tensor-used-as-python-value]
            inputs = inputs / 2.0
        return inputs


class PythonFirstFlag(tf.keras.layers.Layer):
    def call(self, inputs):
        flags = {Kind.SPARSE: self.trainable, Kind.NORMAL: tf.reduce_max(inputs) > 0.0}
        for kind in [Kind.SPARSE, Kind.NORMAL]:
            if flags[kind]:  # the first key holds a Python bool: silent
                return inputs * 2.0
        return inputs


class ReorderedKeys(tf.keras.layers.Layer):
    def call(self, inputs):
        flags = {Kind.SPARSE: tf.reduce_max(inputs) > 0.0, Kind.NORMAL: self.trainable}
        order = [Kind.SPARSE, Kind.NORMAL]
        order.reverse()
        for kind in order:
            if flags[kind]:  # the list is reordered before the loop: its first key is not shown, silent
                return inputs * 2.0
        return inputs


class SkippedFirstRead(tf.keras.layers.Layer):
    def call(self, inputs):
        flags = {Kind.SPARSE: tf.reduce_max(inputs) > 0.0, Kind.NORMAL: tf.reduce_min(inputs) > 0.0}
        for kind in (Kind.SPARSE, Kind.NORMAL):
            if kind == self.skipped:
                continue  # the first read may not happen: silent
            if flags[kind]:
                return inputs * 2.0
        return inputs


class LoopedKeys(tf.keras.layers.Layer):
    def call(self, inputs, order):
        flags = {Kind.SPARSE: tf.reduce_max(inputs) > 0.0}
        for wanted in order:
            if flags.get(wanted, False):  # keys the code does not show: silent
                return inputs * 2.0
        for extra in {**self.extra, Kind.SPARSE: 1}:
            if flags.get(extra, False):  # the first key is another dict's: silent
                return inputs * 2.0
        for key in flags:
            if flags[key]:  # [tensor-used-as-python-value]
                return inputs / 2.0
        return inputs


class MixedKeys(tf.keras.layers.Layer):
    def call(self, inputs):
        flags = {"sparse": self.trainable, Kind.NORMAL: tf.reduce_max(inputs) > 0.0}
        if flags[Kind.NORMAL]:  # a constant key may equal the member: silent
            inputs = inputs * 2.0
        local_kinds = self.kinds
        table = {local_kinds.SPARSE: tf.reduce_min(inputs) > 0.0}
        if table[local_kinds.SPARSE]:  # keyed by an attribute of a local value: silent
            inputs = inputs / 2.0
        return inputs
