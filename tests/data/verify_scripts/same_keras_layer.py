"""A Keras layer built outside a tf.function and called inside it."""
import tensorflow as tf

layer = tf.keras.layers.Dense(2, kernel_initializer="ones")


@tf.function
def apply(x):
    return layer(x)


def main():
    x = tf.ones((1, 3))
    return [apply(x).numpy().tolist() for _ in range(2)], layer.name
