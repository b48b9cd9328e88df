"""Keras's own source imports its helpers by absolute paths that run through keras.layers
(keras-team/keras's bounding-box converters, the review corpus): a class its own tree
defines without a base is a plain helper (silent), one with a base may be a layer, and one the
tree does not hold (Dense) is Keras's layer."""
import tensorflow as tf

from keras.src.layers.boxes import Box, Scaling
from keras.src.layers.core.dense import Dense


@tf.function
def flip(x):
    helper = Box()
    scale = Scaling()  # [variable-created-in-graph]
    dense = Dense(3)  # [variable-created-in-graph]
    return dense(scale(x)), helper.format
