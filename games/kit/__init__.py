"""What every game shares (pure Python, no Django): number parsing for forms and files, checks, votes, placement.

It stands above :mod:`games.engines` (it may import the engines, never the other way)."""
