"""TFG302: tf.functions made by functions that run in a loop, and ones made once (silent)."""
import typing

import tensorflow as tf


def scale(x):
    return x * 2


def predict(model, x):
    fast = tf.function(model)  # [tf-function-in-loop]
    return fast(x)


def make_step():
    @tf.function  # [tf-function-in-loop]
    def step(x):
        return x + 1
    return step


def evaluate_batch(x):
    return tf.function(scale)(x)  # [tf-function-in-loop]


def evaluate(batches):
    return [evaluate_batch(batch) for batch in batches]


def run_epoch(batch):
    return tf.function(scale)(batch)  # [tf-function-in-loop]


def run_epochs(batch):
    return run_epoch(batch)


def train(model, batches):
    for batch in batches:
        predict(model, batch)
        make_step()(batch)
    for _ in range(3):
        run_epochs(batches)
    return evaluate(batches)


class Trainer:
    def __init__(self):
        self.step = tf.function(self._step)  # once per Trainer: the documented pattern
        self._compiled = None
        self._by_key = {}

    def _step(self, x):
        return x * 2

    def run(self, x):
        fast = tf.function(self._step)  # [tf-function-in-loop]
        return fast(x)

    def lazily(self, x):
        if self._compiled is None:
            self._compiled = tf.function(self._step)
        return self._compiled(x)

    def cached(self, key, x):
        if key not in self._by_key:
            self._by_key[key] = tf.function(self._step)
        return self._by_key[key](x)

    def fit(self, batches):
        for batch in batches:
            self.run(batch)
            self.lazily(batch)
            self.cached("train", batch)
            self.step(batch)


# -- silent: made once, or once per item ---------------------------------------------------------

def make_scaler():
    return tf.function(scale)


SCALE = make_scaler()


def build_models(models):
    return [compile_model(model) for model in models]


def compile_model(model):
    return tf.function(model)  # called in a loop, but each call wraps another model, kept per item


def apply_all(models, x):
    for model in models:
        x = apply_one(model, x)
    return x


def apply_one(model, x):
    return tf.function(model)(x)  # the loop passes a different model every time


def called_once(x):
    return tf.function(scale)(x)


def main(batches):
    called_once(batches)
    factories = []
    for _ in range(3):
        factories.append(make_scaler())
    return factories


@tf.function
def traced_outer(x):
    for scale_by in (2, 3):
        x = helper_in_graph(x) * scale_by
    return x


def helper_in_graph(x):
    return tf.function(scale)(x)  # runs while traced_outer traces: once per trace


# -- known misses --------------------------------------------------------------------------------

class Evaluator:
    def evaluate(self, x):
        return tf.function(scale)(x)  # todo: [tf-function-in-loop]


def evaluate_with(evaluator, batches):
    for batch in batches:
        evaluator.evaluate(batch)  # called through another object: not resolved lexically


