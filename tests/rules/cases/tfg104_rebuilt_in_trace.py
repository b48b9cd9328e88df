"""TFG104: an attribute rebound to a new list earlier in the same trace, then extended.

``self.variables = self.model.trainable_variables`` makes a new list on each read, so every
trace (and every eager call) starts from a fresh list: extending it with the extra variables
and reading it within the trace is a local in all but name (LOW when only graph code reads it).
Twins: a list the object keeps across calls, and one rebound to another object's list.
"""
import tensorflow as tf


class Trainer:
    def __init__(self, model):
        self.model = model
        self.extra = [tf.Variable(1.0)]
        self.kept = []
        self.shared = model.layers

    def grads(self):
        with tf.GradientTape() as tape:
            loss = tf.add_n([tf.reduce_sum(v) for v in self.variables])
        return tape.gradient(loss, self.variables)

    @tf.function
    def step(self):
        self.variables = self.model.trainable_variables
        self.variables.extend(self.extra)  # low: [outer-collection-mutation]
        self.kept.extend(self.extra)  # [outer-collection-mutation]
        self.others = self.shared
        self.others.append(tf.constant(1.0))  # [outer-collection-mutation]
        return self.grads()


def eager_reader(trainer):
    return len(trainer.weights_used)  # read outside graph code: the list is seen after the trace


class AdaptiveTrainer:
    """Rebound inside the branch (or loop) that holds the extend, and read by eager code too: LOW
    when the extend adds only objects that outlive the trace; the twin adds a traced tensor."""

    def __init__(self, model):
        self.model = model
        self.scales = [tf.Variable(1.0)]
        self.offset = tf.Variable(0.0)

    @tf.function
    def step(self, adaptive):
        if adaptive:
            self.weights_used = self.model.trainable_variables
            self.weights_used.extend([self.offset])  # low: [outer-collection-mutation]
            self.weights_used.extend(self.scales)  # low: [outer-collection-mutation]
        for _ in tf.range(2):
            self.weights_used = self.model.trainable_weights
            if adaptive:
                self.weights_used.extend([self.offset * 2.0])  # [outer-collection-mutation]
        return len(self.weights_used)
