"""A module that tells Keras to run eagerly: its Keras methods are graph code on a name's word only.

The review corpus (keras-io debugging_tips): ``compile(run_eagerly=True)`` makes ``fit`` call
``train_step`` as plain Python, so prints there run on every step. Which of the module's models
are compiled that way is not plain from the code (factories, redefined classes), so the Keras
methods' findings drop to LOW (off by default). tf.functions in the same module are unaffected.
"""
import tensorflow as tf
from tensorflow import keras


class Debugged(keras.Model):
    def train_step(self, data):
        x, y = data
        print("step", x)  # low: [python-print-in-graph]
        self.step_counter += 1  # low: [python-state-mutation]
        return {"loss": 0.0}


@tf.function
def explicit(x):
    print("value", x)  # [python-print-in-graph]
    return x


def build():
    inputs = keras.Input((4,))
    return Debugged(inputs, keras.layers.Dense(1)(inputs))


model = build()
model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
model.step_counter = 0
