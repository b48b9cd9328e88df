"""Keras fit on a tf.data pipeline whose map function logs with tf.print, with validation."""
import tensorflow as tf


def scale(x, y):
    tf.print("batch mean", tf.reduce_mean(x))
    return x / 4.0, y


def main():
    x = tf.reshape(tf.range(32, dtype=tf.float32), (16, 2))
    y = tf.reduce_sum(x, axis=1, keepdims=True)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(8).map(scale)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    history = model.fit(ds, validation_data=ds, epochs=2, verbose=0)
    return sorted(history.history)


if __name__ == "__main__":
    print(main())
