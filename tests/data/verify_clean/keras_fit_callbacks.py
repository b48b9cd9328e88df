"""Keras fit with callbacks: early stopping, a learning-rate schedule and a custom logger."""
import numpy as np
import tensorflow as tf


class EpochLogger(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, "done")


def main():
    x = np.linspace(-1.0, 1.0, 32, dtype="float32").reshape(-1, 1)
    y = 2.0 * x - 1.0
    model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    callbacks = [
        tf.keras.callbacks.EarlyStopping(monitor="loss", patience=1),
        tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.9),
        EpochLogger(),
    ]
    history = model.fit(x, y, epochs=3, batch_size=16, verbose=0, shuffle=False, callbacks=callbacks)
    return len(history.history["loss"])


if __name__ == "__main__":
    print(main())
