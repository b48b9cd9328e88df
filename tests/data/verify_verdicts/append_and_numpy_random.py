"""An append to an outer list in a tf.function called once (no divergence of its own), and
np.random in another tf.function, which changes the output. The append must stay UNCONFIRMED;
the output difference is the np.random call's evidence."""
import numpy as np
import tensorflow as tf


def main():
    losses_seen = []

    @tf.function
    def train_step(x):
        loss = tf.reduce_sum(x * x)
        losses_seen.append(loss)
        return loss

    @tf.function
    def noisy(x):
        return x + np.random.uniform()

    loss = float(train_step(tf.constant([1.0, 2.0])))
    noise = [round(float(noisy(tf.constant(0.0))), 5) for _ in range(3)]
    return loss, len(losses_seen), noise


if __name__ == "__main__":
    print(main())
