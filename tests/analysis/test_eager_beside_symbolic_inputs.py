"""A project whose only tracing is a symbolic Keras ``Input`` traces only the classes it is given
to (analysis/symbolic_inputs, cli/view_eager): every other Keras class the project makes and calls
on eager values stays eager (its findings LOW), and any use of the Input the project does not show
brings the findings back."""

from __future__ import annotations

import textwrap

import pytest

from project_lint import lint_project, project_findings, write_project

from tfgraph_lint.analysis.project_tracing import tracing_shown

MODELS = textwrap.dedent("""\
    import tensorflow as tf


    class Value(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, state):
            print("value", state)
            return self.dense(state)


    class Actor(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(2)

        def call(self, state):
            print("actor", state)
            return self.dense(state)
    """)

# In the shape of a SAC agent: the value networks are built on a symbolic Input in a plain
# class's ``__init__``, the actor is only called on eager states in its plain methods.
AGENT = textwrap.dedent("""\
    import tensorflow as tf

    from models import Actor, Value


    class Agent:
        def __init__(self):
            self.actor = Actor()
            self.value = Value()
            inputs = tf.keras.Input(shape=(4,), dtype=tf.float32)
            self.value(inputs)
    {extra}
        def act(self, state):
            action = self.actor(state)
            return action.numpy()

        def estimate(self, state):
            return self.value(state).numpy()
    """)

MAIN = "import numpy as np\n\nfrom agent import Agent\n\nagent = Agent()\nprint(agent.act(np.ones((1, 4))))\n"
VALUE_PRINT, ACTOR_PRINT = (MODELS.splitlines().index(f'        print("{name}", state)') + 1 for name in ("value", "actor"))


def _project(tmp_path, extra: str = "", main: str = MAIN, agent: str = AGENT) -> set:
    write_project(tmp_path, {"models.py": MODELS, "agent.py": agent.format(extra=extra), "main.py": main})
    return {(line, confidence) for name, line, code, confidence in project_findings(tmp_path)
            if name == "models.py" and code == "TFG101"}


def test_a_class_never_given_the_input_is_eager_and_the_one_given_it_is_not(tmp_path):
    assert _project(tmp_path) == {(VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "LOW")}
    actor = [f for f in lint_project(tmp_path) if f["line"] == ACTOR_PRINT and f["path"].endswith("models.py")]
    assert "never given a symbolic Input" in actor[0]["message"]
    assert "held by Agent, made in main.py:5" in actor[0]["message"]


def test_a_layer_of_a_functional_model_built_on_the_input_stays_graph_code(tmp_path):
    functional = AGENT.replace("self.value(inputs)", "self.head = tf.keras.Model(inputs, Value()(inputs))")
    assert _project(tmp_path, agent=functional) == {(VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "LOW")}


@pytest.mark.parametrize("extra", [
    "        keep(inputs)\n",  # handed to a function the project does not show
    "        self.inputs = inputs\n",  # stored: its uses elsewhere are not followed
    "        self.out = self.value(inputs)\n",  # the symbolic result stored
    "        fn = tf.keras.Input\n",  # an Input read, not called
])
def test_a_use_of_the_input_not_shown_keeps_both_classes_graph_code(tmp_path, extra):
    assert _project(tmp_path, extra) == {(VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "INFERENCE")}


def test_a_tf_function_anywhere_keeps_both_classes_graph_code(tmp_path):
    main = MAIN + "\n\n@tf.function\ndef double(x):\n    return 2 * x\n"
    assert _project(tmp_path, main="import tensorflow as tf\n" + main) == {
        (VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "INFERENCE")}


def test_the_actor_given_the_input_too_stays_graph_code(tmp_path):
    assert _project(tmp_path, "        self.actor(inputs)\n") == {(VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "INFERENCE")}


def test_a_class_held_by_one_given_the_input_stays_graph_code(tmp_path):
    # Value's call calls the Actor it holds, on the symbolic tensors it is given.
    models = MODELS.replace("self.dense = tf.keras.layers.Dense(1)", "self.dense = Actor()")
    write_project(tmp_path, {"models.py": models, "agent.py": AGENT.format(extra=""), "main.py": MAIN})
    found = {(line, confidence) for name, line, code, confidence in project_findings(tmp_path)
             if name == "models.py" and code == "TFG101"}
    assert found == {(VALUE_PRINT, "INFERENCE"), (ACTOR_PRINT, "INFERENCE")}


