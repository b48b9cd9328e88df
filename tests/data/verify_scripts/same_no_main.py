"""No main(): the script runs as __main__, guard included."""
import tensorflow as tf


@tf.function
def inc(x):
    return x + 1


if __name__ == "__main__":
    print("result:", int(inc(tf.constant(1))))
