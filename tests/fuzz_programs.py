"""Programs for fuzzing the engine: hypothesmith's random Python, and mutated example files.

Shared by tests/analysis/test_fuzz.py (a short, deterministic run in every test run) and scripts/fuzz.py
(a long run). The property is ``engine_survives``: linting any text never raises, never reports an
internal error (TFG002), and never blames the recursion limit on a rule for shallow code.

Random Python alone names no TensorFlow, so the screen would skip it: every program is put in
graph code first (a TensorFlow import, and its statements inside a ``@tf.function`` body, or its
functions decorated). The example files already are graph code; their mutations shuffle
statements, add tracing decorators and wrapping calls, rename identifiers, drop, duplicate or
nest statements, and turn functions into Keras methods.
"""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import hypothesmith
from hypothesis import strategies as st

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.engine import lint_source

REPO = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = sorted(
    [*REPO.glob("fixtures/*/*.py"), *REPO.glob("tests/rules/cases/*.py"), *REPO.glob("tests/data/verify_scripts/*.py")]
)

HEADER = "import numpy as np\nimport random\nimport tensorflow as tf\nfrom tensorflow import keras\n\n"

# How code becomes graph code, in the spellings the engine knows (and a few it must shrug off).
DECORATORS = (
    "tf.function",
    "tf.function(jit_compile=True)",
    "tf.function(reduce_retracing=True, autograph=False)",
    "tf.function(input_signature=[tf.TensorSpec([], tf.float32)])",
    "tf.compat.v2.function",
    "tf.autograph.experimental.do_not_convert",
    "tf.function()",
    "tf.function(1, 2, x=3)",
    "tf.function.attr",
    "keras.saving.register_keras_serializable()",
)
WRAPPERS = (
    "tf.function({name})",
    "tf.function({name}, input_signature=None)",
    "tf.data.Dataset.range(3).map({name})",
    "tf.map_fn({name}, tf.range(3))",
    "tf.py_function({name}, [1], tf.int32)",
    "tf.cond(True, {name}, {name})",
    "tf.while_loop({name}, {name}, [0])",
    "{name}(1, 2.0, [3], name={name})",
)
# Names a rename may introduce: the ones rules look for, so a mutation can collide with them.
SPECIAL_NAMES = (
    "print", "range", "len", "next", "iter", "super", "self", "cls", "tf", "np", "random", "keras",
    "function", "Variable", "append", "numpy", "call", "train_step", "x", "i", "__init__", "global_var",
)


# --- the property -----------------------------------------------------------------------------------

def engine_survives(text: str, path: str = "fuzzed.py") -> list[Finding]:
    """Lint ``text``; fail with the program in the message when the engine misbehaves."""
    try:
        findings = lint_source(text, path)
    except Exception as exc:  # noqa: BLE001 - this is what the property is about
        raise AssertionError(f"the engine raised {type(exc).__name__}: {exc}\n--- program ---\n{text}") from exc
    for finding in findings:
        blamed_rule = finding.code == "TFG001" and "too deeply for rule" in finding.message
        if finding.code == "TFG002" or blamed_rule:
            raise AssertionError(f"{finding.code}: {finding.message}\n--- program ---\n{text}")
    return findings


# --- putting random code into graph code ------------------------------------------------------------

def _unparse(tree: ast.AST) -> str | None:
    try:
        return ast.unparse(ast.fix_missing_locations(tree))
    except Exception:  # noqa: BLE001 - ast.unparse has gaps; such a program is simply not used
        return None


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _decorator(source: str) -> ast.expr:
    return ast.parse(source, mode="eval").body


def inside_tf_function(text: str) -> str:
    """The program's statements as the body of a ``@tf.function``: every line is graph code."""
    tree = _parse(text)
    if tree is None or not tree.body:
        return HEADER + text
    function = ast.parse("@tf.function\ndef fuzzed(x):\n    pass\n").body[0]
    function.body = tree.body
    call = ast.Expr(ast.Call(ast.Name("fuzzed", ast.Load()), [ast.Constant(1)], []))
    return HEADER + (_unparse(ast.Module([function, call], type_ignores=[])) or text)


