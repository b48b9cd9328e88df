"""On TensorFlow 2.4, the release requirements.txt pins, experimental_relax_shapes and
experimental_compile are tf.function's current options (reduce_retracing and jit_compile do not
exist yet): silent. The print runs once per trace on any release."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True, experimental_compile=True)
def step(x):
    print("step", x)  # [python-print-in-graph]
    return x * 2.0


relaxed = tf.function(lambda x: x + 1.0, experimental_relax_shapes=True)
