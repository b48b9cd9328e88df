"""Keras step methods the project runs only eagerly: every instance compiled with ``run_eagerly``.

``model.compile(..., run_eagerly=True)`` makes ``fit``, ``evaluate`` and ``predict`` call the
model's ``train_step``, ``test_step`` and ``predict_step`` as plain Python, wherever the loop is
called: a training script that compiles the model so and hands it to its ``train(model, ...)``
runs ``train_step`` eagerly, though ``call`` may still be traced where the instance goes (a
tf.function, saving). Only those loops run the step methods, so the step methods alone are judged
here, from every instance the project makes of the class:

- an instance switched to run eagerly (``compile(..., run_eagerly=True)`` with the literal, or
  ``x.run_eagerly = True``) before any Keras loop runs it and before it is handed on, and never
  compiled otherwise after (:func:`steps_run` gives ``EAGER``); other files say so by an instance
  row of their own (``STEPS_EAGER_SEED``, otherwise read as "handed on");
- an instance compiled with a flag, ``compile(run_eagerly=params.debug)``, likewise: the step runs
  eagerly exactly when the flag is true. When the class keeps the flag (the constructor was given
  ``params`` and ``__init__`` stores ``self.params = params``), a branch of a step method under
  ``if self.params.debug:`` is its eager path;
- an instance that no loop runs and that is not handed on before it is switched runs no step
  (``NO_STEP``): compiled alone, or called eagerly.

Any other compile, a loop before the switch, an instance handed on before it or made where its
uses are not shown keeps the steps graph code; so does anything another file's graph code reaches.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.instance_screen import ANNOTATION_ROW_MARKER, EAGER_ROW_MARKERS, is_eager_row_marker
from tfgraph_lint.analysis.names import bindings, references, unrebound_parameter
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.classes import attribute_values
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind
from tfgraph_lint.core import tf_api

EAGER, NO_STEP = "eager", "no step"
_TRACED = "traced"  # compiled (or set) so that its loops trace the steps
# The instance row of another file: made, compiled to run eagerly, then handed on (where it goes,
# its ``call`` may be traced, its steps run eagerly). Other judgements read it as handed on.
STEPS_EAGER_SEED = EAGER_ROW_MARKERS[2]
# What other files' rows may say for the steps to count as eager (besides the eager markers): the
# class named in an annotation (which makes no instance).
_EAGER_ROWS = frozenset({ANNOTATION_ROW_MARKER})

STEPS_EAGER = ("the project compiles every instance of this model with run_eagerly=True before any "
               "Keras loop runs it, so Keras runs its {step} as plain Python, every step")
FLAG_EAGER = ("this runs only when {flag} is true, and the project compiles every instance of this model "
              "with run_eagerly set to that flag: Keras runs its {step} as plain Python then")


def eager_step(node: nodes.NodeNG, traced: TracedFunction, index) -> str | None:
    """Why ``node``, in a Keras step method itself (not a helper it calls, which other code may
    reach), runs only eagerly: the message's reason, or None."""
    root = traced.root
    fn = root.node
    if (traced.node is not fn or root.reason.kind != TraceKind.KERAS or root.reason.handed_to_keras
            or fn.name not in tf_api.KERAS_STEP_METHODS or not isinstance(fn.parent, nodes.ClassDef)):
        return None
    cls = fn.parent
    memo = remembered(cls, "steps compiled eagerly")
    if cls not in memo:
        memo[cls] = _class_steps(cls, index)
    verdict = memo[cls]
    if verdict == EAGER:
        return STEPS_EAGER.format(step=fn.name)
    if verdict is not None and _under_flag(node, fn, verdict):
        return FLAG_EAGER.format(flag=verdict, step=fn.name)
    return None


def _class_steps(cls: nodes.ClassDef, index) -> str | None:
    """``EAGER`` when every instance the project shows runs its steps eagerly (or runs none, and
    one does); the flag's spelling in the class (``self.params.debug``) when the instances'
    compiles pass that one flag; None otherwise."""
    told = {name.partition(".")[2] for name in index.seeds if name.startswith(f"{cls.name}.")}
    if any(name not in _EAGER_ROWS and not is_eager_row_marker(name) for name in told):
        return None  # graph code of another file reaches it, or an instance is not shown
    kinds = {EAGER} if STEPS_EAGER_SEED in told else set()
    flags = set()
    for reference in references(cls, cls.root()):
        if cls.parent_of(reference):
            continue  # ``super(Cls, self)``
        made = reference.parent
        if not (isinstance(made, nodes.Call) and made.func is reference):
            return None  # subclassed, handed on, named in an annotation: not followed
        run = steps_run(made)
        if run is None:
            return None
        if isinstance(run, nodes.NodeNG):
            flag = _kept_flag(run, made, cls)
            if flag is None:
                return None
            flags.add(flag)
        else:
            kinds.add(run)
    if len(flags) == 1:
        return flags.pop()
    return EAGER if not flags and EAGER in kinds else None


