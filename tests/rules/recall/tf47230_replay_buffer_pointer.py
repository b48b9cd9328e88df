"""A tf.Module replay buffer whose store() advances Python ints, called from a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/47230
Hazard: self.ptr / self.size are Python ints bumped at trace time only; every call writes slot 0
and samples from a frozen size.
"""
# category: python-class
import tensorflow as tf


class ReplayBuffer(tf.Module):
    def __init__(self, size):
        super().__init__()
        self.obs = tf.Variable(tf.zeros([size, 4]))
        self.ptr, self.size, self.max_size = 0, 0, size

    def store(self, obs):
        self.obs[self.ptr].assign(obs)
        self.ptr = (self.ptr + 1) % self.max_size  # [python-state-mutation]
        self.size = min(self.size + 1, self.max_size)  # [python-state-mutation]

    def sample(self, batch_size):
        idx = tf.random.uniform([batch_size], maxval=self.size, dtype=tf.int32)
        return tf.gather(self.obs, idx)


buffer = ReplayBuffer(1000)


@tf.function
def collect(obs):
    buffer.store(obs)
