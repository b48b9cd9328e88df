"""A correct TF2 program: tf.while_loop with tf.random in its body, results read eagerly."""
import tensorflow as tf


def body(i, total):
    return i + 1, total + tf.random.uniform(())


def main():
    i, total = tf.while_loop(lambda i, t: i < 5, body, (tf.constant(0), tf.constant(0.0)))
    print("steps", int(i), "eager", tf.executing_eagerly())
    return int(i)


if __name__ == "__main__":
    main()
