import tensorflow as tf

from nets import Head

head = Head()
for _ in range(2):
    head(tf.ones((2, 4)))
inputs = tf.keras.Input((4,))
model = tf.keras.Model(inputs, head(inputs))
