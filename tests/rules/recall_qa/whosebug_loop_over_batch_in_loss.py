"""A pairwise custom loss that loops over the rows of the batch with range(len(...)).

Source: https://whosebug.com/question/3641198/Implementing-custom-loss-function-in-keras-with-condition
Hazard: the loss is traced with a symbolic batch: len() of a tensor with an unknown batch size raises.
"""
# category: keras-callable
import tensorflow as tf



def pair_loss(y_true, y_pred):
    total = 0.0
    for i in range(len(y_true)):  # [tensor-used-as-python-value]
        total += tf.norm(y_pred[i] - y_true[i])
    return total


model = tf.keras.Sequential([tf.keras.layers.Dense(8)])
model.compile(optimizer="adam", loss=pair_loss)
