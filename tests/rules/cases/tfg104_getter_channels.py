"""TFG104: a list a Keras model makes anew at the start of every call and fills per layer, which
other code reads only through a getter (``return self.<attr>``) that callers ask after calling the
model, in their own trace (nlpgnn's BERT and ALBERT wrappers, ``get_all_encoder_layers()``): each
trace reads what it stored itself, LOW. The twins: a list the call does not make anew, and one that
a method other than a getter reads eagerly, stay reported."""
import tensorflow as tf


class Encoder(tf.keras.Model):
    def __init__(self, layers):
        super().__init__()
        self.blocks = layers

    def call(self, x):
        self.all_layer_outputs = []
        for block in self.blocks:
            x = block(x)
            self.all_layer_outputs.append(x)  # low: [outer-collection-mutation]
        return x

    def get_all_encoder_layers(self):
        return self.all_layer_outputs


class KeptEncoder(tf.keras.Model):
    def __init__(self, layers):
        super().__init__()
        self.blocks = layers
        self.outputs_seen = []

    def call(self, x):
        for block in self.blocks:
            x = block(x)
            self.outputs_seen.append(x)  # [outer-collection-mutation]
        return x

    def get_outputs_seen(self):
        return self.outputs_seen


class SummarisedEncoder(tf.keras.Model):
    def __init__(self, layers):
        super().__init__()
        self.blocks = layers

    def call(self, x):
        self.layer_outputs = []
        for block in self.blocks:
            x = block(x)
            self.layer_outputs.append(x)  # [outer-collection-mutation]
        return x

    def last_norm(self):
        return float(tf.norm(self.layer_outputs[-1]))
