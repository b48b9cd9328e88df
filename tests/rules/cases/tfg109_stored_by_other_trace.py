"""TFG109: a tf.function reads a self attribute in which another tf.function stores a tensor of its
own trace.

Shape of https://github.com/few-shot-learning/Keras-FewShotLearning/commit/5df3cb32086d6af035db6378184c8f2e5c63a8a5
(a layer's @tf.function ``set_support_set`` stores its input tensors on self; the @tf.function
``get_support_set``, with an empty input_signature, and the layer's @tf.function ``call`` read
them): the attribute holds a symbolic tensor of the other function's graph, which the reader's
graph cannot use. Twins stay silent: what the storing function keeps is a Python value or a static
shape, a helper that runs inside the storing function's own trace reads it, and a Keras metric's
result() reads what its update_state stored (both run in the graph of the step).
"""
import tensorflow as tf


class Support:
    def __init__(self):
        self.support = tf.constant([])
        self.scale = 1.0
        self.width = 0
        self.last = tf.constant(0.0)

    @tf.function
    def set_support(self, inputs):
        self.support = inputs  # [python-state-mutation]
        self.scale = 2.0  # a Python value, the same on every call
        self.width = inputs.shape[-1]  # a static shape entry

    @tf.function(input_signature=())
    def get_support(self):
        return self.support  # [mutable-attribute-capture]

    @tf.function
    def apply(self, x):
        return x * self.scale * self.width

    @tf.function
    def step(self, x):
        self.last = x  # [python-state-mutation]
        return self._doubled()

    def _doubled(self):
        return self.last * 2.0  # read inside the trace of the function that stored it


class LastMax(tf.keras.metrics.Metric):
    """Keras runs update_state and result() in the same step's graph: not another graph's tensor
    (that the value is the trace's is TFG105's finding)."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.top = tf.reduce_max(y_pred)  # [python-state-mutation]

    def result(self):
        return self.top
