"""``tfgraph-lint trace``: run a real program and explain every retrace of its tf.functions.

- ``command``    the CLI (parent process; never imports TensorFlow);
- ``launcher``   the program's process: runs it as ``python`` would, records, writes the record;
- ``recorder``   inside the program: a ``function_hooks`` listener that records calls and traces;
- ``arguments``  describes arguments the way TensorFlow keys traces (no TensorFlow import);
- ``causes``     why each retrace happened, with the rule that predicts it and the fix;
- ``report``     the report as text or JSON.

The pytest plugin (``tfgraph_lint.pytest_plugin``) uses the recorder in-process.
"""
