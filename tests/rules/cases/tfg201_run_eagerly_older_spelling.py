"""The older spelling of the switch runs a module's tf.functions as Python just the same.

Packt's TF 2 computer vision cookbook (VAE recipe, held out 2026-11-26) calls
``tf.config.experimental_run_functions_eagerly(True)`` at module level, then makes its optimizer
in a tf.function: that runs eagerly there, so the finding is LOW, as for the newer spelling
(tfg202_run_eagerly_module.py); the switch itself is TFG307's finding.
"""
import tensorflow as tf

tf.config.experimental_run_functions_eagerly(True)  # [functions-run-eagerly]


@tf.function
def train(x):
    optimizer = tf.keras.optimizers.Adam()  # low: [variable-created-in-graph]
    return optimizer.learning_rate * x
