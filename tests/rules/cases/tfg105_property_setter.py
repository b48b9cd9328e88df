"""TFG105: ``self.state = ...`` where ``state`` is a property whose setter keeps the value in
TensorFlow state (``v.assign(value)``) calls the setter: no Python attribute is rebound, and the
assignment runs the setter's ops on every call. Shape of a model-based RL agent whose traced
``reset`` and ``observe`` assign ``self.state`` through a tf.function setter that assigns the
agent's tf.Variables.
Twins stay reported: a setter that rebinds a Python attribute itself (the rebinding then happens
once per trace, through the setter), a plain attribute of the same class, and a class whose
``state`` is a plain attribute although another class of the module has a ``state`` setter.
"""
import tensorflow as tf


class Agent:
    def __init__(self):
        self._state = tuple(tf.Variable(tf.zeros([4])) for _ in range(2))
        self.steps = 0

    @property
    def state(self):
        return self._state

    @state.setter
    @tf.function
    def state(self, value):
        for s, v in zip(self._state, value):
            s.assign(v)

    @tf.function
    def reset(self):
        self.state = tuple(tf.zeros_like(s) for s in self.state)  # through the setter: silent

    @tf.function
    def count(self):
        self.steps = self.steps + 1  # [python-state-mutation]
        return self.steps


class PlanningAgent(Agent):
    @tf.function
    def observe(self, x):
        self.state = tuple(s + x for s in self.state)  # the base's setter: silent
        return x


class PythonSetter:
    def __init__(self):
        self._total = 0.0

    @property
    def total(self):
        return self._total

    @total.setter
    def total(self, value):
        self._total = value

    @tf.function
    def add(self, x):
        self.total = self.total + 1.0  # [python-state-mutation]
        return x


class PlainState:
    def __init__(self):
        self.state = 0

    @tf.function
    def step(self, x):
        self.state = self.state + 1  # [python-state-mutation]
        return x
