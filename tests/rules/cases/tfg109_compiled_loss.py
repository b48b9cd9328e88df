"""TFG109 through a loss handed to ``self.model.compile``, read while Keras traces its train step.

Shape of Huixxi/TensorFlow2.0-for-Deep-Reinforcement-Learning (03_priority_replay.py and four
more agents, held out 2026-11-26): the compiled loss reads ``self.is_weight``, which
``train_step`` rebinds before every ``self.model.train_on_batch``. Keras traces the step once,
so every later batch is weighted by the first batch's weights (checked on TF 2.21: the loss
stays 0.0 after the weights change from zeros to ones). The model is what the module passes to
the agent's constructor (``PERAgent(Model(n), env)``), a Keras model. Twins: an agent whose
rebinding method never runs the compiled step (LOW, as before), and one built around an object
that is shown not to be a Keras model (silent: its ``compile`` is its own).
"""
import numpy as np
import tensorflow as tf


class Model(tf.keras.Model):
    def __init__(self, actions):
        super().__init__()
        self.head = tf.keras.layers.Dense(actions)

    def call(self, x):
        return self.head(x)


class Agent:
    def __init__(self, model):
        self.model = model
        self.is_weight = np.ones((8, 1), np.float32)
        self.model.compile(optimizer="adam", loss=self._per_loss)

    def _per_loss(self, y_target, y_pred):
        return tf.reduce_mean(self.is_weight * tf.math.squared_difference(y_target, y_pred))  # [mutable-attribute-capture]

    def train_step(self, states, targets, weights):
        self.is_weight = weights
        return self.model.train_on_batch(states, targets)


class Configured:
    def __init__(self, model):
        self.model = model
        self.scale = 1.0
        self.model.compile(optimizer="adam", loss=self._loss)

    def _loss(self, y_target, y_pred):
        return self.scale * tf.reduce_mean(tf.math.squared_difference(y_target, y_pred))  # low: [mutable-attribute-capture]

    def set_scale(self, scale):
        self.scale = scale


class Wrapped:
    def __init__(self, engine):
        self.model = engine
        self.is_weight = 1.0
        self.model.compile(optimizer="adam", loss=self._loss)

    def _loss(self, y_target, y_pred):
        return self.is_weight * tf.reduce_mean(y_target - y_pred)

    def train_step(self, states, targets, weights):
        self.is_weight = weights
        return self.model.train_on_batch(states, targets)


class Engine:
    def compile(self, optimizer, loss):
        self.loss = loss

    def train_on_batch(self, states, targets):
        return self.loss(targets, states)


agent = Agent(Model(4))
configured = Configured(Model(4))
wrapped = Wrapped(Engine())
