"""TFG303: a loop over range(self.n) where n is a constructor argument with a Python-int default.

Keras objects are configured with Python numbers (they size weights and go into get_config()),
so ``range(self.iterations)`` in a traced ``call`` is unrolled: INFERENCE, as the module does not
show every construction. Twins stay silent: a count with no default (its kind unknown), a count
that build() replaces with a tensor, a loop whose index picks from a Python list of layers; and
a default of sixteen or fewer is LOW (as a small fixed count).
"""
import tensorflow as tf


class Refine(tf.keras.layers.Layer):
    def __init__(self, iterations=32, passes=12, **kwargs):
        super().__init__(**kwargs)
        self.iterations = iterations
        self.passes = passes
        self.dense = tf.keras.layers.Dense(4)

    def call(self, x):
        for _ in range(self.iterations):  # [python-range-loop]
            x = x + self.dense(x)
        for _ in range(self.passes):  # low: [python-range-loop]
            x = tf.nn.relu(x)
        return x


class Routing(tf.keras.layers.Layer):
    def __init__(self, rounds, **kwargs):
        super().__init__(**kwargs)
        self.rounds = rounds  # no default: a Python int, or a tensor a caller passes

    def call(self, x):
        for _ in range(self.rounds):
            x = tf.nn.softmax(x)
        return x


class Dynamic(tf.keras.layers.Layer):
    def __init__(self, steps=8, **kwargs):
        super().__init__(**kwargs)
        self.steps = steps

    def build(self, shape):
        self.steps = tf.shape(shape)[0]  # a tensor from here on

    def call(self, x):
        for _ in range(self.steps):
            x = x * 0.5
        return x


class Stack(tf.keras.layers.Layer):
    def __init__(self, depth=6, **kwargs):
        super().__init__(**kwargs)
        self.depth = depth
        self.blocks = [tf.keras.layers.Dense(4) for _ in range(depth)]

    def call(self, x):
        for i in range(self.depth):
            x = self.blocks[i](x)  # the index picks a Python object
        return x


class Head(tf.keras.layers.Layer):
    """The index goes to a helper that picks this repeat's layer from a Python list (automl's
    EfficientDet heads): the loop must stay a Python loop."""

    def __init__(self, repeats=4, **kwargs):
        super().__init__(**kwargs)
        self.repeats = repeats
        self.convs = [tf.keras.layers.Dense(4) for _ in range(repeats)]

    def _apply(self, x, i):
        return self.convs[i](x)

    def call(self, x):
        for i in range(self.repeats):
            x = self._apply(x, i)
        return x
