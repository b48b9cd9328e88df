"""Keras guide: fit on a tf.data.Dataset with a metric, then evaluate and predict."""
import numpy as np
import tensorflow as tf


def main():
    x = np.arange(24, dtype="float32").reshape(12, 2) / 24.0
    y = (x[:, 0] > 0.5).astype("float32")
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    model.fit(ds, epochs=1, verbose=0)
    loss, accuracy = model.evaluate(ds, verbose=0)
    predictions = model.predict(x[:3], verbose=0)
    return [round(loss, 4), round(accuracy, 4), predictions.shape]


if __name__ == "__main__":
    print(main())
