"""TFG202: NumPy given a Python list that holds tensors, in graph code.

Shape of https://github.com/sintel-dev/Orion/pull/281 (a @tf.function train_step of a GAN collects
its critics' loss tensors in Python lists and averages them with ``np.mean(np.array(...))``):
NumPy converts every item, and a symbolic tensor cannot become an array. Twins stay silent: lists
of Python numbers and of static shape entries, the length of a list, a list NumPy keeps as it is
(``np.random.shuffle``), a list whose items are not shown (a call's result), and the same code run
eagerly.
"""
import numpy as np
import tensorflow as tf


def critic_loss(real, fake):
    return tf.reduce_mean(real * fake)


class Trainer(tf.keras.Model):
    @tf.function
    def train_step(self, data):
        x, y = data
        losses, penalties, sizes, weights = [], [], [], [0.5, 0.25]
        for _ in range(3):
            loss = critic_loss(x, y)
            losses.append([loss, tf.reduce_sum(x)])
            penalties += [tf.norm(y)]
            sizes.append(x.shape[-1])
        mean_loss = np.mean(np.array(losses), axis=0)  # [eager-only-call-in-graph]
        penalty = np.sum(penalties)  # [eager-only-call-in-graph]
        pair = np.stack([tf.reduce_max(x), 1.0])  # [eager-only-call-in-graph]
        width = np.prod(sizes)  # static shape entries: Python numbers
        scale = np.mean(weights) + np.log(len(losses))  # Python numbers, and the length of a list
        # NumPy shuffles the Python list in place, its items untouched (not TFG202's; TFG102's):
        np.random.shuffle(losses)  # [python-random-in-graph]
        names = list(self.metrics_names)
        order = np.argsort(names)  # a call's result: its items are not shown
        return {"loss": mean_loss, "penalty": penalty, "pair": pair, "width": width, "scale": scale,
                "order": order}


def evaluate(x, y):
    losses = [critic_loss(x, y)]
    return np.mean(np.array(losses))  # eager code: the tensors hold values
