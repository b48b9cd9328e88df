"""TFG105: a tf.function method that keeps its tensor argument on self for other methods to read.

The attribute holds the symbolic tensor of the trace: another method reading it later gets a
graph tensor ("An op outside of the function building code is being passed a Graph tensor").
Shape of a public report: https://github.com/alpha-davidson/TensorBNN/issues/2 (@tf.function
methods of a layer object assigning its state; the maintainer's fix removed the decorators).
A Keras metric's update_state is traced by Keras too, and its result() returns what the attribute
holds: the symbolic tensor of the trace (fit's history shows them). Shape of
https://github.com/tensorflow/tfx/issues/2861.
Twins stay silent: an attribute nothing else reads,
a value that is not a tensor, a Keras call() and a plain method; in a metric, a weight updated
with assign(), a Python value, and a tensor stored by a method Keras does not trace.
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


class LastMean(tf.keras.metrics.Metric):
    def __init__(self, name="last_mean", **kwargs):
        super().__init__(name=name, **kwargs)
        self.mean = tf.constant(0.0)
        self.total = self.add_weight(name="total", initializer="zeros")
        self.calls = "none"
        self.scratch = None

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean = tf.reduce_mean(y_pred)  # [python-state-mutation]
        self.total.assign_add(tf.reduce_sum(y_pred))  # a weight, updated in place
        self.calls = "some"  # a Python value, the same on every call
        self.scratch = tf.reduce_max(y_true)  # nothing else reads it

    def result(self):
        return self.mean + self.total

    def describe(self):
        return self.calls

    def set_from(self, values):
        self.mean = tf.reduce_mean(values)  # not traced by Keras


class SumOfSquares(tf.keras.losses.Loss):
    def call(self, y_true, y_pred):
        self.last_error = y_true - y_pred  # not a metric's update_state
        return tf.reduce_sum(tf.square(self.last_error))

    def error(self):
        return self.last_error
