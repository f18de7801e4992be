"""The pure-Python side of the games: protocol and observer, spec, registry, runner and match files.

Nothing under ``games/engines`` or a game's engine package imports Django.
"""
