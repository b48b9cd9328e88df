"""The twin of tf_options_pinned_old: from TensorFlow 2.12 on, the release requirements.txt asks
for, both options are deprecated aliases of reduce_retracing and jit_compile: reported."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True, experimental_compile=True)  # [deprecated-tf-function-argument]
def step(x):
    return x * 2.0


relaxed = tf.function(lambda x: x + 1.0, experimental_relax_shapes=True)  # [deprecated-tf-function-argument]
