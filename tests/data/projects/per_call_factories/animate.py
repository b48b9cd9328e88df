"""Functions another file calls: in a loop (each call makes a new tf.function), once, with a
model to wrap per call, and a factory whose result the other file keeps."""
import tensorflow as tf


def animate(frames, batch_size):
    @tf.function  # [tf-function-in-loop]
    def next_batch(x):
        return x[0:batch_size], x[batch_size:]
    return next_batch(frames)


def export(frames):
    @tf.function  # called once by run.py: made once
    def serve(x):
        return x * 2
    return serve(frames)


def wrap(model, frames):
    fast = tf.function(model)  # each call wraps the model it is given
    return fast(frames)


def make_step():
    @tf.function  # run.py keeps and reuses what it returns
    def step(x):
        return x + 1
    return step
