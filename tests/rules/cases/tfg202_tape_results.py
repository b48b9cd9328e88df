"""TFG202 on what a GradientTape returns: NumPy on a gradient or Jacobian in graph code.

The shape of calico/basenji's Jacobian in a tf.function
(https://github.com/calico/basenji/commit/ca67117824fe4235fa6227ed791d523816cbe761): the Jacobian
of a variable made from the argument, squeezed with NumPy, which raises on a symbolic tensor
while tracing. The receiver must be shown to be a tape, and ``gradient``/``jacobian`` return one
tensor only when their sources are one.
"""
import numpy as np
import tensorflow as tf


class Gradients:
    def __init__(self, model):
        self.model = model
        self.weight = tf.Variable(1.0)

    @tf.function
    def jacobian(self, seq):
        window = tf.Variable(seq[:, 2:4, :], dtype=tf.float32)  # [variable-created-in-graph]
        with tf.GradientTape(persistent=True) as tape:
            preds = self.model(window)
        grads = tape.jacobian(preds, window)
        grads = np.squeeze(grads, axis=1)  # [eager-only-call-in-graph]
        return grads

    @tf.function
    def batch(self, x):
        tape = tf.GradientTape()
        with tape:
            tape.watch(x)
            y = x * x
        per_example = tape.batch_jacobian(y, x)
        return np.mean(per_example)  # [eager-only-call-in-graph]

    @tf.function
    def of_weight(self, x):
        with tf.GradientTape() as tape:
            loss = self.weight * x
        grad = tape.gradient(loss, sources=self.weight)
        return np.asarray(grad)  # [eager-only-call-in-graph]

    @tf.function
    def of_tensor(self, x):
        y = tf.reduce_sum(x, axis=0)
        with tf.GradientTape() as tape:
            tape.watch(y)
            loss = y * y
        return np.abs(tape.gradient(loss, y))  # [eager-only-call-in-graph]


# Silent: a list of sources gives a list of gradients (NumPy stacks eager ones), and a receiver
# only named ``tape`` is no tape.
@tf.function
def of_list(model, x):
    with tf.GradientTape() as tape:
        loss = model(x)
    grads = tape.gradient(loss, [model.kernel, model.bias])
    return len(np.shape(grads))


@tf.function
def of_variables(model, x):
    with tf.GradientTape() as tape:
        loss = model(x)
    grads = tape.gradient(loss, model.trainable_variables)
    return np.size(grads)


WEIGHT = tf.Variable(1.0)


@tf.function
def other_tape(tape, x):
    value = tape.jacobian(x, WEIGHT)
    return np.squeeze(value)


# Silent: in eager code NumPy converts the tape's tensors.
def eager_jacobian(x):
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = v * v
    return np.squeeze(tape.jacobian(y, v))
