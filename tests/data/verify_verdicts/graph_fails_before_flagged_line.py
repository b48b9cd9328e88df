"""Graph mode raises (an op XLA cannot compile, no hazard) before the flagged function is ever
called; the eager run goes on and calls it. The print finding is UNCONFIRMED, saying that graph
mode raised before its function was called."""
import tensorflow as tf


@tf.function(jit_compile=True)
def describe(x):
    return tf.strings.as_string(x)


@tf.function
def report(x):
    print("reporting")
    return x + 1.0


def main():
    label = describe(tf.constant(1.0))
    return float(report(tf.constant(1.0))), label.numpy().decode()


if __name__ == "__main__":
    print(main())
