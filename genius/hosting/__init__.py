"""hosting."""
