"""TF random ops differ between modes only by their seeds: not a divergence."""
import tensorflow as tf

generator = tf.random.Generator.from_seed(7)


@tf.function
def draws():
    return tf.random.uniform(()), tf.random.normal((2,)), generator.normal(())


@tf.function
def coin(x):
    if tf.random.uniform(()) < 0.5:
        return -x
    return x


def main():
    values = [draws() for _ in range(3)]
    flips = [coin(tf.constant(1.0)).numpy().item() for _ in range(10)]
    print("first uniform draw:", float(values[0][0]))
    print("flips:", flips)
    return values, flips
