"""A helper's ``if P is None:`` / ``if not P:`` branch is not run by graph code when every graph
call passes something shown never None (and, for ``not P``, never false) though it is no
constant: a lambda, a function or class name, a bound method, a non-empty literal, an f-string,
an instance of a class of the module, a layer's variable. LOW, off by default. The twins pass a
parameter of their own, ``None``, another object's attribute, or one call leaves the argument
out: still reported."""
import tensorflow as tf


def scores(logits, transitions=None):
    if transitions is None:
        transitions = tf.Variable(tf.zeros([4, 4]))  # low: [variable-created-in-graph]
    return logits + transitions


def scores_own_parameter(logits, transitions=None):
    if transitions is None:
        transitions = tf.Variable(tf.zeros([4, 4]))  # [variable-created-in-graph]
    return logits + transitions


def scores_left_out(logits, transitions=None):
    if transitions is None:
        transitions = tf.Variable(tf.zeros([4, 4]))  # [variable-created-in-graph]
    return logits + transitions


def decoded(records, decoder=None, names=None):
    if not decoder:
        print("no decoder", records)  # low: [python-print-in-graph]
    if names is None:
        print("no names", records)  # low: [python-print-in-graph]
    return records


def decoded_twin(records, decoder=None):
    if not decoder:
        print("no decoder", records)  # [python-print-in-graph]
    return records


def parse(record):
    return record


class Parser:
    def __call__(self, record):
        return record


class Sized:
    def __len__(self):
        return 0


def decoded_sized(records, decoder=None):
    if not decoder:
        print("no decoder", records)  # [python-print-in-graph]
    return records


class Crf(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.chain = self.add_weight(shape=(4, 4))
        self.other = None

    def decode(self, record):
        return record

    def call(self, logits, transitions):
        out = scores(logits, self.chain) + scores(logits, transitions=self.chain)
        out = out + scores_own_parameter(logits, transitions) + scores_own_parameter(logits, self.other)
        out = out + scores_left_out(logits, self.chain) + scores_left_out(logits)
        out = decoded(out, lambda r: r, names=["a"]) + decoded(out, parse, names=f"{logits.name}")
        out = decoded(out, Parser(), names=Sized()) + decoded(out, self.decode, names=(1,))
        out = decoded_twin(out, transitions) + decoded_twin(out, self.layer_decoder)
        return out + decoded_sized(out, Sized())
