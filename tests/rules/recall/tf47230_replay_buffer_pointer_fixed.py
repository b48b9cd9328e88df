"""Fixed twin of tf47230_replay_buffer_pointer.py: pointer and size are tf.Variables.

Source: https://github.com/tensorflow/tensorflow/issues/47230 (keep buffer state in TF variables)
"""
# category: python-class
import tensorflow as tf


class ReplayBuffer(tf.Module):
    def __init__(self, size):
        super().__init__()
        self.obs = tf.Variable(tf.zeros([size, 4]))
        self.ptr = tf.Variable(0)
        self.size = tf.Variable(0)
        self.max_size = size

    def store(self, obs):
        self.obs[self.ptr].assign(obs)
        self.ptr.assign((self.ptr + 1) % self.max_size)
        self.size.assign(tf.minimum(self.size + 1, self.max_size))

    def sample(self, batch_size):
        idx = tf.random.uniform([batch_size], maxval=self.size, dtype=tf.int32)
        return tf.gather(self.obs, idx)


buffer = ReplayBuffer(1000)


@tf.function
def collect(obs):
    buffer.store(obs)
