from speechkit.backend import keras
from speechkit.compute import backend


class Jitter(keras.layers.Layer):
    def call(self, inputs):
        print("jitter", inputs)  # [python-print-in-graph]
        return inputs


@backend.function
def maybe_traced(x):
    print("maybe", x)
    return x
