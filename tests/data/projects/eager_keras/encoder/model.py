import tensorflow as tf

from encoder.layers import Attention


class Encoder(tf.keras.Model):
    def __init__(self, blocks):
        super().__init__()
        self.blocks = blocks
        self.attention = Attention(8)

    def call(self, inputs):
        print("encoding", inputs)  # low: [python-print-in-graph]
        x = inputs
        for _ in range(self.blocks):
            x = self.attention(x)
        return x
