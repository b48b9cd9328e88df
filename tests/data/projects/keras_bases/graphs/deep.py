import tensorflow as tf

import graphs.conv as conv

from .message_passing import MessagePassing


class DeeperConv(conv.GatedConv):
    # A Keras class two files away, named through a module.
    def aggregate(self, messages, a):
        print("aggregate", messages)  # [python-print-in-graph]
        return messages


class RelativeConv(MessagePassing):
    def call(self, inputs):
        x, _ = inputs
        print("relative", x)  # [python-print-in-graph]
        return x
