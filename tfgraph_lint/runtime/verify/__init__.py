"""Runtime verification: run examples on real TensorFlow, in graph mode and eagerly, and compare.

``tfgraph-lint verify`` (see ``command.py``) proves or disproves the linter's findings, on the
workers and recording of ``tfgraph_lint.runtime``. The modules here are plain Python over the
observations that the workers send back:

- ``programs``     before any run: can the file run, and is it a program or a module (NOT RUN);
- ``compare``      observations of one script in both modes -> divergences (``divergence``);
- ``printed``      what prints wrote, located by line; tf.data output without order or count;
- ``expectations`` the ``# runtime:`` header vocabulary, checked against the observations;
- ``verdicts``     static findings + divergences -> CONFIRMED / MISSED / UNCONFIRMED / CLEAN /
                   NOT RUN / ERROR, each with its exit code;
- ``runner``       schedules the runs of many files on the pool;
- ``report``       text and JSON output;
- ``command``      the click command ``verify``.
"""
