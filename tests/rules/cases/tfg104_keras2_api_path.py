"""The Keras 2 package's public API imported by its generated path (``import keras.api._v2.keras
as keras``) is tf.keras: a Metric's update_state there is traced in Keras's train and test steps,
and Keras 2 converts it with AutoGraph. Shape of CocoMetric in
https://github.com/zmfkzj/mask_rcnn_etc_tf2/commit/81f9688165b333971f522c3959966fe38f8e0f0e
(lists on self filled with each element's tensors, fixed by keeping them in weights)."""
import keras.api._v2.keras as keras
import tensorflow as tf


class Detections(keras.metrics.Metric):
    def __init__(self, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.image_ids = []
        self.boxes = []

    def update_state(self, image_ids, boxes):
        # Keras 2 converts this loop into a tf.while_loop: no tensor-used-as-python-value.
        for i in tf.range(tf.shape(image_ids)[0]):
            self.image_ids.append(image_ids[i])  # [outer-collection-mutation]
            self.boxes.append(boxes[i])  # [outer-collection-mutation]

    def result(self):
        return tf.constant(float(len(self.image_ids)))


class Gallery:
    """Twin: the same lists on an object Keras never traces: silent."""

    def __init__(self):
        self.image_ids = []

    def update_state(self, image_ids):
        for i in tf.range(tf.shape(image_ids)[0]):
            self.image_ids.append(image_ids[i])
