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
