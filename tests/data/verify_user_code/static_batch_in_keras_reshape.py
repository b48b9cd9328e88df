"""x.shape[0] in a tf.reshape target in a Keras layer's call(), under fit().

In the shape of https://github.com/magenta/ddsp/commit/0cad1016f947a570b63830a4ec332350a5868a9e:
fit() traces call() with the dataset's unknown batch, so the entry is None and the reshape raises
TypeError; run eagerly, it is the batch size.
"""
# runtime: raises TypeError
import tensorflow as tf


class Halves(tf.keras.layers.Layer):
    def call(self, inputs):
        pairs = tf.reshape(inputs, [inputs.shape[0], 2, -1])  # [tensor-used-as-python-value]
        return tf.reduce_mean(pairs, axis=1)


def main():
    model = tf.keras.Sequential([Halves(), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    data = tf.data.Dataset.from_tensor_slices((tf.ones([8, 4]), tf.ones([8, 1]))).batch(4)
    history = model.fit(data, epochs=1, verbose=0)
    return [round(v, 3) for v in history.history["loss"]]
