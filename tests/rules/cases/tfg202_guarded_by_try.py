"""TFG202 in a ``try:`` whose handler catches what tracing raises: an eager-only path the author
expects to fail when traced (LOW). A handler for other errors catches nothing tracing raises:
reported. A print() whose argument is such a call never prints while tracing (LOW)."""
import numpy as np
import tensorflow as tf


@tf.function
def logged_losses(x):
    loss = tf.reduce_sum(x)
    try:
        print("loss",  # low: [python-print-in-graph]
              tf.reduce_sum(loss).numpy())  # low: [eager-only-call-in-graph]
    except:  # graph mode
        pass
    try:
        value = loss.numpy()  # low: [eager-only-call-in-graph]
    except (AttributeError, ValueError):
        value = None
    try:
        peak = np.max(loss)  # low: [eager-only-call-in-graph]
    except NotImplementedError:
        peak = None
    try:
        share = np.mean(loss)  # [eager-only-call-in-graph]
    except KeyError:  # catches nothing tracing raises
        share = None
    try:
        total = loss.numpy()  # [eager-only-call-in-graph]
    except TypeError:  # .numpy() on a symbolic tensor raises AttributeError
        total = None
    print("total",  # low: [python-print-in-graph]
          loss.numpy())  # [eager-only-call-in-graph]
    print("loss", loss)  # [python-print-in-graph]
    return value, peak, share, total
