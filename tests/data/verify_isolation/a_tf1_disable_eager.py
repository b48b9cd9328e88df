"""A TF1-style script: eager execution off, a placeholder fed in a Session."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

x = tf.compat.v1.placeholder(tf.float32, shape=())
y = x * 2
with tf.compat.v1.Session() as sess:
    print(sess.run(y, feed_dict={x: 3.0}))
