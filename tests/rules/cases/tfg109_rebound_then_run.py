"""TFG109 when the rebinding method runs the reader itself, in the same trace, right after binding.

A Keras method has no graph of its own: ``self.update_step(...)`` in the optimizer's own hook runs
its Python inside whatever runs the hook (Keras' traced train step), so what it reads is what the
hook has just bound there, never a value an earlier trace kept (an optimizer that keeps
``self.grads = grads`` for a clipping helper of ``update_step``). LOW: other calls of the Keras
method, not through the hook, are not shown to bind it first. Twins stay INFERENCE: the binding
in a branch that may not run, the call before the binding, and a tf.function (its own graph,
which a call runs without its Python).
"""
import tensorflow as tf


class Clipped(tf.keras.optimizers.Optimizer):
    def _backend_update_step(self, grads, trainable_variables, learning_rate):
        self.grads = grads
        self.update_step(grads, trainable_variables, learning_rate)

    def _norm(self):
        return tf.norm(tf.stack([tf.norm(g) for g in self.grads]))  # low: [mutable-attribute-capture]

    def update_step(self, gradient, variable, learning_rate):
        variable.assign_sub(learning_rate * gradient / self._norm())


class Gated(tf.keras.layers.Layer):
    def apply_gate(self, gate, x):
        self.gate = gate
        y = x + 1.0
        return self.call(y)

    def call(self, x):
        return x * self.gate  # low: [mutable-attribute-capture]


class GatedInBranch(tf.keras.layers.Layer):
    def apply_gate(self, gate, x):
        if gate is not None:
            self.gate = gate
        return self.call(x)

    def call(self, x):
        return x * self.gate  # [mutable-attribute-capture]


class GatedAfterCall(tf.keras.layers.Layer):
    def apply_gate(self, gate, x):
        y = self.call(x)
        self.gate = gate
        return y + self.call(x)

    def call(self, x):
        return x * self.gate  # [mutable-attribute-capture]


class GatedAfterBranchCall(tf.keras.layers.Layer):
    def apply_gate(self, gate, x):
        if gate is None:
            x = self.call(x)
        self.gate = gate
        return self.call(x)

    def call(self, x):
        return x * self.gate  # [mutable-attribute-capture]


class Scaled:
    def rescale(self, scale, x):
        self.scale = scale
        return self.run(x)

    @tf.function
    def run(self, x):
        return x * self.scale  # [mutable-attribute-capture]
