"""TFG302: a function that makes and calls a tf.function, run from two or more places in eager
code, or a per-step method (item 4); and the silent twins: a factory called once and
its result kept, a memoized factory, a nested tf.function returned and kept."""
import functools
from functools import lru_cache

import tensorflow as tf


def log_prob(x):
    @tf.function  # [tf-function-in-loop]
    def density(y):
        return -0.5 * y * y
    return density(x)


def sample(x):
    first = log_prob(x)
    second = log_prob(x + 1.0)
    return first + second


class Agent:
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.step_fn = self.make_step()  # made once per Agent, kept and reused

    def make_step(self):
        @tf.function
        def step(x):
            return x * self.w
        return step

    def act(self, x):
        policy = tf.function(lambda y: y * self.w)  # [tf-function-in-loop]
        return policy(x)

    def episode(self, observations):
        for observation in observations:
            self.act(observation)
            self.step_fn(observation)


# -- silent: made once, or remembered ------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def cached_step():
    @tf.function
    def step(x):
        return x + 1
    return step


@lru_cache
def cached_scaled(x):
    return tf.function(lambda y: y * 2)(x)


def make_model_step():
    @tf.function
    def step(x):
        return x - 1
    return step


MODEL_STEP = make_model_step()


def use_cached(batches):
    for batch in batches:
        cached_step()(batch)
        MODEL_STEP(batch)
    return cached_scaled(1.0) + cached_scaled(2.0)


def evaluate_once(x):
    @tf.function
    def density(y):
        return y * 3
    return density(x)


def report(x):
    return evaluate_once(x)  # the one call site: one Function, one trace


def builder(x):
    @tf.function
    def built(y):
        return y * 4
    return built  # returned, and each caller keeps it


FIRST = builder(1.0)
SECOND = builder(2.0)


def forward_path(model, mode, inputs):
    @tf.function
    def test_step(x):
        return model(x, mode=mode)  # closes over this call's model and mode: needs its own graph
    return [test_step(x) for x in inputs]


def check_modes(model, inputs):
    forward_path(model, "eval", inputs)
    forward_path(model, "predict", inputs)


def compiled(*args, _fn=None):
    @tf.function(jit_compile=True)
    def call_fn(*inner):
        return _fn(*inner)  # wraps the function each call site hands in
    return call_fn(*args)


def compile_a(x):
    return compiled(x, _fn=tf.abs)


def compile_b(x):
    return compiled(x, _fn=tf.square)


def case_for(x):
    @tf.function
    def fn(y):
        return y + 1
    return lambda: fn(x)  # returned in a closure: each case keeps its own


CASES = [case_for(tf.ones(2)), case_for(tf.zeros(2))]