def decorate(tree: ast.Module, rng: random.Random, probability: float = 0.7) -> None:
    """Add a tracing decorator to functions (and methods), each with the given probability."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and rng.random() < probability:
            node.decorator_list.insert(rng.randrange(len(node.decorator_list) + 1), _decorator(rng.choice(DECORATORS)))


def wrap_functions(tree: ast.Module, rng: random.Random) -> None:
    """Hand some functions and lambdas to TensorFlow: ``tf.function(f)``, ``Dataset.map(f)``, ..."""
    names = [node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for name in rng.sample(names, min(len(names), 3)):
        tree.body.append(ast.parse(f"wrapped = {rng.choice(WRAPPERS).format(name=name)}").body[0])
    lambdas = [node for node in ast.walk(tree) if isinstance(node, ast.Lambda)]
    for node in rng.sample(lambdas, min(len(lambdas), 2)):
        node.body = ast.Call(ast.Name("print", ast.Load()), [node.body], [])


# --- mutating example files -----------------------------------------------------------------------

def _bodies(tree: ast.AST):
    for node in ast.walk(tree):
        for attribute in ("body", "orelse", "finalbody"):
            body = getattr(node, attribute, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def shuffle_statements(tree: ast.Module, rng: random.Random) -> None:
    for body in list(_bodies(tree)):
        if rng.random() < 0.5:
            rng.shuffle(body)


def drop_statements(tree: ast.Module, rng: random.Random) -> None:
    for body in list(_bodies(tree)):
        for index in range(len(body)):
            if rng.random() < 0.15:
                body[index] = ast.Pass()


def duplicate_statements(tree: ast.Module, rng: random.Random) -> None:
    for body in list(_bodies(tree)):
        if rng.random() < 0.2:
            index = rng.randrange(len(body))
            body.insert(rng.randrange(len(body) + 1), copy.deepcopy(body[index]))


BLOCKS = (
    "if x:\n    pass",
    "for i in range(3):\n    pass",
    "for i in tf.range(3):\n    pass",
    "while x > 0:\n    pass",
    "with tf.name_scope('s'):\n    pass",
    "with tf.init_scope():\n    pass",
    "try:\n    pass\nexcept Exception:\n    pass",
    "def inner(x):\n    pass",
    "lambda_result = tf.map_fn(lambda x: x, x)",
)


def nest(tree: ast.Module, rng: random.Random) -> None:
    """Move a few statements into a new block: a loop, a branch, a ``with``, a nested function."""
    for body in rng.sample(list(_bodies(tree)), min(3, len(list(_bodies(tree))))):
        block = ast.parse(rng.choice(BLOCKS)).body[0]
        inner = getattr(block, "body", None)
        if not isinstance(inner, list):
            body.insert(rng.randrange(len(body) + 1), block)
            continue
        start = rng.randrange(len(body))
        stop = rng.randrange(start, len(body)) + 1
        inner[:] = body[start:stop]
        body[start:stop] = [block]


def into_keras_model(tree: ast.Module, rng: random.Random) -> None:
    """Turn the module's functions into methods of a Keras model (``call``, ``train_step``...)."""
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not functions:
        return
    model = ast.parse("class Fuzzed(tf.keras.Model):\n    pass").body[0]
    model.body = []
    for function in functions:
        tree.body.remove(function)
        function.args.args.insert(0, ast.arg("self"))
        if rng.random() < 0.5:
            function.name = rng.choice(["call", "train_step", "test_step", "predict_step", "__init__", "build"])
        model.body.append(function)
    tree.body.append(model)


def rename(tree: ast.Module, rng: random.Random) -> None:
    """Map a few identifiers to others, including the ones rules look for (``print``, ``self``...)."""
    used = sorted({name for node in ast.walk(tree) for name in _identifiers(node)})
    if not used:
        return
    pool = used + list(SPECIAL_NAMES)
    mapping = {old: rng.choice(pool) for old in rng.sample(used, min(len(used), rng.randint(1, 4)))}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]
        elif isinstance(node, ast.arg) and node.arg in mapping:
            node.arg = mapping[node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in mapping:
            node.name = mapping[node.name]
        elif isinstance(node, ast.Attribute) and node.attr in mapping:
            node.attr = mapping[node.attr]
        elif isinstance(node, ast.alias) and (node.asname or node.name) in mapping:
            if node.asname:
                node.asname = mapping[node.asname]
            elif "." not in node.name:
                node.name = mapping[node.name]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            node.names = [mapping.get(name, name) for name in node.names]


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    return []


MUTATIONS: dict[str, Callable[[ast.Module, random.Random], None]] = {
    "shuffle": shuffle_statements,
    "decorate": decorate,
    "wrap": wrap_functions,
    "rename": rename,
    "drop": drop_statements,
    "duplicate": duplicate_statements,
    "nest": nest,
    "keras": into_keras_model,
}


def mutate(text: str, operations: list[str], seed: int) -> str:
    tree = _parse(text)
    if tree is None:
        return text
    rng = random.Random(seed)
    for operation in operations:
        MUTATIONS[operation](tree, rng)
    return _unparse(tree) or text


# --- hypothesis strategies ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _source_strategy(node_based: bool) -> st.SearchStrategy[str]:
    # Built once: from_grammar compiles a parser for Python's grammar, which takes seconds.
    return hypothesmith.from_node() if node_based else hypothesmith.from_grammar()


@st.composite
def generated_programs(draw, node_based: bool = False) -> str:
    """hypothesmith's program, placed in graph code one of three ways."""
    text = draw(_source_strategy(node_based))
    placement = draw(st.sampled_from(["inside", "decorated", "header"]))
    if placement == "inside":
        return inside_tf_function(text)
    tree = _parse(text)
    if placement == "decorated" and tree is not None:
        rng = random.Random(draw(st.integers(0, 2**32)))
        decorate(tree, rng, probability=1.0)
        wrap_functions(tree, rng)
        return HEADER + (_unparse(tree) or text)
    return HEADER + text


@st.composite
def mutated_examples(draw) -> tuple[str, str]:
    """(example file name, its mutated text)."""
    path = draw(st.sampled_from(EXAMPLE_FILES))
    operations = draw(st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1, max_size=4))
    seed = draw(st.integers(0, 2**32))
    return f"{path.parent.name}/{path.name} {operations} seed={seed}", mutate(
        path.read_text(encoding="utf-8", errors="replace"), operations, seed
    )
