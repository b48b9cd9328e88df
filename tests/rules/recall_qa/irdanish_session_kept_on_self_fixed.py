"""Fixed twin of irdanish_session_kept_on_self.py: no session: the traced function returns the tensor.

Source: https://irdanish.medium.com/learning-tensorflow-2-use-tf-function-and-forget-about-tf-session-a8117158edd9?source=post_internal_links---------1------------------------------- (forget the session, return the tensor)
"""
# category: tf1-style
import tensorflow as tf



class Model:
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function
    def predict(self, x):
        return x * self.w
