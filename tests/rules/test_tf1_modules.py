"""rules/side_effects/tf1_modules: which modules are written for TensorFlow 1 (their graph code's logs are LOW)."""

from __future__ import annotations

import astroid
import pytest

from tfgraph_lint.rules.side_effects.tf1_modules import written_for_tf1


@pytest.mark.parametrize("source", [
    "import tensorflow.compat.v1 as tf",
    "from tensorflow.compat import v1 as tf",
    "try:\n    import tensorflow.compat.v1 as tf\nexcept ImportError:\n    import tensorflow as tf",
    "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()",
    "import tensorflow.compat.v1 as tf\ntf.disable_eager_execution()",
    "import tensorflow as tf\nif True:\n    tf.compat.v1.disable_eager_execution()",
])
def test_tensorflow_1_modules(source):
    assert written_for_tf1(astroid.parse(source))


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\ntf.compat.v1.logging.info('x')",  # a compat.v1 name in TF 2 code
    "import tensorflow as tf\nimport tensorflow.compat.v1 as tf1",  # both: tf is TensorFlow 2
    "import tensorflow.compat.v2 as tf",
    "import tensorflow as tf\ndef main():\n    tf.compat.v1.disable_eager_execution()",  # not at the top
])
def test_tensorflow_2_modules(source):
    assert not written_for_tf1(astroid.parse(source))
