"""matches."""
