"""Distributed training guide: OneDeviceStrategy on the CPU, a Keras model built and fit in scope."""
import numpy as np
import tensorflow as tf


def main():
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    x = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]], "float32")
    y = x.sum(axis=1, keepdims=True)
    history = model.fit(x, y, epochs=2, batch_size=2, verbose=0, shuffle=False)
    return [round(v, 4) for v in history.history["loss"]]


if __name__ == "__main__":
    print(main())
