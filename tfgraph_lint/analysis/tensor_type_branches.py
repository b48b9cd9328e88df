"""Branches that graph code's tensors never take: ``if not isinstance(x, tf.Tensor):``.

In traced code a value that is a tensor is a symbolic ``tf.Tensor``, so the body of ``if not
isinstance(x, tf.Tensor):`` (or the else of ``if isinstance(x, tf.Tensor):``) runs only for the
other kinds of value the code also accepts: a NumPy array, a Python number, a variable (shape of
tensorflow/graphics' centernet_vid.py, which logs ``loss.numpy()`` only for a loss that is not a
tensor). The body of ``if isinstance(x, np.ndarray):`` is such a branch too, and so, for the
value it tests, is the body of ``if isinstance(x, list):`` (or ``tuple``, ``dict``, ``int``, ...,
alone, in a tuple of types, or ``or``-ed on the same name): a symbolic tensor is none of these
(NVIDIA DeepLearningExamples' ELECTRA ``get_shape_list`` takes ``np.array(tensor).shape`` only for
a NumPy array or a list). So is the right side of ``tree.is_nested(x) and len(x) == n`` (or of an
``and`` after such an ``isinstance`` test): Python evaluates it only for a structure. So is what
follows ``isinstance(x, tf.Tensor) or`` (or ``not isinstance(x, tf.Tensor) and``) when it reads
no name but ``x``: ``isinstance(normalizer, tf.Tensor) or normalizer != 1.0`` compares only a
number (NVIDIA DeepLearningExamples' Mask R-CNN losses). So is the body of ``if hasattr(v,
"numpy"):`` (a symbolic tensor has no ``numpy``) and of ``if "torch.Tensor" in str(type(v)):``
with a text no TensorFlow tensor's type name contains (keras-hub's preprocessors accept other
backends' arrays). What happens there is no hazard of tensors; rules report it at LOW at most.
Tensor evidence asks :func:`narrowed_to_non_tensor` for every name: where such a test of that very
name rules a tensor out, and no binding inside the branch makes it anew, the name holds no tensor.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_builtin_call, is_builtin_name, qualified_name

_TENSOR_TYPES = frozenset({"tensorflow.Tensor", "tensorflow.python.framework.tensor.Tensor"})
_IS_TENSOR = frozenset({"tensorflow.is_tensor", "tensorflow.python.framework.tensor_util.is_tf_type"})
# Types only eager tensors are instances of, and tests true only for symbolic ones.
_EAGER_TYPES = frozenset({"tensorflow.python.framework.ops.EagerTensor", "tensorflow.__internal__.EagerTensor"})
_IS_SYMBOLIC = frozenset({"tensorflow.is_symbolic_tensor", "tensorflow.python.framework.ops.is_symbolic_tensor"})
# Builtin types no tensor is an instance of.
_PYTHON_TYPES = frozenset({"list", "tuple", "dict", "set", "int", "float", "str", "bytes", "bool"})
# Structure tests (tf.nest, Keras's and dm-tree's ``tree``) that a tensor fails: it is a leaf.
_NESTED_CHECKS = frozenset({"is_nested", "is_sequence"})


def in_non_tensor_branch(node: nodes.NodeNG, name: str | None = None) -> bool:
    """``node`` is in such a branch (up to its function), for the value named ``name`` when given."""
    return _non_tensor_branch(node, name) is not None


def narrowed_to_non_tensor(name: nodes.Name, reaching: list[nodes.NodeNG]) -> bool:
    """``name`` is read in such a branch for its own value, and none of the bindings that reach it
    (``reaching``) lies inside that branch: ``if isinstance(y, dict): raise ValueError(f"{y}")``
    reads no tensor, while ``if isinstance(x, list): x = tf.stack(x); f(x)`` reads one."""
    branch = _non_tensor_branch(name, name.name, own_value=True)
    if branch is None:
        return False
    return not any(binding is branch or _inside(binding, branch) for binding in reaching)


def _inside(node: nodes.NodeNG, ancestor: nodes.NodeNG) -> bool:
    parent = node.parent
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parent
    return False


def _non_tensor_branch(node: nodes.NodeNG, name: str | None, own_value: bool = False) -> nodes.NodeNG | None:
    """The ``if`` statement or ``and`` expression that makes ``node``'s branch such a branch;
    with ``own_value``, only a test of the value named ``name`` itself counts."""
    fn = node.frame()
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if (name is not None and isinstance(parent, nodes.BoolOp) and parent.op == "and"
                and child in parent.values and any(
                    _non_tensor_check(value) == name or _nested_check(value) == name
                    for value in parent.values[:parent.values.index(child)])):
            return parent  # ``tree.is_nested(x) and len(x) == n``: evaluated only for a structure
        if isinstance(parent, nodes.If) and child is not parent.test:
            test, negated = parent.test, False
            if isinstance(test, nodes.UnaryOp) and test.op == "not":
                test, negated = test.operand, True
            tested = _tensor_check(test)
            if tested is not None and (name is None or tested == name):
                return parent if (child in parent.body) == negated else None
            if _numpy_check(test) and not negated and child in parent.body and not own_value:
                return parent  # ``if isinstance(x, np.ndarray): return img.numpy()``
            if (name is not None and not negated and child in parent.body
                    and _non_tensor_check(test) == name):
                return parent  # ``if isinstance(x, (np.ndarray, list)): np.array(x)``
            asked = _symbolic_tensor_lacks(test)
            if asked is not None and (name is None or asked == name) and not negated and child in parent.body:
                return parent  # ``if hasattr(v, "numpy"): v.numpy()``, ``if "torch" in str(type(x)):``
        child, parent = parent, parent.parent
    return None


def after_tensor_check(boolop: nodes.BoolOp, value: nodes.NodeNG) -> bool:
    """``value``, an operand of ``boolop``, runs only when an earlier operand found its one name
    not a tensor: ``isinstance(x, tf.Tensor) or x != 1.0``, ``not tf.is_tensor(x) and x > 0``."""
    names = {name.name for name in value.nodes_of_class(nodes.Name)}
    if len(names) != 1 or value not in boolop.values:
        return False
    for earlier in boolop.values[:boolop.values.index(value)]:
        negated = isinstance(earlier, nodes.UnaryOp) and earlier.op == "not"
        check = earlier.operand if negated else earlier
        if negated == (boolop.op == "and") and _tested_name(check) in names:
            return True
    return False


def _tested_name(test: nodes.NodeNG) -> str | None:
    """The name ``isinstance(name, tf.Tensor)`` or ``tf.is_tensor(name)`` asks about."""
    if (isinstance(test, nodes.Call) and len(test.args) == 1 and isinstance(test.args[0], nodes.Name)
            and qualified_name(test.func) in _IS_TENSOR):
        return test.args[0].name
    return _tensor_check(test)


def symbolic_values_skip(test: nodes.NodeNG) -> str | None:
    """``"body"`` or ``"orelse"``: the branch of ``if test:`` a value of graph code never takes when
    ``test`` tells eager (or other libraries') values from symbolic tensors: the body of ``if
    hasattr(x, "numpy"):``, of ``if "torch" in str(type(x)):`` and of ``if isinstance(x,
    EagerTensor):``, the else of ``if tf.is_symbolic_tensor(x):``. The branch is the author's path
    for values a trace does not carry, whatever else it computes on."""
    if _symbolic_tensor_lacks(test) is not None or _isinstance_of(test, _EAGER_TYPES) is not None:
        return "body"
    if isinstance(test, nodes.Call) and len(test.args) == 1 and qualified_name(test.func) in _IS_SYMBOLIC:
        return "orelse"
    return None


def tests_for_tensor(test: nodes.NodeNG) -> bool:
    """``tf.is_tensor(x)`` or ``isinstance(x, tf.Tensor)``: true for every value of graph code."""
    if isinstance(test, nodes.Call) and len(test.args) == 1:
        return qualified_name(test.func) in _IS_TENSOR
    return _isinstance_of(test, _TENSOR_TYPES) is not None


def _tensor_check(test: nodes.NodeNG) -> str | None:
    """The name ``isinstance(name, tf.Tensor)`` asks about; None for any other test."""
    tested = _isinstance_of(test, _TENSOR_TYPES)
    return tested.name if isinstance(tested, nodes.Name) else None


_NUMPY_TYPES = frozenset({"numpy.ndarray", "numpy.generic"})


def _numpy_check(test: nodes.NodeNG) -> bool:
    """``isinstance(x, np.ndarray)``: its body runs for NumPy input, which traced code's values,
    tensors, are not (tf_keras' ``smart_resize`` returns ``img.numpy()`` only for NumPy input)."""
    return _isinstance_of(test, _NUMPY_TYPES) is not None


def _non_tensor_check(test: nodes.NodeNG) -> str | None:
    """The name that ``isinstance(name, T)`` asks about when no tensor is a ``T`` (NumPy arrays,
    builtin types, a tuple of them), or an ``or`` of such tests on one name; None otherwise."""
    if isinstance(test, nodes.BoolOp) and test.op == "or":
        names = {_non_tensor_check(value) for value in test.values}
        return names.pop() if len(names) == 1 else None
    if not (is_builtin_call(test, "isinstance") and len(test.args) == 2 and isinstance(test.args[0], nodes.Name)):
        return None
    types = test.args[1].elts if isinstance(test.args[1], nodes.Tuple) else [test.args[1]]
    return test.args[0].name if types and all(_names_non_tensor_type(t) for t in types) else None


# How Python prints the types of TensorFlow's symbolic values (``str(type(x))``).
_TENSOR_TYPE_TEXTS = (
    "<class 'tensorflow.python.framework.ops.SymbolicTensor'>",
    "<class 'tensorflow.python.framework.tensor.Tensor'>",
    "<class 'tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor'>",
    "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>",
)


def _symbolic_tensor_lacks(test: nodes.NodeNG) -> str | None:
    """The name a test asks something about that no symbolic tensor has: ``hasattr(v, "numpy")``
    (only an eager tensor, or another library's array, has ``numpy``), or ``"torch.Tensor" in
    str(type(v))`` with a text that no TensorFlow tensor's type name contains."""
    if (is_builtin_call(test, "hasattr") and len(test.args) == 2 and isinstance(test.args[0], nodes.Name)
            and isinstance(test.args[1], nodes.Const) and test.args[1].value == "numpy"):
        return test.args[0].name
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "in"
            and isinstance(test.left, nodes.Const) and isinstance(test.left.value, str) and test.left.value):
        return None
    typed = test.ops[0][1]
    if not (is_builtin_call(typed, "str") and len(typed.args) == 1 and is_builtin_call(typed.args[0], "type")
            and len(typed.args[0].args) == 1 and isinstance(typed.args[0].args[0], nodes.Name)):
        return None
    if any(test.left.value in text for text in _TENSOR_TYPE_TEXTS):
        return None
    return typed.args[0].args[0].name


def _nested_check(test: nodes.NodeNG) -> str | None:
    """The name ``tf.nest.is_nested(name)`` (``tree.is_nested``, ``nest.is_sequence``) asks about:
    true for a list, tuple or dict of values, false for a tensor."""
    if not (isinstance(test, nodes.Call) and len(test.args) == 1 and not test.keywords
            and isinstance(test.args[0], nodes.Name)):
        return None
    func = test.func
    last = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", None)
    return test.args[0].name if last in _NESTED_CHECKS else None


def _names_non_tensor_type(expr: nodes.NodeNG) -> bool:
    if isinstance(expr, nodes.Name) and expr.name in _PYTHON_TYPES and is_builtin_name(expr):
        return True
    return qualified_name(expr) in _NUMPY_TYPES


def _isinstance_of(test: nodes.NodeNG, types: frozenset[str]) -> nodes.NodeNG | None:
    """What ``isinstance(value, T)`` asks about, when ``T`` is one of ``types``."""
    if is_builtin_call(test, "isinstance") and len(test.args) == 2 and qualified_name(test.args[1]) in types:
        return test.args[0]
    return None
