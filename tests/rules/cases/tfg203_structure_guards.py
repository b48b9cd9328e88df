"""TFG203: len() of a value the code takes only when it is a structure, not a tensor.

``tf.nest.is_nested(y_pred) and len(y_pred) == 2`` evaluates len() only for a list, tuple or dict
of outputs (Keras's compile_utils matches outputs so); likewise after ``isinstance(y, (list,
tuple)) and``. A tensor short-circuits before len(), so there the name holds no tensor (tensor
evidence): silent. The twin asks len() of the tensor itself.
"""
import tensorflow as tf


class Outputs(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = tf.convert_to_tensor(y_true)
        y_pred = tf.convert_to_tensor(y_pred)
        several = tf.nest.is_nested(y_pred) and len(y_pred) == 2
        listed = isinstance(y_true, (list, tuple)) and len(y_true) > 1
        count = len(y_pred)  # [tensor-used-as-python-value]
        self.total.assign_add(float(several) + float(listed) + float(count))

    def result(self):
        return self.total


def scaled_loss(loss, normalizer=1.0):
    # ``normalizer != 1.0`` runs only for a Python number: a tensor short-circuits the ``or``;
    # the twin tests another name, so the comparison does run on the tensor.
    assert isinstance(normalizer, tf.Tensor) or normalizer != 1.0
    assert not tf.is_tensor(normalizer) and normalizer > 0 or loss is not None
    assert isinstance(loss, tf.Tensor) or normalizer != 1.0  # [tensor-used-as-python-value]
    return loss / normalizer


@tf.function
def normalized(x):
    return scaled_loss(tf.reduce_sum(x), tf.cast(tf.size(x), tf.float32))
