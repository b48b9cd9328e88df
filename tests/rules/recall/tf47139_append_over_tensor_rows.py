"""Nested for loops over the rows of two tensors, appending cosine scores to a list.

Source: https://github.com/tensorflow/tensorflow/issues/47139
Hazard: iterating a tensor makes a tf.while_loop; appending to a Python list in it fails
(InaccessibleTensorError).
"""
# category: decorated
import tensorflow as tf

cosine = tf.keras.losses.CosineSimilarity(axis=0, reduction="none")


@tf.function
def pairwise_scores():
    a = tf.convert_to_tensor([[1.0, 1.0, 1.0], [1.0, 3.0, 1.0]])
    b = tf.convert_to_tensor([[1.0, 1.0, 1.0]])
    scores = []
    for row_b in b:
        for row_a in a:
            scores.append(-cosine(row_a, row_b))  # [python-list-in-tensor-loop]
    return scores
