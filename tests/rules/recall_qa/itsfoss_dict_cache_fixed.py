"""Fixed twin of itsfoss_dict_cache.py: the value is returned and cached by the eager caller.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (return values instead of mutating Python state)
"""
# category: decorated
import tensorflow as tf

cache = {}


@tf.function
def encode(x):
    return tf.nn.relu(x)


cache["last"] = encode(tf.constant([1.0, -1.0]))
