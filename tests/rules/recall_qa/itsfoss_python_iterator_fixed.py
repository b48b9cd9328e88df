"""Fixed twin of itsfoss_python_iterator.py: iterate a tf.data.Dataset and pass each batch in.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (use tf.data and pass the batch as an argument)
"""
# category: decorated
import tensorflow as tf

batches = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])


@tf.function
def consume(batch):
    return batch * 2.0


for batch in batches:
    consume(batch)
