"""Fixed twin of tf38628_beam_search_range_unrolled.py: tf.range makes one tf.while_loop.

Source: https://github.com/tensorflow/tensorflow/issues/38628 (iterate over tf.range instead)
"""
# category: decorated
import tensorflow as tf

cell = tf.keras.layers.GRUCell(64)
project = tf.keras.layers.Dense(100)
MAX_LEN = 200


@tf.function
def decode(start, state):
    token = start
    outputs = tf.TensorArray(tf.float32, size=MAX_LEN)
    for t in tf.range(MAX_LEN):
        out, state = cell(token, state)
        logits = project(out)
        outputs = outputs.write(t, logits)
        token = tf.nn.softmax(logits) @ tf.ones([100, 64])
    return outputs.stack()
