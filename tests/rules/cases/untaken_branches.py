"""Code graph code never runs: a branch every graph call of the helper decides against is LOW.

keras-YOLOv3-model-set's ``yolo2_loss`` makes variables only under ``if use_crossentropy_obj_loss:``,
a flag no caller turns on. What a call passes is followed as a constant; a parameter
the call leaves out is its default. Twins: a flag one call turns on, a flag the tf.function's own
argument sets (unknown), and the branch that graph calls do take, all stay reported.
"""

import tensorflow as tf


def loss_terms(y_true, y_pred, use_bce=False, weights=None, mode="sum"):
    if use_bce:
        zeros = tf.Variable(tf.zeros([2]))  # low: [variable-created-in-graph]
        y_pred = y_pred + zeros
    if weights is None:
        print("unweighted", y_pred)  # [python-print-in-graph]
    else:
        print("weighted", weights)  # low: [python-print-in-graph]
    if mode == "mean" or use_bce:
        print("mean", y_pred)  # low: [python-print-in-graph]
    return y_true - y_pred


@tf.function
def train_step(y_true, y_pred):
    return loss_terms(y_true, y_pred) + loss_terms(y_true, y_pred, mode="sum", use_bce=False)


def other_terms(y_true, y_pred, use_bce=False):
    if use_bce:
        ones = tf.Variable(tf.ones([2]))  # [variable-created-in-graph]
        y_pred = y_pred + ones
    return y_true - y_pred


@tf.function
def eval_step(y_true, y_pred):
    return other_terms(y_true, y_pred) + other_terms(y_true, y_pred, use_bce=True)


def logged_terms(y_true, verbose=False):
    if verbose:
        print("terms", y_true)  # [python-print-in-graph]
    return y_true


@tf.function
def logged_step(y_true, verbose):
    return logged_terms(y_true, verbose)


def attention(scores, dropout_p=0.0):
    # KerasHub's Flux attention: the Dropout layer only under ``if dropout_p > 0.0``, and no call
    # passes a rate (LOW); the twin's call passes one (reported).
    if dropout_p > 0.0:
        scores = tf.keras.layers.Dropout(dropout_p)(scores, training=True)  # low: [variable-created-in-graph]
    return scores


def noisy_attention(scores, dropout_p=0.0):
    if dropout_p > 0.0:
        scores = tf.keras.layers.Dropout(dropout_p)(scores, training=True)  # [variable-created-in-graph]
    return scores


@tf.function
def attend(scores):
    return attention(scores) + noisy_attention(scores, dropout_p=0.1)


def dump(y_true):
    print("dump", y_true)  # low: [python-print-in-graph]


def checked_terms(y_true, debug=False):
    if debug:
        dump(y_true)  # the only call of dump: graph code does not make it
    return y_true


@tf.function
def checked_step(y_true):
    return checked_terms(y_true)


# keras-YOLOv3-model-set's shape: the loss is handed to a Keras Lambda, which calls it with the
# model's outputs and the keywords of ``arguments=``; the flag it leaves out is False.
def yolo_loss(args, anchors, num_classes, use_focal=False, rescore=False):
    y_true, y_pred = args
    if use_focal:
        alpha = tf.keras.backend.zeros([num_classes])  # low: [variable-created-in-graph]
        y_pred = y_pred * alpha
    if rescore:
        beta = tf.keras.backend.ones([num_classes])  # [variable-created-in-graph]
        y_pred = y_pred * beta
    return tf.reduce_sum(y_true - y_pred)


def build(model_body, y_true, anchors):
    loss = tf.keras.layers.Lambda(yolo_loss, name="yolo_loss",
                                  arguments={"anchors": anchors, "num_classes": 3})([model_body.output, y_true])
    tiny = tf.keras.layers.Lambda(yolo_loss, arguments={"anchors": anchors, "num_classes": 2, "rescore": True})
    return loss, tiny


def spectrum_np(audio, pad_end=True):
    if pad_end:
        audio = audio.numpy()  # low: [eager-only-call-in-graph]
    return audio


def spectrum_tf(audio, pad_end=True):
    return audio


def loudness(audio, use_tf=True):
    # ddsp's compute_loudness: the helper is called through a local name bound to one of two
    # functions, and that call turns pad_end off. The twin's call leaves it on.
    spectrum = spectrum_tf if use_tf else spectrum_np
    return spectrum(audio, pad_end=False)


def spectrum_np_twin(audio, pad_end=True):
    if pad_end:
        audio = audio.numpy()  # [eager-only-call-in-graph]
    return audio


def loudness_twin(audio, use_tf=True):
    spectrum = spectrum_tf if use_tf else spectrum_np_twin
    return spectrum(audio)


@tf.function
def loudness_step(audio):
    return loudness(audio) + loudness_twin(audio)
