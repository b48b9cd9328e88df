"""A training loop that anneals the learning rate and temperature as Python floats passed to train_step.

Source: https://github.com/yerkojahve/Meta-Pseudo-label/issues/1
Hazard: learning_rate and temperature change every iteration; as Python floats they retrace train_step.
"""
# category: call-site
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(4)])
optimizer = tf.keras.optimizers.SGD()


@tf.function
def train_step(x, learning_rate, temperature):
    optimizer.learning_rate.assign(learning_rate)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.softmax(model(x) / temperature))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


step, learning_rate, temperature = 0, 1e-2, 2.0
while step < 100:
    train_step(tf.zeros([2, 3]), learning_rate, temperature)  # [python-scalar-argument]
    learning_rate *= 0.99
    temperature = max(temperature * 0.98, 1.0)
    step += 1
