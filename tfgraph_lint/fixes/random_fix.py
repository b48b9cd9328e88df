"""TFG102: ``np.random.normal/uniform/...(...)`` -> the ``tf.random`` op drawing the same way.

The shape comes from ``size`` (or ``randn``/``rand``'s dimensions) and the distribution's
parameters carry over (``loc``/``scale`` -> ``mean``/``stddev``, ``low``/``high`` ->
``minval``/``maxval``). The dtype must come out as the NumPy value would have become a tensor,
so the fix is made only where that is plain:

- ``np.random.normal(size=n).astype(np.float32)``: the ``astype`` dtype;
- ``tf.constant(draw, dtype=D)``, ``tf.convert_to_tensor(draw, dtype=D)``, ``tf.cast(draw, D)``:
  ``D``;
- ``tf.constant(draw)`` or ``tf.convert_to_tensor(draw)``, directly or through a local name
  used only that way: ``tf.float64`` for an array (NumPy draws float64), the default float32
  for a single number (a Python float becomes float32).
Anywhere else (``x + np.random.normal(size=3)``, where TensorFlow converts the array to ``x``'s
dtype) the dtype is not known from the code, and the finding is left for the user.
Seeded generators (``rng.normal(...)``) and the stdlib ``random`` module are left alone too.
"""

from __future__ import annotations

import libcst as cst

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.fixes import FixContext, attribute, imports


# NumPy function -> (tf.random op, [(NumPy parameter, tf.random parameter)], takes ``size``).
# ``randn``/``rand`` take the dimensions as positional arguments instead.
_DRAWS = {
    "normal": ("normal", [("loc", "mean"), ("scale", "stddev")], True),
    "standard_normal": ("normal", [], True),
    "uniform": ("uniform", [("low", "minval"), ("high", "maxval")], True),
    "random": ("uniform", [], True),
    "random_sample": ("uniform", [], True),
    "randn": ("normal", [], False),
    "rand": ("uniform", [], False),
}
_FLOAT_DTYPES = {"float16": "float16", "half": "float16", "float32": "float32", "single": "float32",
                 "float64": "float64", "double": "float64", "float": "float64"}
_TO_TENSOR = frozenset({"tensorflow.constant", "tensorflow.convert_to_tensor"})
_CAST = "tensorflow.cast"
_DEFAULT = object()  # the dtype tf.random picks itself (float32)


def plan(context: FixContext, finding: Finding, column: int):
    for node in context.at(finding.line, column):
        if not isinstance(node, cst.Call):
            continue
        name = imports.qualified(node.func, context.aliases) or ""
        package, _, function = name.rpartition(".")
        if package != "numpy.random" or function not in _DRAWS:
            continue
        arguments = _bind(node, function)
        shape = _shape(arguments) if arguments is not None else None
        if shape is None:
            return None
        replacements = _replacements(node, _returns_python_float(arguments), context)
        tf = context.tf() if replacements else None
        if tf is None:
            return None
        return [
            (target, (lambda _updated, d=dtype: _tf_random(tf, function, arguments, shape, d))
             if dtype is not _NAME else (lambda _updated, n=name_node: n))
            for target, dtype, name_node in replacements
        ]
    return None


def _bind(call: cst.Call, function: str) -> dict[str, cst.BaseExpression] | None:
    """NumPy's parameters -> the argument expressions (``_dims`` for randn/rand); None if unknown."""
    op, parameters, takes_size = _DRAWS[function]
    names = [numpy for numpy, _ in parameters] + (["size"] if takes_size else [])
    bound: dict[str, cst.BaseExpression] = {}
    dims = []
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is None:
            if not takes_size:
                dims.append(arg.value)
            elif i < len(names):
                bound[names[i]] = arg.value
            else:
                return None
        elif arg.keyword.value in names:
            bound[arg.keyword.value] = arg.value
        else:
            return None  # dtype=, out=, ...: not a plain draw
    if not takes_size:
        bound["_dims"] = cst.Tuple([cst.Element(d) for d in dims]) if dims else cst.Tuple([])
    return bound


def _shape(arguments: dict) -> cst.BaseExpression | None:
    if "_dims" in arguments:
        return arguments["_dims"]
    size = arguments.get("size")
    if size is None or (isinstance(size, cst.Name) and size.value == "None"):
        return cst.Tuple([])
    if isinstance(size, cst.Integer):
        return cst.Tuple([cst.Element(size)])
    if isinstance(size, (cst.Tuple, cst.List)):
        return size
    if isinstance(size, cst.Attribute) and size.attr.value == "shape":
        return size
    return None  # a name or an expression: an int or a tuple, we cannot tell


def _returns_python_float(arguments: dict) -> bool:
    """NumPy returns a Python float, not an array, without ``size`` (or ``randn()``/``rand()``)."""
    if "_dims" in arguments:
        return not arguments["_dims"].elements
    size = arguments.get("size")
    return size is None or (isinstance(size, cst.Name) and size.value == "None")


