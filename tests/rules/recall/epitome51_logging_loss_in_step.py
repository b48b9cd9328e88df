"""Logging the running loss with tf.compat.v1.logging inside a decorated training method.

Source: https://github.com/YosefLab/epitome/issues/51
Hazard: the log call runs once at trace time and prints Tensor("Mean:0") instead of values.
"""
# category: decorated
import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        self.optimizer = tf.keras.optimizers.Adam()

    @tf.function
    def train_step(self, step, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        tf.compat.v1.logging.info("%s %s", step, loss)  # [python-side-effect-in-graph]
        return loss
