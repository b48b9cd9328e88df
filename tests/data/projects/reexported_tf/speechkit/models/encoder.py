# Two levels up, and through a module that itself imports Keras from the package
# (``from ..layers import keras``: layers.py has ``from speechkit.backend import keras``).
from ..layers import keras
from ..features import frames


class Encoder(keras.Model):
    def call(self, inputs):
        print("encoding", inputs)  # [python-print-in-graph]
        return frames(inputs)


# A relative import of the package's own function is no TensorFlow: a plain helper, silent.
def describe(x):
    print("frames of", x)
    return frames
