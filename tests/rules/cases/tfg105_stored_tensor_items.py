"""TFG105: a tf.function method keeps an item of its argument, or an item of a tuple of tensors an
op returns, on self for other methods to read.

Shape of https://github.com/few-shot-learning/Keras-FewShotLearning/commit/5df3cb32086d6af035db6378184c8f2e5c63a8a5
(a layer's @tf.function ``set_support_set`` stores ``inputs[0]`` and ``inputs[1]`` of its list
argument, and the class labels ``tf.unique`` returns, on self; its other methods read them and get
the trace's symbolic tensors). Twins stay silent: what is known while tracing (a static shape
entry, the length of the list argument, a setting with a constant default), the items of a static
shape unpacked, and an attribute nothing else reads.
"""
import tensorflow as tf


class Support:
    def __init__(self):
        self.tensors = tf.constant([])
        self.labels = tf.constant([])
        self.classes = tf.constant([])
        self.counts = tf.constant([])
        self.width = 0
        self.count = 0
        self.first = 0
        self.height = 0
        self.scratch = None

    @tf.function
    def set_support(self, inputs, picks=(0, 1)):
        self.tensors = inputs[0]  # [python-state-mutation]
        self.labels = inputs[1]  # [python-state-mutation]
        self.width = inputs[0].shape[-1]  # a static shape entry
        self.count = len(inputs)  # the length of the list argument: a Python number
        self.first = picks[0]  # a setting with a constant default
        self.scratch = inputs[0]  # nothing else reads it

    @tf.function
    def set_classes(self, labels):
        classes, _ = tf.unique(labels)
        self.classes = classes  # [python-state-mutation]
        self.counts = tf.unique_with_counts(labels)[2]  # [python-state-mutation]
        height, _ = labels.shape[:2]
        self.height = height  # an item of a static shape

    def describe(self):
        return self.tensors, self.labels, self.classes, self.counts, self.width, self.count, self.first, self.height
