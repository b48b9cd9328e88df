"""tf.while_loop in a tf.function whose body draws from tf.random and prints with tf.print."""
import tensorflow as tf


@tf.function
def noisy_sum(steps):
    def body(i, total):
        draw = tf.random.uniform(())
        tf.print("step", i)
        return i + 1, total + draw

    _, total = tf.while_loop(lambda i, t: i < steps, body, (tf.constant(0), tf.constant(0.0)))
    return total


def main():
    tf.random.set_seed(5)
    total = noisy_sum(tf.constant(4))
    return total.shape.rank


if __name__ == "__main__":
    print(main())
