"""TFG109: an attribute first bound by a hook that the module calls once before the traced calls.

``Agent.shaping`` is ``None`` after ``__init__`` and bound only by ``before_training``, which
``train`` calls once, before its loop of ``step`` calls: the first trace of ``step`` runs after
the binding, so nothing it captured goes stale: silent. Twins: the hook is called inside the loop
(every call after the first rebinds what the first trace holds: LOW), and a hook the module never
calls (it may run after traces: LOW). Calls are matched by method name across the module, so
each twin has names of its own.
"""
import tensorflow as tf


class Agent:
    def __init__(self):
        self.shaping = None

    def before_training(self, shaping):
        self.shaping = shaping

    @tf.function
    def step(self, x):
        return self.shaping.potential(x)  # bound before the first trace: silent


def train(agent, shaping, data):
    agent.before_training(shaping)
    for x in data:
        agent.step(x)


class EpisodeAgent:
    def __init__(self):
        self.shaping = None

    def start_episode(self, shaping):
        self.shaping = shaping

    @tf.function
    def act(self, x):
        return self.shaping.potential(x)  # low: [mutable-attribute-capture]


def run(agent, shapings, data):
    for shaping, x in zip(shapings, data):
        agent.start_episode(shaping)
        agent.act(x)


class HookedAgent:
    def __init__(self):
        self.shaping = None

    def on_start(self, shaping):
        self.shaping = shaping

    @tf.function
    def evaluate(self, x):
        return self.shaping.potential(x)  # low: [mutable-attribute-capture]
