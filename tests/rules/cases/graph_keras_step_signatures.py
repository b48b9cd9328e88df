"""Keras's loops call train_step/test_step/predict_step with the batch as one positional
argument: a step method that cannot take it is the project's own, which its code calls directly."""
import numpy as np
from tensorflow import keras


class Generator(keras.Model):
    def train_step(self):
        # no data parameter: Keras cannot call it; the training loop of the project does, eagerly
        print("epoch done")
        return np.random.choice(10)

    def test_step(self, *, batch):
        print(batch)  # keyword-only: Keras passes the batch positionally, so never Keras's
        return {}


class Discriminator(keras.Model):
    def train_step(self, data):
        print(data)  # [python-print-in-graph]
        return {}

    def test_step(self, *args):
        print(args)  # [python-print-in-graph]
        return {}

    def predict_step(self, data=None):
        print(data)  # [python-print-in-graph]
        return data


def fit_all(generator, discriminator, data):
    for _ in range(3):
        generator.train_step()
    discriminator.fit(data)
