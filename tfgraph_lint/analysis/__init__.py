"""What the code means, read with astroid (never TensorFlow, never inference into it).

- ``screen``        a text screen: can this file hold graph code at all?
- ``node_index``    one walk per module: nodes by type and subtree, per-module memos;
- ``names``, ``classes``   lexical name resolution through the module's imports; class facts;
- ``graph_index``   which functions are traced, and why;
- ``value_kinds``, ``tensor_evidence``   is this value a tensor, a Python scalar, a collection?
- ``call_sites``    calls of tf.functions, arguments bound to parameters;
- ``loop_values``   which loops repeat a call and which Python values vary between iterations;
- ``state_creation``, ``runs_once``   what creates TF state; code behind a create-once guard.
Rules ask these modules; they never answer a question of their own that another rule also asks.
"""
