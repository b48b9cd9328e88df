"""Fixed twin of tf31439_argmax_numpy_train_step.py: keep the id a tensor, show it with tf.print.

Source: https://github.com/tensorflow/tensorflow/issues/31439 (answer: use tf.print on the Tensor)
"""
# category: decorated
import tensorflow as tf

decoder = tf.keras.layers.Dense(32)
optimizer = tf.keras.optimizers.Adam()


@tf.function
def train_step(inputs, targets):
    with tf.GradientTape() as tape:
        predictions = decoder(inputs)
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(
            targets, predictions, from_logits=True))
    predicted_id = tf.math.argmax(predictions[0])
    tf.print("predicted id:", predicted_id)
    grads = tape.gradient(loss, decoder.trainable_variables)
    optimizer.apply_gradients(zip(grads, decoder.trainable_variables))
    return loss, predicted_id
