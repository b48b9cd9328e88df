"""A script that trains its Keras models in a plain GradientTape loop runs their ``call`` eagerly.

Nothing here traces: no tf.function, no ``fit``/``predict``/``compile``/``build``, no symbolic
``keras.Input`` (``np.save`` and a ``tf.train.Checkpoint``'s ``save`` trace nothing), and the only function handed to a graph builder calls functions, not models. A
counter in ``call`` then counts every call, as it means to: findings in these classes are LOW
(analysis/eager_scripts). The twins, where something does trace the model, are
keras_models_in_traced_scripts*.py.
"""
import numpy as np
import tensorflow as tf


class ODEFunc(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)
        self.nfe = 0

    def call(self, x):
        self.nfe += 1  # low: [python-state-mutation]
        return self.dense(x)


class Block(tf.keras.layers.Layer):
    def __init__(self, func):
        super().__init__()
        self.func = func
        self.calls = 0

    def call(self, x):
        self.calls += 1  # low: [python-state-mutation]
        return self.func(x)


def scale(x):
    return tf.cast(x, tf.float32) / 255.0


if __name__ == "__main__":
    data = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 4])).map(scale).batch(2)
    model = tf.keras.Sequential([Block(ODEFunc())])
    optimizer = tf.keras.optimizers.Adam()
    for batch in data:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(model(batch))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    checkpoint = tf.train.Checkpoint(model=model)
    checkpoint.save("/tmp/ckpt")
    np.save("/tmp/nfe.npy", np.zeros(1))
