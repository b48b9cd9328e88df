"""TFG104 on a collection attribute bound anew earlier in the same traced body, then filled.

``self.variables = self.model.trainable_variables`` (a Keras property: a new list per read) or a
copy of another list, then ``self.variables.extend(...)`` before the gradient: every trace fills
a list it made itself, so nothing piles up across calls (LOW). Twins: the same extend on a list
made once in ``__init__``, bound later than the extend, in a branch that may not run, or read
by eager code afterwards, stays reported.
"""
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self, model, extra):
        super().__init__()
        self.model = model
        self.extra = extra
        self.optimizer = tf.keras.optimizers.Adam()
        self.kept = []
        self.later = []
        self.sometimes = []

    def gradients(self, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(self.model(x))
        return tape.gradient(loss, self.variables)

    @tf.function
    def step(self, x, adaptive):
        self.variables = self.model.trainable_variables
        if adaptive:
            self.variables.extend(self.extra)  # low: [outer-collection-mutation]
        for _ in range(2):
            self.copied = list(self.extra)
            self.copied.append(x)  # low: [outer-collection-mutation]
        grads = self.gradients(x)
        self.kept.extend(self.extra)  # [outer-collection-mutation]
        self.later.append(x)  # [outer-collection-mutation]
        self.later = list(self.extra)
        if adaptive:
            self.sometimes = list(self.extra)
        self.sometimes.append(x)  # [outer-collection-mutation]
        self.shown = list(self.extra)
        self.shown.append(x)  # [outer-collection-mutation]
        self.optimizer.apply_gradients(zip(grads, self.variables))
        return self.copied

    def show(self):
        return len(self.shown)  # eager code reads what the trace left: the symbolic x
