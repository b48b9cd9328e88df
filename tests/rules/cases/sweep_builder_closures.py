"""Sweep of TensorFlow Probability 0.25.0: closures read by callables that a graph builder traces
at once (tf.while_loop, tf.cond) are never stale, however often the enclosing code rebinds them.

TFG107 reported these shapes (tfp math/diag_jacobian.py, math/ode/bdf.py, math/special.py): the
builder traces its body during the call, so the value read is the one current at that moment,
exactly as in eager mode. Only a function traced once and called again later (a tf.function)
can keep a stale capture.
"""
import tensorflow as tf


def diag_jacobian(xs, ys):
    """Two Python loops rebind 'x' and 'n'; each while_loop traces with its iteration's values."""
    jacobians = []
    with tf.name_scope("jacobians_diag"):
        for y, x in zip(ys, xs):
            n = tf.cast(tf.size(x), dtype=tf.int32)

            def loop_body(j):
                return tf.gradients(ys=y[..., j], xs=x)[0]

            _, result = tf.while_loop(
                cond=lambda j, _: j < n,
                body=lambda j, acc: (j + 1, acc.write(j, loop_body(j))),
                loop_vars=[0, tf.TensorArray(x.dtype, n)],
            )
            jacobians.append(result.stack())
        for i, x in enumerate(xs):
            n = tf.size(x)
            _, result = tf.while_loop(
                cond=lambda j, _: j < n,
                body=lambda j, acc: (j + 1, acc.write(j, x[j])),
                loop_vars=(0, tf.TensorArray(x.dtype, n)),
            )
            jacobians.append(result.stack())
    return jacobians


def solve(max_num_steps, newton_tol_factor, initial_state, validate_args=True):
    """Parameters normalised after the nested defs and before the builder runs them (bdf.py)."""

    def maybe_step(accepted, state):
        steps = tf.where(tf.equal(state, max_num_steps), -1, 0)
        return accepted, state + newton_tol_factor * tf.cast(steps, state.dtype)

    def advance(state):
        return tf.while_loop(lambda accepted, _: ~accepted, maybe_step, (False, state))

    max_num_steps = tf.convert_to_tensor(max_num_steps, dtype=tf.int32)
    newton_tol_factor = tf.convert_to_tensor(newton_tol_factor, dtype=tf.float32)
    if validate_args:
        newton_tol_factor = tf.ensure_shape(newton_tol_factor, [])
    return advance(initial_state)


def betaincinv(a, b, y):
    """'y' is rebound only after the while_loop has returned (special.py)."""
    a, b, y = [tf.convert_to_tensor(z) for z in [a, b, y]]
    y_orig = y
    y = tf.where(y > 0.5, 1.0 - y, y)

    def root_finding_iteration(should_stop, candidate):
        error = a * candidate - y
        return should_stop | (tf.abs(error) < 1e-6), candidate - error

    _, result = tf.while_loop(
        cond=lambda stop, *_: tf.reduce_any(~stop),
        body=root_finding_iteration,
        loop_vars=(tf.equal(y, 0.0), b * tf.ones_like(y)),
        maximum_iterations=8,
    )
    y = y_orig
    return tf.where(y > 0.5, 1.0 - result, result)


def branches(pred, x):
    """tf.cond traces both branches during the call, with the closure values of that moment."""
    scale = 2.0
    first = tf.cond(pred, lambda: x * scale, lambda: x)
    scale = 3.0
    second = tf.cond(pred, lambda: x * scale, lambda: x)
    return first + second
