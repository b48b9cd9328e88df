"""The rules, in three families: ``side_effects/`` (TFG1xx), ``graph_errors/`` (TFG2xx) and
``retracing/`` (TFG3xx), each holding its rules and the helpers only they use. Each rule module
has ``RULE`` (its registry entry) and ``check(context: ModuleContext)``, which yields findings for
one module; it reads graph code through ``context.in_graph(...)`` and asks the semantic model
(``analysis/semantic.py``) its questions.

Adding a rule is described in CONTRIBUTING.md.
"""

from tfgraph_lint.rules.graph_errors import (
    eager_only_call,
    eager_values,
    generator_in_graph,
    python_list_in_tensor_loop,
    recursive_tf_function,
    state_recreated,
    tensor_as_python_value,
    tensor_branch_undefined,
    tensor_grown_in_loop,
    variable_creation,
)
from tfgraph_lint.rules.retracing import (
    deprecated_tf_function_argument,
    functions_run_eagerly,
    python_collection_argument,
    python_loop_over_data,
    python_range_loop,
    python_scalar_argument,
    tf_function_in_loop,
)
from tfgraph_lint.rules.side_effects import (
    mutable_attribute_capture,
    mutable_global_capture,
    outer_collection_mutation,
    python_iterator,
    python_print,
    python_random,
    python_side_effect,
    python_state_mutation,
    tensor_formatted_at_trace,
)

CHECKS = (
    python_print,  # TFG101
    python_random,  # TFG102
    python_side_effect,  # TFG103
    outer_collection_mutation,  # TFG104
    python_state_mutation,  # TFG105
    python_iterator,  # TFG106
    mutable_global_capture,  # TFG107
    tensor_formatted_at_trace,  # TFG108
    mutable_attribute_capture,  # TFG109
    variable_creation,  # TFG201
    eager_only_call,  # TFG202
    eager_values,  # TFG202: NumPy on tensors, .eval(), .decode()
    tensor_as_python_value,  # TFG203
    python_list_in_tensor_loop,  # TFG204
    recursive_tf_function,  # TFG205
    generator_in_graph,  # TFG206
    tensor_branch_undefined,  # TFG207
    state_recreated,  # TFG208
    tensor_grown_in_loop,  # TFG209
    python_scalar_argument,  # TFG301
    tf_function_in_loop,  # TFG302
    python_range_loop,  # TFG303
    python_loop_over_data,  # TFG304
    python_collection_argument,  # TFG305
    deprecated_tf_function_argument,  # TFG306
    functions_run_eagerly,  # TFG307
)
