"""Fixed twin of mct627_run_functions_eagerly_workaround.py: eager only where debugging asks for it.

Source: https://github.com/SonySemiconductorSolutions/mct-model-optimization/issues/627
(keep graph mode; ask for eager execution per model with run_eagerly when debugging)
"""
# category: module-level
import tensorflow as tf


def build_model():
    inputs = tf.keras.Input((8,))
    outputs = tf.keras.layers.Dense(2)(inputs)
    return tf.keras.Model(inputs, outputs)


def compile_model(model, debug=False):
    model.compile(optimizer="adam", loss="mse", run_eagerly=debug)
    return model


model = compile_model(build_model())
