"""tf.print runs on every call, in graph mode as eagerly, interleaved with Python prints."""
import tensorflow as tf


@tf.function
def show(x):
    tf.print("value:", x)
    tf.print("on stderr too:", x * 2)
    return x


def main():
    for i in range(3):
        print("before call", i)
        show(tf.constant(i))
