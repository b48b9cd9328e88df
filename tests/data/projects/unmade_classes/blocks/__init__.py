"""The package re-exports both layers; a re-export is an import, which makes nothing."""
from .layers import Exported, ExportedAndMade
