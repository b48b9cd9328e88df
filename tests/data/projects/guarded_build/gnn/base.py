import tensorflow as tf


class SetUpPerCall(tf.keras.layers.Layer):
    """Calls the subclass's set-up on every call: what it makes is made on every trace."""

    def call(self, x):
        self._build(x)
        return self.apply(x)

    def _build(self, x):
        pass

    def apply(self, x):
        return x


class SetUpOnce(tf.keras.layers.Layer):
    """Builds once, behind a flag the method it calls sets first."""

    def __init__(self, units):
        super().__init__()
        self.units = units
        self._ready = False

    def call(self, x):
        if not self._ready:
            self.build_from_input(x)
        return self.apply(x)

    def build_from_input(self, x):
        self._ready = True
        with tf.init_scope():
            self._build(x)

    def _build(self, x):
        pass

    def apply(self, x):
        return x


class SetUpOnceFlagInBranch(tf.keras.layers.Layer):
    """Builds once, behind a flag the guarded branch sets itself."""

    def __init__(self, units):
        super().__init__()
        self.units = units

    def call(self, x):
        if not hasattr(self, "_made"):
            self._build(x)
            self._made = True
        return self.apply(x)

    def _build(self, x):
        pass

    def apply(self, x):
        return x


class FlagSetElsewhere(tf.keras.layers.Layer):
    """Guarded by a flag only __init__ sets, not the branch nor the method it calls: runs every call."""

    def __init__(self, units):
        super().__init__()
        self.units = units
        self._ready = False

    def call(self, x):
        if not self._ready:
            self._build(x)
        return self.apply(x)

    def _build(self, x):
        pass

    def apply(self, x):
        return x
