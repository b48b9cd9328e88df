"""Optimizers a training step gets from factories of this module (shape of
https://github.com/NEGU93/cvnn/commit/2a1dcaa086b5726fef274811e21ea5b1111b2798): a registry dict
of instances, and a factory that constructs one."""
import tensorflow as tf


class Adam:
    def __init__(self):
        self.iter = 1

    def optimize(self, variables, gradients):
        for val, grad in zip(variables, gradients):
            val.assign_sub(0.01 * grad / (1 - 0.9 ** self.iter))
        self.iter += 1  # [python-state-mutation]

    def summary(self):
        self.iter += 0  # called only eagerly: silent
        return "adam"


class Momentum:
    def __init__(self):
        self.steps = 0

    def optimize(self, variables, gradients):
        for val, grad in zip(variables, gradients):
            val.assign_sub(0.01 * grad)
        self.steps += 1  # [python-state-mutation]


class Clipped:
    """Made by a factory no traced code's instance comes from: silent."""

    def __init__(self):
        self.steps = 0

    def optimize(self, variables, gradients):
        self.steps += 1
        return tf.clip_by_global_norm(gradients, 1.0)


REGISTRY = {"adam": Adam(), "sgd": Adam()}


def get_optimizer(name):
    return REGISTRY[name]


def momentum():
    return Momentum()


def clipped():
    return Clipped()

