import tensorflow as tf

import attention
from attention import Based, Causal, Handed, Rated, Spread, Switched


class Mine(Based):
    def __init__(self):
        super().__init__(causal=True)


class Block(tf.keras.layers.Layer):
    def __init__(self, options):
        super().__init__()
        self.rated = [Rated(), Rated(rate=0.0), attention.Rated(0.0)]
        self.causal = Causal(name="causal")
        self.switched = Switched(causal=True)
        self.factory = Handed
        self.mine = Mine()
        self.spread = Spread(**options)

    def call(self, x):
        for layer in self.rated:
            x = layer(x)
        x = self.causal(x)
        x = self.switched(x)
        x = self.factory()(x)
        x = self.mine(x)
        return self.spread(x)


@tf.function
def step(x):
    return Block({})(x)
