"""tf.while_loop guide: loop variables, a condition and a body, in and out of tf.function."""
import tensorflow as tf


def collatz_steps(n):
    def cond(value, steps):
        return value > 1

    def body(value, steps):
        value = tf.where(value % 2 == 0, value // 2, 3 * value + 1)
        return value, steps + 1

    _, steps = tf.while_loop(cond, body, (n, tf.constant(0)))
    return steps


def main():
    graph_steps = tf.function(collatz_steps)
    values = [6, 7, 27]
    return [int(graph_steps(tf.constant(v))) for v in values]


if __name__ == "__main__":
    print(main())
