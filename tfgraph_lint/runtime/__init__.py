"""Commands that run the user's code on real TensorFlow, in worker processes.

The parent process never imports TensorFlow: only ``worker``, ``harness``, ``recording`` and
``encoding`` do, and they run in worker processes. Shared by every runtime command:

- ``pool``         the parent's pool of reusable workers: timeouts, crashes, cleanup;
- ``worker``       the worker process's main loop (one TensorFlow import, many runs);
- ``harness``      inside a worker: run one script in one mode with fresh module state;
- ``recording``    inside a worker: the patches that see prints, random draws, tf.functions
                   (``printing``: the print and tf.print ones);
- ``process_state`` inside a worker: TensorFlow's process-wide settings, to discard a worker
                   whose run changed them;
- ``function_hooks`` inside a worker: the tf.function patches that recorders listen to;
- ``child_env``    the environment of a child process that runs this copy of tfgraph_lint;
- ``encoding``     inside a worker: values as JSON data; ``capture``: stdout/stderr by descriptor;
- ``values``       comparing and rendering recorded values (no TensorFlow here);
- ``loops``        which loops a traced graph unrolled, from op source lines.

Each command is a subpackage: ``verify/`` compares graph and eager runs of example scripts;
``trace/`` runs a real program and explains the retraces of its tf.functions.
"""
