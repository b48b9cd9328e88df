"""Moving a TF1 model class to tf.function but keeping the session it made in __init__.

Source: https://irdanish.medium.com/learning-tensorflow-2-use-tf-function-and-forget-about-tf-session-a8117158edd9?source=post_internal_links---------1-------------------------------
Hazard: self.sess.run() inside the traced step asks a TF1 session for tensors of the graph being traced.
"""
# category: tf1-style
import tensorflow as tf



class Model:
    def __init__(self):
        self.sess = tf.compat.v1.Session()
        self.w = tf.Variable(2.0)

    @tf.function
    def predict(self, x):
        y = x * self.w
        return self.sess.run(y)  # [eager-only-call-in-graph]
