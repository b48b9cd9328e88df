"""TFG201: create-once guards on a computed slot of ``self``'s container, and ``KEY not in D``.

Shape of a Keras 3 optimizer whose ``update_step`` makes a per-variable buffer behind
``if self.buffers[self._get_variable_index(variable)] == None:`` (``== None`` asks what ``is None``
asks) or behind ``if "momentum" not in self.state[index]:`` whose block stores
``self.state[index]["momentum"]`` (NoteDancing/Note's shampoo, swats and lars optimizers,
https://github.com/NoteDancing/Note): the block runs while the slot is unset, on the first trace
only. Twins that stay reported: a test against 0, a block that stores another key or slot, a
slot rebound to None earlier in the same call, and an index the block rebinds before storing.
"""
import tensorflow as tf


class SlotBuffers(tf.keras.optimizers.Optimizer):
    def build(self, var_list):
        super().build(var_list)
        self.buffers = [None for _ in var_list]
        self.state = [dict() for _ in var_list]
        self.counts = [0 for _ in var_list]

    def update_step(self, gradient, variable, learning_rate):
        if self.buffers[self._get_variable_index(variable)] == None:
            self.buffers[self._get_variable_index(variable)] = tf.Variable(gradient)
        index = self._get_variable_index(variable)
        if None is self.buffers[index]:
            self.buffers[index] = tf.Variable(gradient)
        if "momentum" not in self.state[self._get_variable_index(variable)]:
            buf = self.state[self._get_variable_index(variable)]["momentum"] = tf.Variable(gradient)
        else:
            buf = self.state[self._get_variable_index(variable)]["momentum"]
        variable.assign_add(-learning_rate * buf)


class NotGuards(tf.keras.optimizers.Optimizer):
    def build(self, var_list):
        super().build(var_list)
        self.buffers = [None for _ in var_list]
        self.state = [dict() for _ in var_list]
        self.counts = [0 for _ in var_list]

    def update_step(self, gradient, variable, learning_rate):
        index = self._get_variable_index(variable)
        if self.counts[index] == 0:
            self.buffers[index] = tf.Variable(gradient)  # [variable-created-in-graph]
        if "momentum" not in self.state[index]:
            self.state[index]["velocity"] = tf.Variable(gradient)  # [variable-created-in-graph]
        if self.buffers[index] == None:
            self.buffers[index + 1] = tf.Variable(gradient)  # [variable-created-in-graph]
        if self.buffers[index] == None:
            index = index + 1
            self.buffers[index] = tf.Variable(gradient)  # [variable-created-in-graph]
        variable.assign_add(-learning_rate * gradient)


class ResetPerCall(tf.keras.optimizers.Optimizer):
    def build(self, var_list):
        super().build(var_list)
        self.buffers = [None for _ in var_list]

    def update_step(self, gradient, variable, learning_rate):
        index = self._get_variable_index(variable)
        self.buffers[index] = None
        if self.buffers[index] == None:
            self.buffers[index] = tf.Variable(gradient)  # [variable-created-in-graph]
        variable.assign_add(-learning_rate * self.buffers[index])
