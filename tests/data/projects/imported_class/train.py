import tensorflow as tf

from model import Augmenter, Jitter, Noise, Trainer, Unused

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

trainer = Trainer(0.5)
for lr in (0.1, 0.01):
    trainer.step(tf.ones(3), lr)  # [python-scalar-argument]
    trainer.fixed_step(tf.ones(3), lr)  # an input_signature: converted to a tensor, silent
