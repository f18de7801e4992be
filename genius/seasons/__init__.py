"""seasons."""
