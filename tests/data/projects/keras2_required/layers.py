"""tf.keras is Keras 2 here (setup.py caps TensorFlow below 2.16): a Dropout made in call holds
no variable, and Keras 2 converts a metric's update_state with AutoGraph. A Dense made in call
creates variables in either Keras."""
import tensorflow as tf


class Attention(tf.keras.layers.Layer):
    def call(self, inputs):
        dropped = tf.keras.layers.Dropout(0.5)(inputs)
        return tf.keras.layers.Dense(4)(dropped)  # [variable-created-in-graph]


class Mean(tf.keras.metrics.Metric):
    def __init__(self):
        super().__init__()
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, values, sample_weight=None):
        if not tf.math.is_inf(self.total):
            self.total.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.total
