"""A QAT example "fixed" by turning every tf.function eager at import time, and shipped that way.

Source: https://github.com/SonySemiconductorSolutions/mct-model-optimization/issues/627
Hazard: tf.config.run_functions_eagerly(True) left in library/example code silently disables
graph execution for the whole process (slow, and hides graph-mode bugs).
"""
# category: module-level
import tensorflow as tf

tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]


def build_model():
    inputs = tf.keras.Input((8,))
    outputs = tf.keras.layers.Dense(2)(inputs)
    return tf.keras.Model(inputs, outputs)


model = build_model()
model.compile(optimizer="adam", loss="mse")
