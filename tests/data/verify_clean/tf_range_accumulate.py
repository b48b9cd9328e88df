"""AutoGraph guide: a tf.range loop with a tensor accumulator and a tensor-dependent break."""
import tensorflow as tf


@tf.function
def sum_until(limit, cap):
    total = tf.constant(0)
    for i in tf.range(limit):
        if total > cap:
            break
        total += i
    return total


def main():
    return [int(sum_until(tf.constant(10), tf.constant(c))) for c in (5, 20)]


if __name__ == "__main__":
    print(main())
