"""The build of the custom game's shipped designs (``python -m tools.shipped_designs.build``)."""
