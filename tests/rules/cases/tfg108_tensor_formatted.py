"""TFG108: formatting a tensor in graph code renders its trace-time description (6)."""
import logging

import tensorflow as tf

step = tf.Variable(0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def check(x):
    total = tf.reduce_sum(x)
    tf.print(f"total {total}")  # [tensor-formatted-at-trace]
    tf.print("step %d" % step)  # [tensor-formatted-at-trace]
    assert x.shape.rank == 1, "rank {} of {}".format(x.shape.rank, x)  # [tensor-formatted-at-trace]
    if total > 10.0:
        raise ValueError(f"too large: {total:.2f}")  # [tensor-formatted-at-trace]
    # Silent: static properties, Python values, and what TFG101/TFG103 report already.
    tf.print(f"shape {x.shape}, dtype {x.dtype}, name {step.name}")
    label = "batch %d" % 3
    print(f"got {x}")  # [python-print-in-graph]
    logging.info(f"total {total}")  # [python-side-effect-in-graph]
    tf.print("total", total, label)
    return tf.strings.format("total {}", total)


def eager_report(x):
    return f"value {tf.reduce_sum(x)}"  # not graph code: the value is concrete


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def check_input(value):
    # tensorflow/decision-forests' input checks: a static check raises while tracing, and the
    # tensor's description is what the message should show (silent). The twin above raises
    # behind a condition on a tensor.
    if len(value.shape) != 2:
        raise ValueError(f"expected a matrix, got {value}")
    if not isinstance(value, tf.Tensor):
        raise ValueError("not a tensor: {}".format(value))
    rows = tf.shape(value)
    if value.shape[0] == 0:
        # uncertainty-baselines' vrnn utils: the dynamic shape's description shows no number
        raise ValueError("empty input, shape {}".format(rows))  # [tensor-formatted-at-trace]
    return value


@tf.function
def tokenize(inputs):
    # keras-hub's tokenizers: the argument converted, then checked by its static rank; the
    # message shows the converted tensor's description (silent). The twin formats another
    # tensor than the one the check tests.
    inputs = tf.convert_to_tensor(inputs)
    counts = tf.strings.length(inputs)
    if inputs.shape.rank > 1:
        raise ValueError(f"inputs should have rank < 2. Received: {inputs}")
    if inputs.shape.rank == 0:
        raise ValueError(f"inputs should be batched. Lengths: {counts}")  # [tensor-formatted-at-trace]
    return counts


@tf.function
def to_matrix(tensor):
    # The static check read through a name bound to the rank (open_spiel's rcfr tensor_to_matrix
    # shape): silent. The twin's name is bound to a computed tensor's size, not a static property.
    tensor = tf.convert_to_tensor(tensor)
    rank = tensor.shape.rank
    if rank > 2:
        raise ValueError("Tensor {} has rank {} > 2.".format(tensor, rank))
    size = tf.size(tensor)
    if size == 0:
        raise ValueError("Tensor {} is empty.".format(tensor))  # [tensor-formatted-at-trace]
    return tensor


class LabelsMetric(tf.keras.metrics.Metric):
    """keras-rs' ranking metrics take labels as a tensor or as a dict of labels and mask. In the
    branch of ``isinstance(y_true, dict)`` y_true is a dict, no tensor: its text in the error is a
    dict's (silent). The twin formats it after the list branch has made it a tensor."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        if isinstance(y_true, dict):
            if "labels" not in y_true:
                raise ValueError(f"`labels` should be in `y_true`. Received: {y_true}")
            y_true = y_true["labels"]
        if isinstance(y_true, list):
            y_true = tf.stack(y_true)
            tf.print(f"stacked labels {y_true}")  # [tensor-formatted-at-trace]
        return y_pred

    def result(self):
        return 0.0
