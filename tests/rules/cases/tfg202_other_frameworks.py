"""TFG202 .numpy(): PyTorch tensors are not TensorFlow tensors.

Interop code converts torch outputs with ``.cpu().detach().numpy()`` inside functions that a
tf.function or Dataset.map also reaches; those are not symbolic TensorFlow tensors.
"""
import tensorflow as tf
import torch

encoder = torch.nn.Linear(4, 2)


@tf.function
def mixed(x, batch):
    out = encoder(torch.tensor(batch))
    a = out.cpu().detach().numpy()  # a torch tensor's methods: not TensorFlow
    b = torch.ones(3).numpy()  # a torch call
    detached = out.detach()
    c = detached.numpy()  # bound only to a torch value
    d = batch.numpy()  # low: [eager-only-call-in-graph]
    e = tf.square(x).numpy()  # [eager-only-call-in-graph]
    return a, b, c, d, e
