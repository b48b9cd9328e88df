"""TFG203 on an entry of a dict of tensors read by a constant key, in a Keras 3 layer's call
(which AutoGraph does not convert): the shape of piotrlaczkowski/keras-data-processor's
distribution encoder, which estimates statistics into a dict, returns it inside another, and
tests ``stats["kurtosis"] > 3.0`` in the helper its dispatch table picks
(https://github.com/piotrlaczkowski/keras-data-processor/commit/a3fe7e15712297bc8a1eb9cf8dae9ee2d3a5ce0e).
The entry is followed through dict literals, names, returns of the module's defs and the calls
that pass a parameter; the twins hold Python values there, or change the dict in ways that may
touch the key.
"""
import tensorflow as tf


class DistributionEncoder(tf.keras.layers.Layer):
    def call(self, inputs):
        info = self._estimate(inputs)
        return self._transform(inputs, info)

    def _estimate(self, inputs):
        kurtosis = tf.reduce_mean(tf.pow(inputs - tf.reduce_mean(inputs), 4))
        stats = {"mean": tf.reduce_mean(inputs), "kurtosis": kurtosis, "bins": 10}
        if self.trainable:
            return {"type": "normal", "stats": stats}
        return {"type": "heavy", "stats": stats}

    def _transform(self, inputs, info):
        table = {"normal": self._normal, "heavy": self._heavy}
        transform = table.get(info["type"], self._normal)
        return transform(inputs, info["stats"])

    def _normal(self, inputs, stats):
        if stats["bins"] > 5:  # a Python number in the dict: silent
            inputs = inputs * 2.0
        return inputs - stats["mean"]

    def _heavy(self, inputs, stats):
        df = 6.0 / (stats["kurtosis"] - 3.0) if stats["kurtosis"] > 3.0 else 30.0  # [tensor-used-as-python-value]
        weight = 0.8 if stats.get("mean") > 0 else 0.2  # [tensor-used-as-python-value]
        return inputs * df * weight


class Summary(tf.keras.layers.Layer):
    def call(self, inputs):
        summary = {"peak": tf.reduce_max(inputs)}
        if summary["peak"] > 1.0:  # [tensor-used-as-python-value]
            inputs = inputs / 2.0
        return inputs


class ChangedSummary(tf.keras.layers.Layer):
    def call(self, inputs, key):
        summary = {"peak": tf.reduce_max(inputs)}
        summary[key] = 0.0  # a computed key may replace the entry: silent
        if summary["peak"] > 1.0:
            inputs = inputs / 2.0
        merged = {**self.defaults(), "floor": tf.reduce_min(inputs)}
        if merged["scale"] > 1.0:  # the spread dict may hold the key: silent
            inputs = inputs * 2.0
        return inputs

    def defaults(self):
        return {"scale": 2.0}
