"""Custom training loop guide: GradientTape inside a tf.function train step."""
import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * x + b - y))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


def main():
    x = tf.constant([0.0, 1.0, 2.0, 3.0])
    y = 2.0 * x + 1.0
    losses = [float(train_step(x, y)) for _ in range(5)]
    return [round(v, 4) for v in losses]


if __name__ == "__main__":
    print(main())
