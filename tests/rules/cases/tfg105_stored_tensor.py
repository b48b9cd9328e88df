"""TFG105: a tf.function method that keeps its tensor argument on self for other methods to read.

The attribute holds the symbolic tensor of the trace: another method reading it later gets a
graph tensor ("An op outside of the function building code is being passed a Graph tensor").
Shape of a public report: https://github.com/alpha-davidson/TensorBNN/issues/2 (@tf.function
methods of a layer object assigning its state; the maintainer's fix removed the decorators).
Twins stay silent: an attribute nothing else reads,
a value that is not a tensor, a Keras call() and a plain method.
"""
import tensorflow as tf


class Agent:
    def __init__(self):
        self.last_obs = None
        self.last_action = None
        self.steps = None
        self.mode = None

    @tf.function
    def act(self, obs):
        self.last_obs = obs  # [python-state-mutation]
        self.last_action = tf.argmax(obs, axis=-1)  # [python-state-mutation]
        self.steps = obs  # nothing else reads it
        self.mode = "greedy"  # a Python value, the same on every call
        return self.last_action

    def describe(self):
        return {"obs": self.last_obs, "action": self.last_action, "mode": self.mode}

    def observe(self, obs):
        self.last_obs = obs  # not traced
        return obs


class Head(tf.keras.layers.Layer):
    def call(self, x):
        self.last_input = x  # Keras layers keep symbolic outputs while building
        return x * 2

    def summary_input(self):
        return self.last_input
