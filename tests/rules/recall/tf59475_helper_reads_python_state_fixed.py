"""Fixed twin of tf59475_helper_reads_python_state.py: the counter is passed in as a tensor.

Source: https://github.com/tensorflow/tensorflow/issues/59475 (pass changing values as arguments)
"""
# category: helper
import tensorflow as tf


class Trainer:
    def reached_end(self, counter):
        return tf.reduce_sum(counter) == 1875

    @tf.function
    def check(self, counter):
        return self.reached_end(counter)

    def run(self):
        for i in range(1875):
            if self.check(tf.ones([i + 1])):
                return
