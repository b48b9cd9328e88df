"""TFG109: an attribute rebound only by helpers that set-up alone runs, through other helpers.

``__init__`` calls ``_setup_model``, which calls ``_create_aliases``, which binds ``self.scale``:
every call of the chain is during construction, before any trace, so each trace sees the final
value (Stable Baselines' TD3 shape): silent. The twin's alias helper is also called from
``load()``, a public method called any time: the rebinding may follow a trace (LOW). Calls are matched by method name across the module, so the twin's helpers have names
of their own.
"""
import tensorflow as tf


class Agent:
    def __init__(self, policy):
        self.policy = policy
        self._setup_model()

    def _setup_model(self):
        self.optimizer = tf.keras.optimizers.Adam()
        self._create_aliases()

    def _create_aliases(self):
        self.scale = self.policy.scale

    @tf.function
    def critic_loss(self, obs):
        return tf.reduce_mean(obs * self.scale)  # bound during construction only


class ReloadedAgent:
    def __init__(self, policy):
        self.policy = policy
        self._build()

    def _build(self):
        self._bind_aliases()

    def _bind_aliases(self):
        self.scale = self.policy.scale

    def load(self, policy):
        self.policy = policy
        self._bind_aliases()

    @tf.function
    def critic_loss(self, obs):
        return tf.reduce_mean(obs * self.scale)  # low: [mutable-attribute-capture]


class IndexedAgent:
    """``index`` is public: users call it after traces, though the module only calls it from a
    set-up helper's chain (``__init__`` -> ``index_all`` -> ``index``): not set-up."""

    def __init__(self, items):
        self.index_all(items)

    def index_all(self, items):
        self.index(items)

    def index(self, items):
        self.table = items

    @tf.function
    def lookup(self, i):
        return tf.gather(self.table, i)  # low: [mutable-attribute-capture]
