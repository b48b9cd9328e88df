"""TFG108: a variable's read_value() formatted into a string in a tf.function. The shape of
Villeneve/ProgressiveGAN's training step
(https://github.com/Villeneve/ProgressiveGAN/commit/3ddeb61756c03b42cff80db5bab65a1f86e13eda):
``gen.stage.assign(stage)`` then ``tf.print(f'GStage = {gen.stage.read_value()}')``. The
receiver must be shown to be a variable (assigned in the same function, or made by tf.Variable):
read_value() of an object nothing shows to be one (a sensor's, a parser's) stays silent.
"""
import tensorflow as tf

counter = tf.Variable(0)


@tf.function
def train_step(models, batch, sensor, stage=0):
    generator, discriminator = models
    generator.stage.assign(stage)
    tf.print(f"stage {generator.stage.read_value()}")  # [tensor-formatted-at-trace]
    tf.print(f"count {counter.read_value()}")  # [tensor-formatted-at-trace]
    tf.print(f"reading {sensor.read_value()}")  # nothing shows a variable: silent
    tf.print(f"other {discriminator.stage.read_value()}")  # not assigned here: silent
    return tf.reduce_sum(batch)
