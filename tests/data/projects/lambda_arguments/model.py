import tensorflow as tf

import loss


def yolo2_model(body, y_true, anchors):
    return tf.keras.layers.Lambda(loss.yolo2_loss, name="yolo_loss",
                                  arguments={"anchors": anchors, "num_classes": 20})([body.output, y_true])


def yolo3_model(body, y_true, anchors):
    # The twin: this Lambda turns the flag on.
    return tf.keras.layers.Lambda(loss.yolo3_loss, name="yolo_loss",
                                  arguments={"anchors": anchors, "num_classes": 20,
                                             "use_focal_loss": True})([body.output, y_true])
