"""Functions that only ask TensorFlow's execution mode (the guard in_graph), TensorFlow imported
optionally; and a twin whose body asks something else too (not a mode guard)."""
try:
    import tensorflow as tf
except ImportError:
    tf = None


def in_graph():
    if tf is None:
        return False
    return not tf.executing_eagerly()


def eager_now():
    return tf.executing_eagerly()


def graph_or_flag(flag=False):
    return flag or not tf.executing_eagerly()
