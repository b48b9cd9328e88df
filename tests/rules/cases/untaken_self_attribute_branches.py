"""A branch on the layer's own attribute that every construction in the module leaves untaken,
and code after an early return that every graph call takes, are not run by the traced program:
LOW, off by default (silent here). The twins, a layer some construction sets the attribute for
and a helper one call passes a rate to, still fire."""
import tensorflow as tf


def drop_path(inputs, drop_prob, is_training):
    if (not is_training) or (drop_prob == 0):
        return inputs
    shape = (tf.shape(inputs)[0],) + (1,) * (len(tf.shape(inputs)) - 1)  # low: [tensor-used-as-python-value]
    return inputs * tf.floor(1.0 - drop_prob + tf.random.uniform(shape))


def drop_path_twin(inputs, drop_prob, is_training):
    if (not is_training) or (drop_prob == 0):
        return inputs
    shape = (tf.shape(inputs)[0],) + (1,) * (len(tf.shape(inputs)) - 1)  # [tensor-used-as-python-value]
    return inputs * tf.floor(1.0 - drop_prob + tf.random.uniform(shape))


class Block(tf.keras.layers.Layer):
    def __init__(self, dim, drop_prob=0.0, augment_dim=0):
        super().__init__()
        self.dim = dim
        self.drop_prob = drop_prob
        self.augment_dim = augment_dim

    def call(self, x, training=None):
        if self.augment_dim > 0:
            x = tf.concat([x, tf.zeros([len(tf.shape(x)), self.augment_dim])], -1)  # low: [tensor-used-as-python-value]
        return drop_path(x, self.drop_prob, training)


class BlockTwin(tf.keras.layers.Layer):
    def __init__(self, dim, drop_prob=0.0, augment_dim=0):
        super().__init__()
        self.drop_prob = drop_prob
        self.augment_dim = augment_dim

    def call(self, x, training=None):
        if self.augment_dim > 0:
            x = tf.concat([x, tf.zeros([len(tf.shape(x)), self.augment_dim])], -1)  # [tensor-used-as-python-value]
        return drop_path_twin(x, self.drop_prob, training)


def build(x):
    return Block(4, drop_prob=0.0)(x) + Block(8)(x) + BlockTwin(4, 0.1, augment_dim=2)(x) + BlockTwin(8)(x)


class Prompter(tf.keras.layers.Layer):
    """keras-hub's video preprocessor: an option read with getattr(self, "metadata", None) that no
    code of the module sets keeps its default, so the branch past the early return is LOW. The
    twin sets the option in __init__."""

    def call(self, prompts):
        metadata = getattr(self, "metadata", None)
        if metadata is None:
            return prompts
        return [p.decode() for p in prompts.numpy()]  # low: [eager-only-call-in-graph]


class PrompterTwin(tf.keras.layers.Layer):
    def __init__(self, stamps=None):
        super().__init__()
        self.stamps = stamps

    def call(self, prompts):
        stamps = getattr(self, "stamps", None)
        if stamps is None:
            return prompts
        return [p.decode() for p in prompts.numpy()]  # [eager-only-call-in-graph]


def prompt(x):
    return Prompter()(x) + PrompterTwin([1])(x)
