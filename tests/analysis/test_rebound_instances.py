"""What a file does with an instance whose name is bound again: ``net = Net(); net = net.build_model()``.

The uses after the second binding read the new value (here the functional model that
``build_model`` returns), not the instance: a ``fit`` on it says nothing of how the instance runs.
That holds only where the second binding surely follows the first: an assignment later in the
same block, with no loop around the block and no other binding of the name in the function."""

from __future__ import annotations

import pytest

from tfgraph_lint import engine
from tfgraph_lint.analysis import keras_instance_rows, node_index, parsing
from tfgraph_lint.analysis.instance_screen import own_method_row_marker
from tfgraph_lint.analysis.keras_run_evidence import TRACED_SEED
from tfgraph_lint.core.config import Config

HEAD = "import numpy as np\nfrom nets import Net\n\n\ndef main(x, y, flag):\n"


def _markers(body: str) -> set[str]:
    engine._import_analysis()
    module = parsing.parse_module(HEAD + body, "train", "train.py")
    try:
        config = Config()
        index = engine.GraphIndex(module, config, config.seeds_for("train.py"))
        return {row[2] for row in keras_instance_rows.instance_rows(index) if row[0] == "Net"}
    finally:
        node_index.forget(module)


BUILT = own_method_row_marker("build_model")


def test_uses_after_the_name_is_bound_again_read_the_new_value():
    assert _markers("    net = Net()\n    net = net.build_model((4,))\n    net.fit(x, y)\n") == {BUILT}
    # A closure defined after the second binding reads the new value too.
    assert _markers("    net = Net()\n    net = net.build_model((4,))\n\n    def step(z):\n"
                    "        return net(z)\n\n    return step\n") == {BUILT}


@pytest.mark.parametrize("body", [
    "    net = Net()\n    net.fit(x, y)\n",  # never bound again
    "    for _ in range(2):\n        net = Net()\n        net = net.build_model((4,))\n        net.fit(x, y)\n",
    "    net = Net()\n    if flag:\n        net = net.build_model((4,))\n    net.fit(x, y)\n",  # perhaps not bound again
    "    net = Net()\n    net.fit(x, y)\n    net = net.build_model((4,))\n",  # fit before
    "    net = Net()\n    for net in [net]:\n        pass\n    net = net.build_model((4,))\n    net.fit(x, y)\n",
])
def test_its_twins_where_the_instance_may_be_what_is_fit(body):
    assert TRACED_SEED in _markers(body)
