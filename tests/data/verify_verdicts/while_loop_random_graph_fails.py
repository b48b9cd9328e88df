"""Corrected code: tf.while_loop with tf.random in its body, compiled with XLA; a string op in the
body has no XLA kernel, so only graph mode raises. Not any finding's mechanism: never MISSED."""
import tensorflow as tf


@tf.function(jit_compile=True)
def walk(steps):
    def body(i, position, label):
        position += tf.random.uniform([], -1.0, 1.0, seed=1)
        return i + 1, position, tf.strings.as_string(position)

    _, position, label = tf.while_loop(lambda i, p, s: i < steps, body,
                                       (tf.constant(0), tf.constant(0.0), tf.constant("")))
    return position


def main():
    return round(float(walk(tf.constant(3))), 3) is not None


if __name__ == "__main__":
    print(main())
