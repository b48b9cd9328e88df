"""Fixed twin of sccoda13_sample_mcmc_per_chain.py: the step Function is built once per model.

Source: https://github.com/theislab/scCODA/issues/13 ("define your @tf.function outside of the loop")
"""
# category: factory
import tensorflow as tf


class CompositionalModel:
    def __init__(self, dim):
        self.init_state = tf.zeros([dim])
        self._step = tf.function(self._sample_mcmc)

    def _sample_mcmc(self, state):
        return state + tf.random.normal(tf.shape(state)) * 0.1

    def sampling(self, num_results):
        state = self.init_state
        for _ in range(num_results):
            state = self._step(state)
        return state


model = CompositionalModel(5)
chains = [model.sampling(100) for _ in range(6)]
