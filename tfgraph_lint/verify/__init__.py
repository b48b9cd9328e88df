"""Runtime verification: run examples on real TensorFlow, in graph mode and eagerly, and compare.

``tfgraph-lint verify`` (see ``command.py``) proves or disproves the linter's findings. The parent
process never imports TensorFlow: only ``worker``, ``harness``, ``recording`` and ``encoding`` do,
and they run in worker processes. The other modules are plain Python over the observations that
the workers send back:

- ``worker``       the worker process's main loop (one TensorFlow import, many runs);
- ``harness``      inside a worker: run one script in one mode with fresh module state;
- ``recording``    inside a worker: the patches that see prints, random draws, tf.functions;
- ``encoding``     inside a worker: values as JSON data; ``capture``: stdout/stderr by descriptor;
- ``pool``         the parent's pool of reusable workers: timeouts, crashes, cleanup;
- ``values``       comparing recorded values, with a mask for what depends on the TF seed;
- ``loops``        which loops a traced graph unrolled, from op source lines;
- ``compare``      observations of one script in both modes -> divergences;
- ``expectations`` the ``# runtime:`` header vocabulary, checked against the observations;
- ``verdicts``     static findings + divergences -> CONFIRMED / MISSED / UNCONFIRMED / CLEAN / ERROR;
- ``runner``       schedules the runs of many files on the pool;
- ``report``       text and JSON output;
- ``command``      the click command ``verify``.
"""
