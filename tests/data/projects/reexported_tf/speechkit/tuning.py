from speechkit.compat import keras


class Gate(keras.layers.Layer):
    def call(self, inputs):
        print("gate", inputs)  # [python-print-in-graph]
        return inputs
