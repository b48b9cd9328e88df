# Once-flags cleared after the test in a block around it (after the loop, in the same with block):
# silent. The twins fire where the clear need not follow the test: it sits only in a nested
# function (which may never run), behind a ``return`` the guarded block takes, in the other branch
# of the ``if`` around the loop, or under a condition of its own.
import tensorflow as tf


class ClearedAfterTheLoopInAScope:
    """An optimizer's first step makes its slots; the clear follows the loop in the same ``with``
    block (shape of https://github.com/NEGU93/cvnn/commit/2a1dcaa086b5726fef274811e21ea5b1111b2798)."""

    def __init__(self):
        self.first_time = True
        self.velocity = []

    def optimize(self, variables, gradients):
        with tf.name_scope("sgd"):
            for i, val in enumerate(variables):
                if self.first_time:
                    self.velocity.append(tf.Variable(gradients[i]))
                else:
                    self.velocity[i].assign(0.9 * self.velocity[i] + gradients[i])
                val.assign_sub(0.01 * self.velocity[i])
            self.first_time = False


class StepsWithTheOptimizer:
    def __init__(self):
        self.optimizer = ClearedAfterTheLoopInAScope()

    @tf.function
    def train_step(self, variables, gradients):
        self.optimizer.optimize(variables, gradients)


# -- twins that fire --------------------------------------------------------------------------

class ClearedOnlyInANestedFunction:
    def __init__(self):
        self.first_call = True

    @tf.function
    def apply_gradients(self, variables):
        with tf.name_scope("sgd"):
            if self.first_call:
                self.v = tf.Variable(variables[0])  # [variable-created-in-graph]

            def finish():
                self.first_call = False

            return finish


class ReturnsBeforeTheClear:
    def __init__(self):
        self.first_call = True
        self.slots = []

    @tf.function
    def apply_gradients(self, variables):
        with tf.name_scope("sgd"):
            for v in variables:
                if self.first_call:
                    self.slots.append(tf.Variable(v))  # [variable-created-in-graph]
                    return v
            self.first_call = False


class ClearedInTheOtherBranch:
    def __init__(self):
        self.first_call = True
        self.slots = []

    @tf.function
    def apply_gradients(self, variables, warmup):
        with tf.name_scope("sgd"):
            if warmup:
                for v in variables:
                    if self.first_call:
                        self.slots.append(tf.Variable(v))  # [variable-created-in-graph]
            else:
                self.first_call = False


class ClearedUnderAConditionOfItsOwn:
    def __init__(self):
        self.first_call = True
        self.slots = []

    @tf.function
    def apply_gradients(self, variables):
        with tf.name_scope("sgd"):
            for v in variables:
                if self.first_call:
                    self.slots.append(tf.Variable(v))  # [variable-created-in-graph]
            if len(variables) > 1:
                self.first_call = False
