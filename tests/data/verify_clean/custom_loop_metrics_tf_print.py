"""A custom training loop: GradientTape in a tf.function, Keras metrics, tf.print of the loss."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.01)
loss_metric = tf.keras.metrics.Mean()


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    loss_metric.update_state(loss)
    tf.print("loss", loss)
    return loss


def main():
    x = tf.reshape(tf.range(12, dtype=tf.float32), (4, 3)) / 10.0
    y = tf.ones((4, 1))
    for _ in range(3):
        train_step(x, y)
    return round(float(loss_metric.result()), 3)


if __name__ == "__main__":
    print(main())
