"""TFG301: an input_signature turns Python numbers into tensors; type hints no longer do.

experimental_follow_type_hints converted arguments annotated tf.Tensor in older TensorFlow;
TensorFlow 2.16 retraces anyway, so they are reported with confidence INFERENCE.
"""
import tensorflow as tf

SPEC = (tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int32))


@tf.function(input_signature=SPEC)
def with_signature(x, step):
    return x


def plain(x, step):
    return x


wrapped_with_signature = tf.function(plain, input_signature=SPEC)
positional_signature = tf.function(plain, SPEC)


@tf.function(experimental_follow_type_hints=True)  # [deprecated-tf-function-argument]
def hinted(x: tf.Tensor, step: tf.Tensor, lr: float):
    return x


@tf.function
def hints_ignored(x: tf.Tensor, step: tf.Tensor):
    return x


def main():
    with_signature(1.0, 1)
    with_signature(2.0, 2)
    for i in range(3):
        with_signature(1.0, i)
        wrapped_with_signature(1.0, i)
        positional_signature(1.0, step=i)
        hinted(1.0, i, 0.1)  # [python-scalar-argument]
        hinted(1.0, i, lr=i * 0.1)  # [python-scalar-argument]
        hints_ignored(1.0, i)  # [python-scalar-argument]
