"""Whether a Keras model instance is compiled to run its loops eagerly (``run_eagerly=True``).

``model.compile(..., run_eagerly=True)`` makes ``fit``, ``evaluate``, ``predict`` and the
``*_on_batch`` steps call the model's ``train_step``/``test_step``/``predict_step`` (and through
them ``call``, ``compute_loss``) as plain Python, with eager tensors: a print there prints every
step, ``.numpy()`` works, a Python random draw is fresh. Often the compile sits in the training
script, the model in a module of its own. The evidence is read per instance, from its uses
(analysis/instance_uses), in the order of the code: the instance is switched to run eagerly
(``compile(..., run_eagerly=True)`` with the literal, or ``instance.run_eagerly = True``) before
each loop it runs. A compile that passes nothing, a computed value or ``**kwargs`` may trace, and
a later plain ``compile(...)`` switches the loops back to traced ones. Saving, exporting and building the model trace its
``call`` whatever ``run_eagerly`` says, so only the loops above count as eager.
"""

from __future__ import annotations

from astroid import nodes

# The methods run_eagerly=True makes run the model eagerly (compile itself runs nothing traced).
EAGER_WHEN_ASKED = frozenset({
    "compile", "fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch",
    "fit_generator", "evaluate_generator", "predict_generator",
})
RUN_EAGERLY = "run_eagerly"


def compiled_to_run_eagerly(uses: list[nodes.NodeNG]) -> bool:
    """``uses`` (the reads of one instance), in the order of the code, switch it to run eagerly
    (``compile(run_eagerly=True)``, ``x.run_eagerly = True``) before every Keras loop they run, and
    at least once; any other compile or setting switches it back."""
    asked = eager = False
    for use in sorted(uses, key=lambda use: (use.lineno or 0, use.col_offset or 0)):
        parent = use.parent
        if isinstance(parent, nodes.AssignAttr) and parent.expr is use and parent.attrname == RUN_EAGERLY:
            eager = is_true(parent.parent.value if isinstance(parent.parent, nodes.Assign) else None)
        elif isinstance(parent, nodes.Attribute) and parent.expr is use and parent.attrname in EAGER_WHEN_ASKED:
            call = parent.parent
            if not (isinstance(call, nodes.Call) and call.func is parent):
                return False  # a loop or ``compile`` handed on: how it is called is not shown
            if parent.attrname == "compile":
                eager = is_true(run_eagerly_value(call))
            elif not eager:
                return False  # a loop run before the switch (or after a plain compile) traces
        else:
            continue
        asked = asked or eager
    return asked


def run_eagerly_value(compile_call: nodes.Call) -> nodes.NodeNG | None:
    """What ``compile(...)`` passes as ``run_eagerly``, when it passes it by name and nothing could
    pass it otherwise (no ``**kwargs``); None otherwise."""
    switch = [kw for kw in compile_call.keywords or () if kw.arg in (RUN_EAGERLY, None)]
    return switch[0].value if len(switch) == 1 and switch[0].arg == RUN_EAGERLY else None


def is_true(value: nodes.NodeNG | None) -> bool:
    """``value`` is the literal ``True``."""
    return isinstance(value, nodes.Const) and value.value is True
