import tensorflow as tf

import steps
import utils
from data import augment
from losses import make_weights
from pool import ImagePool
from steps import fixed_step, scale_step


def log_step(x):
    return x  # a local helper named like utils.log_step: only what is called is graph code


ds = tf.data.Dataset.range(10).map(augment)
history = ImagePool(50)


@tf.function
def train_step(x):
    weights = make_weights()  # a def of losses.py that makes one per call  # [variable-created-in-graph]
    utils.log_step(x)
    x = history.query(x)
    return x * weights


for lr in (0.1, 0.01):
    scale_step(tf.ones(3), lr)  # [python-scalar-argument]
    fixed_step(tf.ones(3), lr)  # an input_signature: converted to a tensor, silent

for lr in (0.1, 0.01):
    steps.scale_step(tf.ones(3), lr)  # [python-scalar-argument]

import losses  # noqa: E402 - kept last so that the lines above stay where the tests expect them

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=losses.noisy_loss)