@pytest.mark.parametrize("source, given", [
    # A functional model: the Input and the symbolic tensors made of it reach Block and Dense.
    ("inputs = tf.keras.Input((3,))\nx = Block()(inputs)\nmodel = tf.keras.Model(inputs, layers.Dense(1)(x))\n",
     {"Block", "Dense"}),
    ("net = Net()\nx = tf.keras.Input((3,))\nnet(x)\n", {"Net"}),
    # A Sequential holding its own InputLayer builds the layers added beside it.
    ("class M(Model):\n    def __init__(self):\n        self.net = Sequential()\n"
     "        self.net.add(layers.InputLayer(input_shape=3))\n        self.net.add(Block())\n",
     {"Sequential", "InputLayer", "Block"}),
    ("net = Sequential([Block(input_shape=(3,)), Other()])\n", {"Sequential", "Block", "Other"}),
    ("block = Block()\nnet = Sequential([InputLayer(input_shape=3), block])\n", {"Sequential", "InputLayer", "Block"}),
    ("net = Sequential([InputLayer(input_shape=3)])\nnet.add(Block())\n", {"Sequential", "InputLayer", "Block"}),
    # An InputLayer a model holds and calls passes its argument through: it builds nothing else.
    ("class M(Model):\n    def __init__(self):\n        self.first = layers.InputLayer(input_shape=3)\n\n"
     "    def call(self, x):\n        return self.first(x)\n", {"InputLayer"}),
    # A read before the Input's binding, in the same block and no loop, reads an earlier value; a
    # function's own parameter of the same name is another variable.
    ("inputs = load()\nx = inputs[:, :2]\ninputs = tf.keras.Input((3,))\nNet()(inputs)\n", {"Net"}),
    ("def first(inputs):\n    return inputs[0]\n\n\ninputs = tf.keras.Input((3,))\nNet()(inputs)\n", {"Net"}),
    ("def first():\n    inputs = load()\n    return inputs[0]\n\n\ninputs = tf.keras.Input((3,))\nNet()(inputs)\n",
     {"Net"}),
])
def test_the_classes_symbolic_inputs_are_given_to(source, given):
    inputs, _others, receivers, _reached = tracing_shown(source)
    assert inputs and {attribute or base for _holder, base, attribute, _line in receivers} == given


def test_a_receiver_names_the_class_whose_statement_makes_it():
    source = "class Agent:\n    def __init__(self):\n        self.net = models.Net()\n        self.net(Input((3,)))\n"
    assert tracing_shown(source) == [True, False, [["Agent", "models", "Net", 3], ["Agent", "Input", None, 4]], []]


@pytest.mark.parametrize("source", [
    "inputs = tf.keras.Input((3,))\nreturn_value = build(inputs)\n",  # handed to a function
    "def make():\n    inputs = tf.keras.Input((3,))\n    return inputs\n",  # returned
    "inputs = tf.keras.Input((3,))\nx = Block()(inputs)\nprint(x)\n",  # a symbolic result handed on
    "inputs = tf.keras.Input((3,))\nmodel = tf.keras.Model(inputs, Block()(inputs))\nmodel.fit(a, b)\n",
    "layer = make(input_shape=(3,))\n",  # made by a function, not a class
    "net = Sequential([InputLayer(input_shape=3)])\nnet.add(make_block())\n",  # a layer not shown made by a class
    "net = Sequential([InputLayer(input_shape=3), blocks[0]])\n",
    # The twins of reads that come before the binding: after it, in a loop that brings it round,
    # in a function called after it, in a function that declares the name global.
    "inputs = load()\ninputs = tf.keras.Input((3,))\nx = inputs[:, :2]\n",
    "for batch in data:\n    x = inputs[:, :2]\n    inputs = tf.keras.Input((3,))\n",
    "def first():\n    return inputs[0]\n\n\ninputs = tf.keras.Input((3,))\nfirst()\n",
    "def first():\n    global inputs\n    inputs = load()\n    return inputs[0]\n\n\ninputs = tf.keras.Input((3,))\n",
])
def test_a_use_not_shown_is_tracing(source):
    assert tracing_shown(source) is True
