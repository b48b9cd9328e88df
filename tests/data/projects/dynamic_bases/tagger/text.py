"""Helpers that need eager tensors, reached from embedding.py's layers (and plain.py's): only the
one no other graph code than the dynamic layer's reaches runs eagerly."""


def first_string(strings):
    return strings[0].numpy().decode("utf-8")  # low: [eager-only-call-in-graph]


def last_string(strings):
    return strings[-1].numpy().decode("utf-8")  # [eager-only-call-in-graph]


def any_string(strings):
    return strings[1].numpy().decode("utf-8")  # [eager-only-call-in-graph]


def shared_string(strings):
    return strings[2].numpy().decode("utf-8")  # [eager-only-call-in-graph]
