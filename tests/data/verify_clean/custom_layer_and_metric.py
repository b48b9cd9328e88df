"""Keras guide: a custom Layer that builds its weights, and a custom Metric with state variables."""
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="scale")

    def call(self, inputs):
        return inputs * self.scale


class MeanAbs(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")

    def update_state(self, values):
        values = tf.abs(tf.cast(values, tf.float32))
        self.total.assign_add(tf.reduce_sum(values))
        self.count.assign_add(tf.cast(tf.size(values), tf.float32))

    def result(self):
        return self.total / self.count


def main():
    layer = Scale()
    metric = MeanAbs()

    @tf.function
    def evaluate(x):
        y = layer(x)
        metric.update_state(y)
        return y

    for batch in (tf.constant([[1.0, -2.0]]), tf.constant([[3.0, 4.0]])):
        evaluate(batch)
    return round(float(metric.result()), 4)


if __name__ == "__main__":
    print(main())
