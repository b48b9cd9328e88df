"""TFG202: TF1 sessions in graph code: made there, or asked to run() what is being traced."""
import tensorflow as tf

session = tf.compat.v1.Session()
interactive = tf.compat.v1.InteractiveSession()


@tf.function
def makes_a_session(x):
    sess = tf.compat.v1.Session()  # [eager-only-call-in-graph]
    return x + 1.0, sess


@tf.function
def runs_a_module_session(x):
    return session.run(x * 2.0)  # [eager-only-call-in-graph]


@tf.function
def runs_in_a_with(x):
    with tf.compat.v1.Session() as sess:  # [eager-only-call-in-graph]
        return sess.run(x)  # [eager-only-call-in-graph]


@tf.function
def runs_a_keras_session(x):
    sess = tf.compat.v1.keras.backend.get_session()
    return sess.run(x)  # [eager-only-call-in-graph]


def preprocess(x, sess):
    return sess.run(x)  # low: [eager-only-call-in-graph]


dataset = tf.data.Dataset.range(3).map(lambda v: preprocess(v, session))


class Runner:
    def run(self, x):
        return x


@tf.function
def runs_something_else(x, runner: Runner):
    return runner.run(x)  # a run() method of another object: silent


def eager_evaluation(x):
    return session.run(x)  # not graph code: silent


class Tf1Port:
    """A TF1 class ported to TF2: the session made in __init__, its run() left in the traced step."""

    def __init__(self):
        self.sess = tf.compat.v1.Session()
        self.session = object()  # named like a session, made as something else

    @tf.function
    def step(self, x):
        return self.sess.run(x + 1.0)  # [eager-only-call-in-graph]

    @tf.function
    def other(self, x):
        return self.session.run(x)  # self.session is shown not to be a session: silent

    def eager_step(self, x):
        return self.sess.run(x)  # not graph code: silent


class Holder:
    def __init__(self, session):
        self.session = session

    @tf.function
    def step(self, x):
        return self.session.run(x)  # low: [eager-only-call-in-graph]


@tf.function
def runs_the_keras_session_directly(x):
    return tf.compat.v1.keras.backend.get_session().run(x)  # [eager-only-call-in-graph]


@tf.function
def runs_a_made_runner(x):
    return Runner().run(x)  # a run() of another object, made in place: silent
