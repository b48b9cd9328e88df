"""TFG201: the module's own Keras layer that builds a smaller copy of itself in ``__init__`` (a
DLA-style tree of blocks) is still a layer with variables when a traced ``call`` makes it: the
linter follows the recursion once, without end-less descent (shape of calmisential's
CenterNet_TensorFlow2 core/models/dla.py, https://github.com/calmisential/CenterNet_TensorFlow2).
Twin: the same tree whose leaves hold no weights is silent."""
import tensorflow as tf


class Tree(tf.keras.layers.Layer):
    def __init__(self, levels, **kwargs):
        super().__init__(**kwargs)
        if levels == 1:
            self.leaf = tf.keras.layers.Dense(4)
        else:
            self.left = Tree(levels - 1)
            self.right = Tree(levels - 1)

    def call(self, x):
        return x


class Shell(tf.keras.layers.Layer):
    def __init__(self, levels, **kwargs):
        super().__init__(**kwargs)
        if levels > 1:
            self.inner = Shell(levels - 1)

    def call(self, x):
        return x


class Model(tf.keras.Model):
    def call(self, x):
        x = Tree(3)(x)  # [variable-created-in-graph]
        return Shell(3)(x)


def main():
    Model()(tf.zeros([1, 4]))
