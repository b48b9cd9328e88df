"""Fixed twin of epitome51_logging_loss_in_step.py: return the loss and log it eagerly.

Source: https://github.com/YosefLab/epitome/issues/51 ("we need to evaluate" the loss outside)
"""
# category: decorated
import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        self.optimizer = tf.keras.optimizers.Adam()

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss

    def fit(self, batches):
        for step, (x, y) in enumerate(batches):
            loss = self.train_step(x, y)
            tf.compat.v1.logging.info("%s %s", step, float(loss))
