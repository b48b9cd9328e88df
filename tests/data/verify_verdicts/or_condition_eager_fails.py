"""Corrected code: an `or` of tensor conditions, which AutoGraph converts. A leftover debugging
lookup is out of range; graph mode prunes it (its value is unused), the eager reference run
executes it and raises. Only one mode fails, on no hazard: ERROR, never MISSED."""
import tensorflow as tf

table = tf.constant([1.0, 2.0, 3.0])


@tf.function
def pick(i, threshold):
    debug_row = tf.gather(table, i + 5)  # unused: pruned from the graph
    if tf.gather(table, i) > threshold or i > 1:
        return tf.gather(table, i)
    return tf.constant(0.0)


def main():
    return [float(pick(tf.constant(i), tf.constant(1.5))) for i in range(3)]


if __name__ == "__main__":
    print(main())
