"""TFG306: deprecated ``tf.function`` arguments -> the arguments that replaced them.

``experimental_relax_shapes=`` became ``reduce_retracing=`` and ``experimental_compile=`` became
``jit_compile=``, with the same values and meaning. ``experimental_follow_type_hints`` has no
replacement and is left alone, as is a call that already passes the new argument too.
"""

from __future__ import annotations

import libcst as cst

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.fixes import FixContext, imports

RENAMED = {
    "experimental_relax_shapes": "reduce_retracing",
    "experimental_compile": "jit_compile",
}
_TF_FUNCTION = frozenset({"tensorflow.function", "tensorflow.compat.v2.function"})


def plan(context: FixContext, finding: Finding, column: int):
    """The flagged keyword argument, or every deprecated one when the finding is on the call."""
    for node in context.at(finding.line, column):
        arg = node if isinstance(node, cst.Arg) else None
        call = context.parent(node) if arg is not None else node
        if not isinstance(call, cst.Call) or imports.qualified(call.func, context.aliases) not in _TF_FUNCTION:
            continue
        keywords = {a.keyword.value for a in call.args if a.keyword is not None}
        flagged = [arg] if arg is not None else list(call.args)
        plans = [(a, lambda updated, new=RENAMED[a.keyword.value]: updated.with_changes(keyword=cst.Name(new)))
                 for a in flagged
                 if a.keyword is not None and a.keyword.value in RENAMED and RENAMED[a.keyword.value] not in keywords]
        return plans or None
    return None
