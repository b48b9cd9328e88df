"""Fixed twin of ancisoft_dict_of_lists_argument.py: tensors in the dict, with a TensorSpec input_signature.

Source: https://www.ancisoft.com/blog/use-dictionary-in-tf-function-input-signature-in-tensorflow-2-0/ (pass tensors and declare an input_signature)
"""
# category: call-site
import tensorflow as tf


@tf.function(input_signature=[{"ids": tf.TensorSpec([None], tf.int32)}])
def embed(features):
    return tf.reduce_sum(tf.cast(features["ids"], tf.float32))


requests = [[1, 2, 3], [4, 5], [6]]
for ids in requests:
    embed({"ids": tf.constant(ids, tf.int32)})
