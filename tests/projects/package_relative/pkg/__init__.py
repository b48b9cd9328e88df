from .scaling import scale

__all__ = ["scale"]
