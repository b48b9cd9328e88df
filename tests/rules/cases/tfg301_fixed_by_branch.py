"""TFG301: a loop value passed to a tf.function only under a branch that fixes it.

``train_discriminator(stage)`` is fed the loop's ``index`` (0, 1, 2), but calls ``step_stage2``
only under ``if stage == 2:`` and ``step_stage0`` only under ``elif stage == 0:``: each tf.function
gets one value of ``stage`` and traces once (checked on TF 2.21: one trace each). Twins: a branch
that admits two values (``if stage > 0:``) and a branch on another name stay reported.
"""
import tensorflow as tf


class Trainer:
    @tf.function
    def step_stage0(self, stage, x):
        return x * stage

    @tf.function
    def step_stage2(self, stage, x):
        return x * stage

    @tf.function
    def step_upper(self, stage, x):
        return x * stage

    @tf.function
    def step_shifted(self, stage, x):
        return x * stage

    def train_discriminator(self, stage, x):
        if stage == 2:
            return self.step_stage2(stage, x)
        elif stage == 0:
            return self.step_stage0(stage, x)
        return x

    def train_upper(self, stage, x):
        if stage > 0:
            return self.step_upper(stage, x)  # [python-scalar-argument]
        return x

    def train_shifted(self, stage, mode, x):
        if mode == 1:
            return self.step_shifted(stage, x)  # [python-scalar-argument]
        return x


trainer = Trainer()
for index in range(3):
    trainer.train_discriminator(index, tf.ones(2))
    trainer.train_upper(index, tf.ones(2))
    trainer.train_shifted(index, 1, tf.ones(2))
