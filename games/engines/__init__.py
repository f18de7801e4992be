"""The pure-Python side of the games: protocol, registry, runner and match files.

Nothing under ``games/engines`` or a game's engine package imports Django.
"""
