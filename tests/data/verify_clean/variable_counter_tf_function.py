"""State kept the TensorFlow way: a tf.Variable counter updated inside a tf.function."""
import tensorflow as tf

calls = tf.Variable(0)


@tf.function
def step(x):
    calls.assign_add(1)
    return x * 2


def main():
    for i in range(4):
        step(tf.constant(float(i)))
    return int(calls.numpy())


if __name__ == "__main__":
    print(main())
