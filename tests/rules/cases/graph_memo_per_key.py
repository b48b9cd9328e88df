"""A memo per key: ``if key in cache: return cache[key]``, and ``cache[key] = ...`` below.

What follows the early return runs once per key for the life of the process, in eager calls as
in traces (a custom-op library compiled and loaded once per source file, with progress prints):
graph code changes nothing there, so the prints and the store are silent. Twins: a print before
the memo's test runs on every eager call but once per trace; a memo that stores under another
key does not guard what follows.
"""
import tensorflow as tf

_libraries = dict()
_tables = {}


def load_library(source):
    print("Looking up", source)  # [python-print-in-graph]
    if source in _libraries:
        return _libraries[source]
    print("Compiling", source)
    library = tf.load_op_library(source)
    _libraries[source] = library
    return library


def table_for(name):
    if name in _tables:
        return _tables[name]
    print("Building", name)  # [python-print-in-graph]
    _tables["last"] = name  # [outer-collection-mutation]
    return name


@tf.function
def apply(x):
    load_library("op.so")
    return x * len(table_for("a"))
