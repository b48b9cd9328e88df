"""Twin of keras_models_in_argument_scripts.py: the script saves its model, which traces ``call``."""
import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--steps", type=int, default=2)
args = parser.parse_args()


class Counted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.calls = 0

    def call(self, x):
        self.calls += 1  # [python-state-mutation]
        return self.dense(x)


model = Counted()
for _ in range(args.steps):
    model(tf.zeros([2, 4]))
model.save("/tmp/counted.keras")
