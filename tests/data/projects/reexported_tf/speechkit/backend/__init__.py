# Keras 3, or a Keras 2 shim of the package's own, by version (keras-team/keras-cv's
# keras_cv/src/backend/__init__.py): both are Keras.
import os

if os.environ.get("KERAS_2"):
    import speechkit.backend.keras2 as keras
else:
    import keras
