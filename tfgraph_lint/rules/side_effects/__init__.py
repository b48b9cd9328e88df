"""TFG1xx: Python side effects in graph code that run once, while tracing, not on every call.

The rules of the family, and the helpers only they use."""
