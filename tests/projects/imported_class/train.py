import tensorflow as tf

from model import Augmenter, Jitter, Noise, Unused

augmenter = Augmenter(2.0)
augmenter.describe()
unused = Unused()
unused.apply(1.0)
mixed = Unused()
mixed = object()  # not always an Unused: its methods are not followed


@tf.function
def train_step(x):
    mixed.apply(x)
    return augmenter.apply(x) + Jitter().sample(x)


ds = tf.data.Dataset.range(3).map(Noise())
