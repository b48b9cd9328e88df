"""Fixed twin of itsfoss_loop_over_python_list_of_tensors.py: a tf.data.Dataset (or one stacked tensor) keeps the loop in the graph.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (iterate a tf.data.Dataset inside the function)
"""
# category: decorated
import tensorflow as tf

batches = tf.data.Dataset.from_tensor_slices(tf.stack([tf.fill([2], float(i)) for i in range(500)]))


@tf.function
def total():
    acc = tf.zeros([2])
    for b in batches:
        acc = acc + b
    return acc
