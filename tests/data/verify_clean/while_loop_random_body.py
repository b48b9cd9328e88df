"""tf.while_loop with TensorFlow random ops in its body: a seeded stateless random walk."""
import tensorflow as tf


@tf.function
def walk(steps):
    def body(i, position):
        step = tf.random.stateless_uniform([], seed=tf.stack([i, 7]), minval=-1.0, maxval=1.0)
        return i + 1, position + step

    _, position = tf.while_loop(lambda i, p: i < steps, body, (tf.constant(0), tf.constant(0.0)))
    return position


def main():
    return round(float(walk(tf.constant(5))), 5)


if __name__ == "__main__":
    print(main())