def steps_run(made: nodes.Call) -> str | nodes.NodeNG | None:
    """How the instance ``made`` makes runs its step methods: ``EAGER``, the ``run_eagerly=``
    expression of its compile when that is a flag, ``NO_STEP``, or None (see the module's docstring)."""
    # Deferred: only a Keras class made in the module needs these.
    from tfgraph_lint.analysis.eager_compiles import RUN_EAGERLY, is_true
    from tfgraph_lint.analysis.instance_uses import handed_on, instance_uses

    uses = instance_uses(made)
    if uses is None or not all(isinstance(use, nodes.Name) for use in uses):
        return None  # ``self.model = Cls()``: the order of its uses across methods is not shown
    switched: str | nodes.NodeNG | None = None  # how the last compile or setting left it
    for use in sorted(uses, key=lambda use: (use.lineno or 0, use.col_offset or 0)):
        parent = use.parent
        if isinstance(parent, nodes.AssignAttr) and parent.expr is use and parent.attrname == RUN_EAGERLY:
            value = parent.parent.value if isinstance(parent.parent, nodes.Assign) else None
            switched = EAGER if is_true(value) else _TRACED
        elif isinstance(parent, nodes.Attribute) and parent.expr is use:
            called = parent.parent
            if parent.attrname == "compile":
                if not (isinstance(called, nodes.Call) and called.func is parent) or switched is not None:
                    return None  # handed on, or compiled again: which compile runs last is not shown
                switched = _compiled_how(called)
            elif parent.attrname in tf_api.KERAS_STEP_METHODS:
                return None  # a step called or handed on directly: where it runs is not shown
            elif parent.attrname in tf_api.KERAS_LOOPS and switched in (None, _TRACED):
                return None  # a loop that traces the steps
        elif handed_on(use) and switched in (None, _TRACED):
            return None  # handed on before the switch: it may be compiled and run elsewhere
    if switched in (None, _TRACED):
        return NO_STEP  # no loop runs it, nothing else is shown to
    return switched


def _compiled_how(call: nodes.Call) -> str | nodes.NodeNG | None:
    """``EAGER`` for ``compile(..., run_eagerly=True)``, the value for a flag (a name or an
    attribute of one), ``_TRACED`` for anything else (no ``run_eagerly``, a literal other than
    True, ``**kwargs``, a computed value)."""
    # Deferred: only a Keras class made in the module needs it.
    from tfgraph_lint.analysis.eager_compiles import is_true, run_eagerly_value

    value = run_eagerly_value(call)
    if value is None:
        return _TRACED
    if is_true(value):
        return EAGER
    return value if _chain(value) is not None else _TRACED


def _chain(expr: nodes.NodeNG) -> tuple[nodes.Name, list[str]] | None:
    """``params.system.debug``: its root name and the attributes read, in order."""
    names: list[str] = []
    while isinstance(expr, nodes.Attribute):
        names.insert(0, expr.attrname)
        expr = expr.expr
    return (expr, names) if isinstance(expr, nodes.Name) else None


def _kept_flag(flag: nodes.NodeNG, made: nodes.Call, cls: nodes.ClassDef) -> str | None:
    """The spelling in the class's methods of the flag a compile passes: the constructor got the
    value the flag is read from (``Cls(params)`` with the same binding of ``params``), and
    ``__init__`` keeps that parameter unchanged in an attribute set nowhere else
    (``self.params = params``): ``self.params.system.debug``."""
    found = _chain(flag)
    init = next((fn for fn in cls.mymethods() if fn.name == "__init__"), None)
    if found is None or init is None:
        return None
    root, attributes = found
    for parameter in [*(init.args.posonlyargs or ()), *(init.args.args or ())][1:]:
        argument = argument_for(made, init, parameter, constructs=True)
        passed = _chain(argument) if argument is not None else None
        if passed is None or passed[0].name != root.name or attributes[:len(passed[1])] != passed[1]:
            continue
        if set(bindings(passed[0], root.name)) != set(bindings(root, root.name)):
            continue  # the name was bound again between the construction and the compile
        for kept in _kept_as(init, parameter, cls):
            return ".".join(["self", kept, *attributes[len(passed[1]):]])
    return None


def _kept_as(init: nodes.FunctionDef, parameter: nodes.AssignName, cls: nodes.ClassDef) -> list[str]:
    """The attributes ``__init__`` sets to ``parameter`` unchanged and the class sets nowhere else."""
    found = []
    for statement in init.body:
        if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1):
            continue
        target, value = statement.targets[0], statement.value
        if (isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name) and target.expr.name == "self"
                and isinstance(value, nodes.Name) and value.name == parameter.name and unrebound_parameter(value)
                and attribute_values(cls, target.attrname) == [value]):
            found.append(target.attrname)
    return found


def _under_flag(node: nodes.NodeNG, fn: nodes.FunctionDef, flag: str) -> bool:
    """``node`` is in the body of an ``if`` of ``fn`` whose test is true only when ``flag`` is
    (``if self.params.debug:``, ``if self.params.debug and ...:``)."""
    child = node
    while child is not fn and child.parent is not None:
        parent = child.parent
        if isinstance(parent, nodes.If) and child in parent.body:
            test = parent.test
            operands = test.values if isinstance(test, nodes.BoolOp) and test.op == "and" else [test]
            if any(operand.as_string() == flag for operand in operands):
                return True
        child = parent
    return False
