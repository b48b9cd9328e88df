"""TFG201: the module's own Keras layers, and layers a lambda kept on self makes, built per call."""
import tensorflow as tf


class Bottleneck(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.conv = tf.keras.layers.Dense(width)

    def call(self, x):
        return tf.nn.relu(self.conv(x))


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(input_shape[-1],))

    def call(self, x):
        return x * self.scale


class Doubled(Scale):
    pass


class Passthrough(tf.keras.layers.Layer):
    def call(self, x):
        return x * 2.0


class DenseBlock(tf.keras.layers.Layer):
    def __init__(self, depth):
        super().__init__()
        self.depth = depth
        self.kept = Bottleneck(8)

    def grow(self, x):
        return Bottleneck(8)(x)  # [variable-created-in-graph]

    def call(self, x):
        for _ in range(self.depth):
            x = tf.concat([x, self.grow(x)], axis=-1)
        x = Doubled()(x)  # [variable-created-in-graph]
        x = Passthrough()(x)
        return self.kept(x)


class ResidualBlock(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.conv = lambda x: tf.keras.layers.Dense(width)(x)  # [variable-created-in-graph]
        self.act = lambda x: tf.nn.leaky_relu(x, 0.2)
        self.dense = tf.keras.layers.Dense(width)
        self.project = lambda x: self.dense(x)

    def call(self, x):
        return x + self.act(self.conv(x)) + self.project(x)


def build_model():
    inputs = tf.keras.Input((4,))
    x = Bottleneck(8)(inputs)
    return tf.keras.Model(inputs, Scale()(x))
