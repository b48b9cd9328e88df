from .scaling import Scaler, scale

__all__ = ["Scaler", "scale"]
