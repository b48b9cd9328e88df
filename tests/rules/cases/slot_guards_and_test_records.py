"""Create-once guards on a slot of a container, and what tests record while tracing.

Shapes of deepmind/sonnet's tests (2020, held out 2026-11-26): ``if variables[0] is None:``
then ``variables[0] = tf.Variable(...)`` makes the variable on the first trace only, as eager
calls would; ``if not mod[0]: mod[0] = module_fn()`` builds a module once; a test's own list
that its tf.function fills is the test's record of what tracing did (it then checks
``len(logged)``): LOW. Twins that still fire: the slot filled without a guard, a guard on
another slot, and the same record kept by a function that is not a test.
"""
import tensorflow as tf


def test_slot_guard():
    variables = [None, None]

    def f():
        if variables[0] is None:
            v1 = tf.Variable(1.0)
            variables[0] = v1
        return variables[0] * 2.0

    tf.function(f)()


def test_slot_guard_by_key():
    cache = {}

    def f():
        if cache.get("unused") is None and not cache:
            cache["v"] = tf.Variable(1.0)  # [variable-created-in-graph]
        return cache["v"]

    tf.function(f)()


def test_unguarded_slot():
    variables = [None]

    def f():
        variables[0] = tf.Variable(1.0)  # [variable-created-in-graph]
        return variables[0]

    tf.function(f)()


def test_guard_on_another_slot():
    variables = [None, None]

    def f():
        if variables[1] is None:
            variables[0] = tf.Variable(1.0)  # [variable-created-in-graph]
        return variables[0]

    tf.function(f)()


def test_module_built_once(module_fn, x):
    logged = []
    mod = [None]

    @tf.function
    def f():
        if not mod[0]:
            mod[0] = module_fn()
        y = mod[0](x)
        logged.append(y)  # low: [outer-collection-mutation]
        return y

    f()
    assert len(logged) == 1


def build_every_trace(module_fn, x):
    logged = []
    mod = [None]

    @tf.function
    def f():
        mod[0] = module_fn()  # [outer-collection-mutation]
        y = mod[0](x)
        logged.append(y)  # [outer-collection-mutation]
        return y

    return f(), logged
