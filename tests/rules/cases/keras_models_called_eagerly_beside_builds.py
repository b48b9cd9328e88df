"""A twin of keras_models_called_eagerly.py: a model called only in a plain loop, in a module that
also fits a model. Fitting traces what it runs, and which model it runs is not followed here, so
the model stays graph code (analysis/symbolic_construction); keras_models_called_eagerly_beside_inputs.py
is the twin beside a ``keras.Input``."""
import tensorflow as tf


class LoopedBesideFit(tf.keras.Model):
    def call(self, x):
        print("looped", x)  # [python-print-in-graph]
        return x


class Fitted(tf.keras.Model):
    def call(self, x):
        return x


model = LoopedBesideFit()
for _ in range(3):
    model(tf.zeros((2, 4)))
fitted = Fitted()
fitted.compile(loss="mse")
fitted.fit(tf.ones((2, 4)), tf.ones((2, 4)))

