# Losses handed to Keras Lambda layers in model.py with ``arguments=`` (keras-YOLOv3-model-set's
# yolo2/loss.py and yolo2/model.py): what a Lambda passes is what the loss is called with.
import tensorflow as tf
from tensorflow.keras import backend as K


def yolo2_loss(args, anchors, num_classes, use_crossentropy_obj_loss=False):
    y_true, y_pred = args
    if use_crossentropy_obj_loss:
        zeros = K.zeros(K.shape(y_pred))  # low: [variable-created-in-graph]
        y_pred = y_pred + zeros
    return tf.reduce_sum(y_true - y_pred)


def yolo3_loss(args, anchors, num_classes, use_focal_loss=False):
    y_true, y_pred = args
    if use_focal_loss:
        ones = K.ones(K.shape(y_pred))  # [variable-created-in-graph]
        y_pred = y_pred * ones
    return tf.reduce_sum(y_true - y_pred)
