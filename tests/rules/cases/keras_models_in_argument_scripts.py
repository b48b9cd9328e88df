"""A script without a ``__main__`` guard that parses its command line when it runs, and trains
its model in a plain loop: the model's ``call`` runs eagerly (LOW, analysis/eager_scripts). A
model it saves (``model.save``) is traced to be saved: see the twin class below, in its own
file keras_models_in_saved_scripts.py."""
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
        self.calls += 1  # low: [python-state-mutation]
        return self.dense(x)


model = Counted()
for _ in range(args.steps):
    model(tf.zeros([2, 4]))
print(model.calls)
