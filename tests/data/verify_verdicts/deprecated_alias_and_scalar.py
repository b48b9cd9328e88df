"""experimental_relax_shapes (a deprecated alias: only a warning) on a function that retraces
because of Python-number arguments (TFG301). The retracing is TFG301's evidence, not TFG306's."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def scale(x, factor):
    return x * factor


def main():
    return [float(scale(tf.constant(2.0), factor)) for factor in (1.0, 2.0, 3.0)]


if __name__ == "__main__":
    print(main())
