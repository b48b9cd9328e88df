"""A verify worker process: import TensorFlow once, then run jobs until the parent goes away.

Started by ``pool`` as ``python -m tfgraph_lint.runtime.worker REQUEST_FD RESPONSE_FD CAPTURE_DIR``
with two inherited pipe ends. Messages are JSON, one per ``send_bytes``: the parent sends a job,
the worker answers with the observation; the first message from the worker says it is ready (or
why it could not start). The worker's own stdout and stderr are redirected per run by the harness
into CAPTURE_DIR/stdout and CAPTURE_DIR/stderr, which the parent watches for runaway output.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback
from multiprocessing.connection import Connection


def main(argv: list[str]) -> int:
    # Ctrl-C goes to the whole terminal process group: the parent decides, and kills us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests = Connection(int(argv[0]), writable=False)
    responses = Connection(int(argv[1]), readable=False)
    capture_dir = argv[2]
    try:
        from tfgraph_lint.runtime import harness  # imports TensorFlow
        info = harness.start(threads=int(os.environ.get("TFGRAPH_VERIFY_THREADS", "0") or 0),
                             device=os.environ.get("TFGRAPH_VERIFY_DEVICE", "cpu"))
    except BaseException:  # noqa: BLE001 - reported to the parent, which reports it to the user
        responses.send_bytes(json.dumps({"ready": False, "error": traceback.format_exc()}).encode())
        return 1
    responses.send_bytes(json.dumps({"ready": True, **info}).encode())
    while True:
        try:
            job = json.loads(requests.recv_bytes())
        except (EOFError, OSError):
            return 0  # the parent closed the pipe or died
        try:
            observation = harness.run_job(job, capture_dir)
        except BaseException:  # noqa: BLE001 - a harness failure is this run's ERROR, not the worker's end
            observation = {"harness_error": traceback.format_exc()}
        # default=str: an odd value in an observation must not cost the whole run.
        responses.send_bytes(json.dumps(observation, default=str).encode())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
