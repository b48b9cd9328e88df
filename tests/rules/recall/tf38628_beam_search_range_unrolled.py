"""Step-by-step RNN decoding for beam search with a Python range loop in a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/38628
Hazard: range() over a Python int is unrolled: minutes of tracing and a huge graph.
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
    for t in range(MAX_LEN):  # [python-range-loop]
        out, state = cell(token, state)
        logits = project(out)
        outputs = outputs.write(t, logits)
        token = tf.nn.softmax(logits) @ tf.ones([100, 64])
    return outputs.stack()
