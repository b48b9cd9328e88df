"""Python max() over a length input in a model's call, traced by the training step.

In the shape of TensorFlowTTS's Tacotron-2 (``max_decoder_steps = max(mel_lengths)``): Keras hands
``call`` the batch's tensors; max() iterates the lengths tensor, which tracing cannot do.
"""
# runtime: raises OperatorNotAllowedInGraphError
import tensorflow as tf


class MaskedSum(tf.keras.Model):
    def call(self, values, lengths, training=False):
        longest = max(lengths)  # [tensor-used-as-python-value]
        mask = tf.sequence_mask(lengths, maxlen=longest, dtype=values.dtype)
        return tf.reduce_sum(values[:, :longest] * mask, axis=1)


model = MaskedSum()


@tf.function
def step(values, lengths):
    return model(values, lengths)


def main():
    return step(tf.ones([2, 4]), tf.constant([2, 3])).numpy().tolist()
