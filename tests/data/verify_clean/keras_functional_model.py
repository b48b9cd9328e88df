"""Keras functional API guide: two inputs, a concatenation, a custom train_on_batch loop."""
import numpy as np
import tensorflow as tf


def main():
    a = tf.keras.Input((2,), name="a")
    b = tf.keras.Input((3,), name="b")
    merged = tf.keras.layers.Concatenate()([a, b])
    out = tf.keras.layers.Dense(1)(tf.keras.layers.Dense(4, activation="tanh")(merged))
    model = tf.keras.Model([a, b], out)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
    xa = np.ones((4, 2), "float32")
    xb = np.full((4, 3), 0.5, "float32")
    y = np.zeros((4, 1), "float32")
    losses = [round(float(model.train_on_batch([xa, xb], y)), 4) for _ in range(2)]
    return losses


if __name__ == "__main__":
    print(main())
