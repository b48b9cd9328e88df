"""TFG101 python-print-in-graph: builtin print() runs once per trace, and shows symbolic tensors."""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.guarded_tracing_errors import raising_numpy_call
from tfgraph_lint.analysis.names import is_builtin_name, qualified_name
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.trace_time_values import known_at_trace_time
from tfgraph_lint.core.findings import LOW, Finding, shorten
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.side_effects.output_once import once_per_trace_reason

RULE = declare(
    code="TFG101",
    symbol="python-print-in-graph",
    msgid="W8701",
    summary="Builtin print() in graph code runs only while tracing",
    # A seed hazard: on at HIGH and INFERENCE whatever the measurements of the day say (users hit
    # it first, and `verify` confirms it); its deliberate forms are LOW by evidence in the code.
    default=Default.SEED,
    fix="print_fix",
)

# Its findings are calls of print, whose name is written out (``print(...)``, ``builtins.print``,
# an alias made in the file): a file without the word never imports this module.
TRIGGER_WORDS = ("print",)


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    for call, traced in context.in_graph(nodes.Call):
        if not _is_builtin_print(call.func):
            continue
        if traced.autograph and traced.converts("BUILTIN_FUNCTIONS"):
            continue  # experimental_autograph_options turns print into tf.print: it runs per call
        if once(call, traced):
            continue  # behind a create-once guard (``if not self.built: self.build(...)``): once eagerly too
        raising = raising_numpy_call(call, context.evidence, traced)
        if raising is not None:  # the argument raises first: nothing symbolic is ever printed
            yield context.finding(
                RULE, call,
                f"print() in {traced.subject} never prints while tracing: its argument "
                f"{shorten(raising.as_string())} raises on a symbolic tensor first (perhaps an "
                "eager-only path); to print on every call, use tf.print() of the tensor",
                confidence=LOW, traced=traced,
            )
            continue
        reason = once_per_trace_reason(call, context.path)
        if reason is None:
            # Values fixed while tracing print no tensor: the claim is then only that the text
            # comes once.
            shows = "" if _fixed_while_tracing(call) else ", and shows symbolic tensors"
            yield context.finding(
                RULE, call,
                f"print() in {traced.subject} runs only while tracing, not on every call{shows}; use tf.print()",
                traced=traced,
            )
        else:  # once per trace may be what is meant: LOW, off by default
            yield context.finding(
                RULE, call,
                f"print() in {traced.subject} runs only while tracing, not on every call ({reason}: "
                "perhaps meant to print once per trace); if not, use tf.print()",
                confidence=LOW, traced=traced,
            )


def _fixed_while_tracing(call: nodes.Call) -> bool:
    return all(known_at_trace_time(argument)
               for argument in [*call.args, *(keyword.value for keyword in call.keywords or ())])


def _is_builtin_print(func: nodes.NodeNG) -> bool:
    if isinstance(func, nodes.Name):
        return func.name == "print" and is_builtin_name(func)
    return qualified_name(func) == "builtins.print"