_NAME = object()  # a replacement by a name rather than by a draw


def _replacements(call: cst.Call, python_float: bool, context: FixContext):
    """[(node to replace, dtype of the draw that replaces it, or _NAME, name node)], [] if unknown.

    ``tf.constant`` refuses a tensor in graph code, so a conversion of the draw goes with it: the
    draw is made in the dtype the conversion would have given."""
    parent = context.parent(call)
    # ``draw.astype(D)``: replace the whole expression, drawing in D directly.
    if isinstance(parent, cst.Attribute) and parent.attr.value == "astype":
        outer = context.parent(parent)
        if isinstance(outer, cst.Call) and len(outer.args) == 1 and not outer.args[0].keyword:
            dtype = _numpy_float(outer.args[0].value, context)
            return [(outer, dtype, None)] if dtype is not None else []
        return []
    conversion = _conversion(call, context)
    if conversion is not None:
        converting, kind, dtype = conversion
        if kind == _CAST:
            return [(call, dtype.deep_clone(), None)] if dtype is not None else []
        return [(converting, dtype.deep_clone() if dtype is not None else _value_dtype(python_float), None)]
    # ``a = draw`` where every use of ``a`` is a conversion without a dtype.
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
        uses = _uses(parent, parent.targets[0].target.value, context) or []
        conversions = [_conversion(use, context) for use in uses]
        if not uses or any(c is None or c[1] == _CAST or c[2] is not None for c in conversions):
            return []
        found = [(call, _value_dtype(python_float), None)]
        for use, (converting, kind, _dtype) in zip(uses, conversions):
            if kind == "tensorflow.constant":
                found.append((converting, _NAME, use))
        return found
    return []


def _value_dtype(python_float: bool):
    """The dtype TensorFlow gives the NumPy result when converting it with no dtype asked for:
    float32 for a Python float (what NumPy returns without ``size``), float64 for an array."""
    return _DEFAULT if python_float else _TF_DTYPE_MARK + "float64"


def _conversion(expr: cst.CSTNode, context: FixContext):
    """(the call, its qualified name, the dtype it asks for or None) when ``expr`` is the value
    converted by tf.constant/convert_to_tensor/cast, else None."""
    arg = context.parent(expr)
    call = context.parent(arg) if isinstance(arg, cst.Arg) else None
    if not isinstance(call, cst.Call) or not call.args or call.args[0] is not arg or arg.keyword:
        return None
    name = imports.qualified(call.func, context.aliases)
    if name not in _TO_TENSOR and name != _CAST:
        return None
    second = call.args[1] if len(call.args) > 1 and call.args[1].keyword is None else None
    return call, name, second.value if second is not None else _keyword(call, "dtype")


def _keyword(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


def _uses(assign: cst.Assign, name: str, context: FixContext) -> list[cst.Name] | None:
    """The other occurrences of ``name`` in the enclosing function, or None when it is bound twice."""
    function = context.parent(assign)
    while function is not None and not isinstance(function, cst.FunctionDef):
        function = context.parent(function)
    if function is None:
        return None
    target = assign.targets[0].target
    uses = []
    for node in _walk(function.body):
        if isinstance(node, cst.Name) and node.value == name and node is not target:
            uses.append(node)
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.For, cst.AnnAssign)) and node is not assign.targets[0]:
            bound = node.target
            if any(isinstance(n, cst.Name) and n.value == name for n in _walk(bound)):
                return None
    return uses


def _walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _numpy_float(expr: cst.BaseExpression, context: FixContext):
    """``np.float32``, ``"float32"``, ``float`` -> the tf dtype expression; None otherwise."""
    if isinstance(expr, cst.SimpleString):
        key = expr.evaluated_value
    elif isinstance(expr, cst.Name) and expr.value == "float":
        key = "float"
    else:
        name = imports.qualified(expr, context.aliases) or ""
        key = name.removeprefix("numpy.") if name.startswith("numpy.") else None
    dtype = _FLOAT_DTYPES.get(key) if isinstance(key, str) else None
    return _TF_DTYPE_MARK + dtype if dtype else None


_TF_DTYPE_MARK = "tf-dtype:"


def _tf_random(tf: str, function: str, arguments: dict, shape: cst.BaseExpression, dtype) -> cst.Call:
    op, parameters, _ = _DRAWS[function]
    args = [cst.Arg(shape)]
    for numpy_name, tf_name in parameters:
        if numpy_name in arguments:
            args.append(_keyword_arg(tf_name, arguments[numpy_name]))
    if isinstance(dtype, str) and dtype.startswith(_TF_DTYPE_MARK):
        dtype = attribute(f"{tf}.{dtype[len(_TF_DTYPE_MARK):]}")
    if dtype is not _DEFAULT:
        args.append(_keyword_arg("dtype", dtype))
    return cst.Call(func=attribute(f"{tf}.random.{op}"), args=args)


def _keyword_arg(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value=value, keyword=cst.Name(name),
                   equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
