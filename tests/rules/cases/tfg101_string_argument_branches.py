"""TFG101: output in a branch chosen by a Python string argument (a parameter defaulting to a
string, compared with a string) comes once per trace, as the branch can change only when
TensorFlow traces for a new value: LOW, off by default. Shape of an RL agent's dueling network
whose ``call`` prints an error message in the ``else`` of ``if estimator == "mean"``. The twins,
a flag whose default is no string (a tensor may be passed) and a message outside any branch, stay
reported; a print of text alone no longer claims to show symbolic tensors."""
import tensorflow as tf


class Dueling(tf.keras.Model):
    @tf.function
    def call(self, inputs, estimator="mean"):
        if estimator == "mean":
            output = inputs - tf.reduce_mean(inputs)
        elif estimator == "max":
            output = inputs - tf.reduce_max(inputs)
        else:
            print("Estimator must be either 'mean' or 'max'")  # low: [python-print-in-graph]
            output = inputs
        return output


@tf.function
def step(x, training=False):
    if training == "yes":  # compared with a string, but the default is no string: a tensor may come
        print("training step")  # [python-print-in-graph]
    print("step")  # [python-print-in-graph]
    return x
