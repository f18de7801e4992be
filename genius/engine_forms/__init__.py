"""The one adapter between the engines' declared form fields and Django forms (``moves``: a phase's move form)."""
