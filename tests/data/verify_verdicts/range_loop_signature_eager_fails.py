"""Corrected code: a tf.range loop under an input_signature. A leftover unused lookup fails only
in the eager reference run (graph mode prunes it): ERROR, never MISSED."""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def running_max(values):
    best = values[0]
    unused = tf.gather(values, tf.size(values) + 3)
    for i in tf.range(1, tf.size(values)):
        best = tf.maximum(best, values[i])
    return best


def main():
    return float(running_max(tf.constant([1.0, 5.0, 2.0])))


if __name__ == "__main__":
    print(main())
