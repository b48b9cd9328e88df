"""A training library whose model takes its optimizer from a factory of another module."""
