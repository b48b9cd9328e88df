"""Passing the Python step counter into a tf.function train step to log every N steps.

Source: https://github.com/tensorflow/tensorflow/issues/32157
Hazard: a new Python int per call is part of the trace key: the step is retraced on every call.
"""
# category: call-site
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD()


@tf.function
def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if step % 100 == 0:
        tf.print("step", step, "loss", loss)
    return loss


for step in range(1000):
    train_step(tf.zeros([4, 3]), tf.zeros([4, 1]), step)  # [python-scalar-argument]
