"""Runtime verification: run examples on real TensorFlow, in graph mode and eagerly, and compare.

``tfgraph-lint verify`` (see ``command.py``) proves or disproves the linter's findings, on the
workers and recording of ``tfgraph_lint.runtime``. The modules here are plain Python over the
observations that the workers send back:

- ``compare``      observations of one script in both modes -> divergences;
- ``expectations`` the ``# runtime:`` header vocabulary, checked against the observations;
- ``verdicts``     static findings + divergences -> CONFIRMED / MISSED / UNCONFIRMED / CLEAN / ERROR;
- ``runner``       schedules the runs of many files on the pool;
- ``report``       text and JSON output;
- ``command``      the click command ``verify``.
"""
