import tensorflow as tf

from seg.update import LocalUpdate

model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
local = LocalUpdate(model)
for round_ in range(3):
    local.update_weights([(tf.ones((2, 2)), tf.ones((2, 2)))], tf.keras.optimizers.SGD())
    local.step(tf.ones((2, 2)), tf.ones((2, 2)))
    local.evaluate(tf.ones((2, 2)), tf.ones((2, 2)))
