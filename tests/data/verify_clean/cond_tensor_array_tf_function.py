"""tf.cond and a TensorArray filled in a tf.range loop inside a tf.function, with tf.print."""
import tensorflow as tf


@tf.function
def squares_or_negatives(n, negate):
    out = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        value = tf.cast(i * i, tf.float32)
        value = tf.cond(negate, lambda: -value, lambda: value)
        out = out.write(i, value)
    tf.print("filled", n)
    return out.stack()


def main():
    a = squares_or_negatives(tf.constant(4), tf.constant(False))
    b = squares_or_negatives(tf.constant(3), tf.constant(True))
    return [float(v) for v in a] + [float(v) for v in b]


if __name__ == "__main__":
    print(main())
