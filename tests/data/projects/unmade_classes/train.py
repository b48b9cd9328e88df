"""The training script: it makes some of the layers of heads.py and fits them."""
import tensorflow as tf

from blocks import ExportedAndMade
from heads import Child, ImportedOnly, Used, UsedModel  # ImportedOnly: imported, never used

LAYERS = {"named": "NamedInAString"}

model = tf.keras.Sequential([Used(), Child(), UsedModel()])
model.add(ExportedAndMade())
model.compile(loss="mse")
model.fit(tf.ones((2, 4)), tf.ones((2, 4)))
