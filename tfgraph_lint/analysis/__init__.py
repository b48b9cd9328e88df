"""What the code means, read with astroid (never TensorFlow, never inference into it).

The questions two or more rule families ask; what one family alone needs lives in its folder
under ``rules/``. Rules see it through the semantic model:

- ``semantic``      ModuleContext: the module, its index, and the shared answers, each built once
  (``callers``, ``graph_callers``, ``tf_function_callers``, ``tensor_evidence``, ``constant``,
  ``is_once_guard``, ``runs_once``, ``tf_function_at``);
- ``screen``        a text screen: can this file hold graph code at all?
- ``node_index``    one walk per module: nodes by type and subtree, per-module memos;
- ``names``, ``classes``   lexical name resolution through the module's imports; class facts;
- ``graph_index``   which functions are traced, and why;
- ``value_kinds``, ``tensor_evidence``   is this value a tensor, a Python scalar, a collection?
- ``trace_time_values``   values fixed while tracing (static shapes, Python strings);
- ``constant_values``   what constant an expression is (the one evaluator);
- ``call_sites``, ``passed_arguments``   calls of tf.functions; what a call passes a parameter;
- ``function_creations``   where a tf.function is made;
- ``once_guards``, ``once_flags``, ``runs_once``, ``state_creation``   the create-once grammar
  (and the once-flag: ``if self._once: ...; self._once = False``); code behind it; what creates
  TF state.
Rules ask these modules; they never answer a question of their own that another rule also asks.
"""
