"""Optimizers a training step gets from factories of this module (shape of
https://github.com/NEGU93/cvnn/commit/2a1dcaa086b5726fef274811e21ea5b1111b2798): a factory that
hands back an instance it is given or one of a registry dict of instances bound below it, and a
factory that constructs one."""
from abc import ABC

import tensorflow as tf


def get_optimizer(optimizer):
    if isinstance(optimizer, Optimizer):
        return optimizer
    elif isinstance(optimizer, str):
        try:
            return REGISTRY[optimizer.lower()]
        except KeyError:
            raise ValueError(f"unknown optimizer {optimizer}")


class Optimizer(ABC):
    def optimize(self, variables, gradients):
        pass

    def summary(self):
        return ""


class Adam(Optimizer):
    def __init__(self):
        self.iter = 1

    def optimize(self, variables, gradients):
        for val, grad in zip(variables, gradients):
            val.assign_sub(0.01 * grad / (1 - 0.9 ** self.iter))
        self.iter += 1  # [python-state-mutation]

    def summary(self):
        self.iter += 0  # called only eagerly: silent
        return "adam"


class Momentum(Optimizer):
    def __init__(self):
        self.steps = 0

    def optimize(self, variables, gradients):
        for val, grad in zip(variables, gradients):
            val.assign_sub(0.01 * grad)
        self.steps += 1  # [python-state-mutation]


class Clipped(Optimizer):
    """Made by a factory no traced code's instance comes from: silent."""

    def __init__(self):
        self.steps = 0

    def optimize(self, variables, gradients):
        self.steps += 1
        return tf.clip_by_global_norm(gradients, 1.0)


def momentum():
    return Momentum()


def clipped():
    return Clipped()


REGISTRY = {
    "adam": Adam(),
    "sgd": Adam(),
}
