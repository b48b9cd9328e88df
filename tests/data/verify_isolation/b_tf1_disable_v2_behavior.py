"""A TF1-style script that turns TF2 behaviour off altogether."""
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

a = tf.constant(2.0)
with tf.Session() as sess:
    print(sess.run(a * a))
