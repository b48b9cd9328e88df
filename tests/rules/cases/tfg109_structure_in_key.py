"""TFG109 on attributes graph code reads only for their structure, which the trace key holds.

A sampler keeps its chain's state list in ``self.states`` and rebinds it after every step to what
the traced step returns, passing ``self.states`` itself to the step: ``len(self.states)`` read
while tracing is the length of a list argument, which is in the trace key, so a list of another
length is another trace. Twins: a read of the values (``self.states[0]``), and a structure read of
an attribute the rebinding method does not pass to the traced method, stay reported.
"""
import tensorflow as tf


class Sampler:
    def __init__(self, states, scale, bounds):
        self.states = states
        self.scale = scale
        self.bounds = bounds
        self.weights = list(states)

    def run(self, steps, bounds):
        for _ in range(steps):
            self.states = self.step(self.states)
            self.bounds = list(bounds)
            self.weights = self.step(self.weights)
        return self.states

    @tf.function
    def step(self, states):
        if len(states) != len(self.states):  # the list's length is in the trace key: silent
            raise ValueError("wrong number of states")
        first = states[0] + self.weights[0]  # [mutable-attribute-capture]
        limit = len(self.bounds)  # [mutable-attribute-capture]
        return [state * tf.cast(limit, state.dtype) + first for state in states]
