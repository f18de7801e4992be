"""Seasons: episodes, the post-game decisions of a Main Match, Death Matches and eliminations.

One module per concern (import each name from the module that owns it):

- :mod:`.standings`: who is still in, and the standings (how players are ordered and tied).
- :mod:`.episodes`: starting an episode and its Main Match; where an episode stands; the starting
  order taken from the previous Main Match's placement.
- :mod:`.results`: what a finished season match does: a Main Match's ToL and ECs become decisions, a
  Death Match's loser is eliminated.
- :mod:`.decisions`: the decisions (ToL to give, an EC's pick or leave), their order, deadlines and draws.
- :mod:`.death_matches`: the Death Match games, the picks still to play, creating a Death Match.
- :mod:`.items`: a Death Match's items, each given by a player still in.
- :mod:`.recording`: the lower layer decisions and items share: recording a decision, the season's
  announcements, locks, a decision's random stream, names.

The frame (templates/games/season_rules.html, "The frame"; the rulings made here are listed there too):

1. ``episodes.create_episode`` seats the players still in for the episode's Main Match.
2. When the Main Match finishes, ``results.on_match_finished`` runs inside its
   resolution (the ``match_finished`` signal): the ToL kept were credited by ``ledger.apply_outcome`` (the one
   place); each ToL to give becomes a ``give_tol`` decision; each EC gets a
   ``death_match`` decision. The ToL are handed out first (together), then the
   ECs decide one at a time in the game's pick order: spend a ToL to leave, or
   pick an opponent among the players still in (never a ToL holder, unless all of them hold one).
3. ``decisions.decide`` records a choice; ``decisions.close_due_decisions`` draws a missing
   one at random from the allowed options at its deadline, and says so.
4. ``death_matches.create_death_match`` is the host's one click from a pick; when the
   Death Match finishes its loser is eliminated (a draw is played again). Its
   items (the game's ``offers.death_match_items``) are given by players: each
   goes to a different player still in who is not a duelist, who decides by a
   deadline which duelist receives it (``give_item`` decisions; silent: drawn at
   random); the items are set and the match may start once all are given.
5. A Main Match's placement is kept with the match (``Match.placement``); a
   ``seat_order`` setting marked ``from_placement`` (Trail Trouble's starting
   order) defaults to the previous Main Match's placement (``episodes.order_from_placement``).
"""
