"""A compiled loss reads importance weights that the agent rebinds before every batch.

In the shape of Huixxi/TensorFlow2.0-for-Deep-Reinforcement-Learning's prioritized-replay agents
(03_priority_replay.py: ``self.is_weight`` set in ``train_step``, read by ``_per_loss``): Keras
traces the train step once, so every batch keeps the first batch's weights. Here they start at
zero: graph mode never trains, eager mode does.
"""
# runtime: differs-from-eager
import numpy as np
import tensorflow as tf


class Agent:
    def __init__(self, model):
        self.model = model
        self.is_weight = np.zeros((4, 1), np.float32)
        self.model.compile(optimizer="sgd", loss=self._per_loss)

    def _per_loss(self, y_target, y_pred):
        return tf.reduce_mean(self.is_weight * tf.math.squared_difference(y_target, y_pred))  # [mutable-attribute-capture]

    def train_step(self, states, targets, weights):
        self.is_weight = weights
        return self.model.train_on_batch(states, targets)


def main():
    tf.keras.utils.set_random_seed(0)
    agent = Agent(tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)]))
    states = np.ones((4, 3), np.float32)
    targets = np.full((4, 1), 5.0, np.float32)
    losses = [float(agent.train_step(states, targets, np.full((4, 1), w, np.float32))) for w in (0.0, 1.0, 1.0)]
    print("losses", [round(loss, 3) for loss in losses])
    return losses


if __name__ == "__main__":
    main()
