"""Reading the predicted class with .numpy() inside a decorated train_step (NMT tutorial shape).

Source: https://github.com/tensorflow/tensorflow/issues/31439
Hazard: tf.math.argmax(...).numpy() inside tf.function: symbolic tensors have no .numpy().
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
    predicted_id = tf.math.argmax(predictions[0]).numpy()  # [eager-only-call-in-graph]
    grads = tape.gradient(loss, decoder.trainable_variables)
    optimizer.apply_gradients(zip(grads, decoder.trainable_variables))
    return loss, predicted_id
