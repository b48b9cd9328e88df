import tensorflow as tf

import trainkit.optimizers as optimizers
from trainkit.optimizers import get_optimizer


class Model:
    def __init__(self, optimizer="adam"):
        self.optimizer = get_optimizer(optimizer)
        self.second = optimizers.momentum()
        self.eager_only = optimizers.clipped()

    @tf.function
    def _train_step(self, variables, gradients):
        self.optimizer.optimize(variables=variables, gradients=gradients)
        self.second.optimize(variables, gradients)

    def report(self, variables, gradients):
        self.eager_only.optimize(variables, gradients)
        return self.optimizer.summary()
