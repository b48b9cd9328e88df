"""The project allows TensorFlow 2.2 to the newest: reduce_retracing would fail on 2.2 to 2.8, so
the deprecated option is LOW, saying so; jit_compile exists on none of 2.2 to 2.4 either."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True)  # low: [deprecated-tf-function-argument]
def step(x):
    print("step", x)  # [python-print-in-graph]
    return x * 2.0


compiled = tf.function(lambda x: x + 1.0, experimental_compile=True)  # low: [deprecated-tf-function-argument]
