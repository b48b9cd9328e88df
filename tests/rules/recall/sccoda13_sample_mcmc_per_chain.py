"""An MCMC sampling method that wraps its chain runner in tf.function on each call, run per chain.

Source: https://github.com/theislab/scCODA/issues/13
Hazard: tf.function(...) created inside the method: every chain retraces
("CompositionalModel.sampling.<locals>.sample_mcmc triggered tf.function retracing").
"""
# category: factory
import tensorflow as tf


class CompositionalModel:
    def __init__(self, dim):
        self.init_state = tf.zeros([dim])

    def sampling(self, num_results):
        def sample_mcmc(state):
            return state + tf.random.normal(tf.shape(state)) * 0.1

        run = tf.function(sample_mcmc)  # [tf-function-in-loop]
        state = self.init_state
        for _ in range(num_results):
            state = run(state)
        return state


model = CompositionalModel(5)
chains = [model.sampling(100) for _ in range(6)]
