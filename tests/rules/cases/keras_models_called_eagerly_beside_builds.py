"""A twin of keras_models_called_eagerly.py: a model called only in a plain loop, in a module that
also fits another model. Fitting traces the model it is called on and what that model holds; it
gives this module no symbolic tensor to call the looped model on, so the looped model's call runs
eagerly, once per call (analysis/symbolic_construction; an SSD trainer's label encoder, held out
2026-11-29). The twin is handed to the fitted model (a Sequential holding it): it stays graph code.
keras_models_called_eagerly_beside_inputs.py is the twin beside a ``keras.Input``."""
import tensorflow as tf


class LoopedBesideFit(tf.keras.Model):
    def call(self, x):
        print("looped", x)  # low: [python-print-in-graph]
        return x


class HeldByFitted(tf.keras.layers.Layer):
    def call(self, x):
        print("held", x)  # [python-print-in-graph]
        return x


class Fitted(tf.keras.Model):
    def call(self, x):
        return x


model = LoopedBesideFit()
for _ in range(3):
    model(tf.zeros((2, 4)))
held = HeldByFitted()
for _ in range(3):
    held(tf.zeros((2, 4)))
fitted = Fitted()
fitted.compile(loss="mse")
fitted.fit(tf.ones((2, 4)), tf.ones((2, 4)))
built = tf.keras.Sequential([held])
built.build(input_shape=(None, 4))
built.summary()
