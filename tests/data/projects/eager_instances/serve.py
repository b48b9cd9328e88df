import tensorflow as tf

from nets import Wrapped

serving = tf.function(Wrapped())
