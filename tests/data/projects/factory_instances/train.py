import tensorflow as tf

import optimizers
from optimizers import get_optimizer


class Trainer:
    def __init__(self, name):
        self.optimizer = get_optimizer(name)
        self.second = optimizers.momentum()
        self.eager_only = optimizers.clipped()

    @tf.function
    def train_step(self, variables, gradients):
        self.optimizer.optimize(variables, gradients)
        self.second.optimize(variables, gradients)

    def report(self, variables, gradients):
        self.eager_only.optimize(variables, gradients)
        return self.optimizer.summary()
