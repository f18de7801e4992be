"""Blob Party: the engine of the seven-player Main Match (pure Python, no Django)."""
