"""A layer written for models Keras builds reads the static batch as a reshape target.

In the shape of https://github.com/LongxingTan/Time-series-prediction/issues/47: the layer
defines get_config, so it is placed in models Keras builds and fits, where the batch is unknown
while tracing; ``x.shape[0]`` is None there and tf.reshape raises TypeError. Eagerly it is the
batch size.
"""
# runtime: raises TypeError
import numpy as np
import tensorflow as tf


class FlattenRows(tf.keras.layers.Layer):
    def __init__(self, scale=1.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def call(self, inputs):
        return self.scale * tf.reshape(inputs, [inputs.shape[0], -1])  # [tensor-used-as-python-value]

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.flatten_rows = FlattenRows()
        self.head = tf.keras.layers.Dense(1)

    def call(self, inputs):
        return self.head(self.flatten_rows(inputs))


def main():
    model = Regressor()
    model.compile(optimizer="sgd", loss="mse")
    model.fit(np.ones((5, 2, 3), dtype="float32"), np.zeros((5, 1), dtype="float32"), batch_size=2, verbose=0)