class PerBatch(tf.keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        tf.function(scale)(tf.constant(1.0))  # [tf-function-in-loop]


def build_and_train(config, batches):
    model = build_model(config)
    step = tf.function(model)  # a new model on every call: a new Function is unavoidable
    for batch in batches:
        step(batch)


def build_model(config):
    return config


def sweep(configs, batches):
    for config in configs:
        build_and_train(config, batches)


def nested_helper(x):
    def inner(y):
        return y + 1
    shifted = lambda y: y - 1  # noqa: E731
    x = tf.function(shifted)(x)  # [tf-function-in-loop]
    return tf.function(inner)(x)  # [tf-function-in-loop]


def run_nested(batches):
    for batch in batches:
        nested_helper(batch)


def trace_for_export(factory):
    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def save_fn(key):
        return factory(key)
    return save_fn.get_concrete_function()  # traced once, on purpose, and the result is kept


def export_all(factories):
    exported = {}
    for name, factory in factories.items():
        concrete = trace_for_export(factory)
        exported[name] = concrete
    return exported


def handed_on(batches, run):
    for batch in batches:
        run(tf.function(scale), batch)  # passed to unknown code: not judged


# A Function that runs a def made per call of its creator (the shape of tensorflow-probability's
# test_util._compute_numerical_jacobian): its traces are keyed on that new def, so it traces again
# wherever it is made; hoisting it saves nothing. Silent. Its twin runs only a parameter: reported.
def numerical_jacobian(fn, xs, scale):
    def grad(d):
        return (fn(xs + d * scale) - fn(xs - d * scale)) / (2.0 * scale)

    @tf.function
    def jacobian():
        return tf.map_fn(grad, tf.eye(3))

    return jacobian()


def predict_once(model, x):
    @tf.function  # [tf-function-in-loop]
    def run():
        return model(x)

    return run()


dense = tf.keras.layers.Dense(1)
for point in range(3):
    numerical_jacobian(tf.sin, tf.zeros([3]), 1e-3)
    predict_once(dense, tf.zeros([1, 3]))


# A Function that uses TensorFlow state its creator makes on each call (a model of a Keras model
# class, its optimizer, a step variable: the shape of simclr's randbits_mnist train_and_eval, one
# experiment per call). A Function made once would meet new variables on every call and trace
# for each anyway: silent. Its twin closes over state it is given (a parameter): reported.
class TinyNet(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)


def experiment(data, rate):
    model = TinyNet()
    optimizer = tf.keras.optimizers.SGD(rate)

    @tf.function
    def train_step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(model(x))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    return [train_step(x) for x in data]


def evaluate_with(model, data):
    @tf.function  # [tf-function-in-loop]
    def eval_step(x):
        return model(x)

    return [eval_step(x) for x in data]


shared = TinyNet()
for rate in (0.1, 0.2):
    experiment([tf.zeros([1, 3])], rate)
    evaluate_with(shared, [tf.zeros([1, 3])])


def make_device_fn(device):
    @tf.function
    def add_stats(x):
        return x + 1

    def run(x):
        with tf.device(device):
            return add_stats(x)

    return run


def make_unguarded_fn(device):
    @tf.function  # [tf-function-in-loop]
    def add_stats(x):
        return x + 1

    with tf.device(device):
        return add_stats(tf.ones([]))


class Host:
    """google-research/seed_rl's learner: one function per device, made by a loop that runs
    only while ``self.fns`` is unset. Twin: the same loop with no guard, on every call."""

    def __init__(self, devices):
        self.devices = devices
        self.fns = None

    def serve(self):
        if self.fns is None:
            self.fns = [make_device_fn(d) for d in self.devices]
        return self.fns

    def poll(self):
        return [make_unguarded_fn(d) for d in self.devices]


# Objects made anew by each repetition and handed to the new Function (analysis/repeated_objects):
# a Function made once would be traced for every new object as well (by identity), so making it
# anew costs no trace. The shapes of a progressive GAN that builds its networks per depth and a
# meta-learner that builds its models per task batch. Silent; the twins hand it the same objects
# on every repetition: reported.
class Critic:
    def __init__(self, depth):
        self.depth = depth

    def __call__(self, x):
        return x * self.depth


def fit_critic(critic, batches):
    @tf.function
    def step(x):
        return critic(x)

    return [step(x) for x in batches]


def grow(depths, batches):
    for depth in depths:
        fit_critic(Critic(depth), batches)  # a new critic per depth
        critic = Critic(depth)
        fit_critic(critic, batches)
        layer = tf.keras.layers.Reshape((3,))
        fit_critic(layer, batches)


def fit_shared(critic, batches):
    @tf.function  # [tf-function-in-loop]
    def step(x):
        return critic(x)

    return [step(x) for x in batches]


def grow_shared(depths, batches):
    critic = Critic(1)
    for depth in depths:
        fit_shared(critic, batches)


def make_apply():
    @tf.function
    def apply(net, x):
        return net(x)

    return apply


def grow_by_factory(depths, batches):
    for depth in depths:
        net = Critic(depth)
        apply = make_apply()
        for x in batches:
            apply(net, x)


def make_shared_apply():
    @tf.function  # [tf-function-in-loop]
    def apply(net, x):
        return net(x)

    return apply


def grow_by_factory_shared(depths, batches):
    net = Critic(1)
    for depth in depths:
        apply = make_shared_apply()
        for x in batches:
            apply(net, x)


def meta_test(task_batches):
    for tasks in task_batches:
        evaluate_tasks(tasks)


def evaluate_tasks(tasks):
    critics = []
    for task in tasks:
        critics.append(Critic(task))

    @tf.function
    def step(x):
        return tf.stack([critic(x) for critic in critics])

    return step(tf.ones([]))


def evaluate_tasks_with(critics, tasks):
    @tf.function  # [tf-function-in-loop]
    def step(x):
        return tf.stack([critic(x) for critic in critics])

    return step(tf.ones([]))


def meta_test_shared(task_batches):
    critics = [Critic(1)]
    for tasks in task_batches:
        evaluate_tasks_with(critics, tasks)


# Each iteration passes a value built from a def it makes (a JointDistributionCoroutine over a
# new model function, the shape of a TensorFlow Probability release notebook): silent. The twin
# passes what a def made once gives: reported.
def sample_all(counts, make_distribution, run):
    for count in counts:
        def model():
            return count

        distribution = make_distribution(model)
        tf.function(run)(distribution)
    def shared_model():
        return 1

    for count in counts:
        distribution = make_distribution(shared_model)
        tf.function(run)(distribution)  # [tf-function-in-loop]


# Structural values are traced by value, not identity: a new named tuple per iteration is no new
# trace for a Function made once. Reported.
class Settings(typing.NamedTuple):
    rate: float


def tune(rates, run):
    for rate in rates:
        settings = Settings(rate)
        tf.function(run)(settings)  # [tf-function-in-loop]
