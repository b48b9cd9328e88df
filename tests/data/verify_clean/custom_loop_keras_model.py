"""Custom training loop over a dataset with a Keras model, a loss object and a metric."""
import tensorflow as tf


def main():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    optimizer = tf.keras.optimizers.Adam(0.01)
    accuracy = tf.keras.metrics.SparseCategoricalAccuracy()

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = loss_fn(y, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        accuracy.update_state(y, logits)
        return loss

    x = tf.reshape(tf.range(24, dtype=tf.float32), (8, 3)) / 24.0
    y = tf.constant([0, 1, 0, 1, 0, 1, 0, 1])
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    losses = []
    for _ in range(2):
        for xb, yb in ds:
            losses.append(round(float(train_step(xb, yb)), 4))
    return losses, round(float(accuracy.result()), 4)


if __name__ == "__main__":
    print(main())
