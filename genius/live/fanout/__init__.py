"""Spectator fan-out: each server process receives a public update once and sends one pre-encoded
frame to its own connections (the way lichess's websocket servers fan out).

- :mod:`.publishing` (any process, any thread, after the commit): ``publish`` takes the two frames
  of one update, already JSON-encoded once: the spectators' (status, board, announcements) and the
  members' (players and the host: the same without the board, which they get on their own group).
  With Redis (``REDIS_URL``) that is one ``PUBLISH``; embedded (no Redis) the frames go straight to
  the hubs of this process.
- :mod:`.audience`: who is watching. A ``Hub`` (one per event loop) keeps the local connections by
  match and, with Redis, its one subscription (one listener task while it has live connections)
  that hands them the frames; nothing goes through channels-redis groups. ``watchers`` says which
  seats, whether the host, and whether anyone has a page of a match open (a Redis sorted set across
  processes; embedded, the hubs know), so a push renders only the views someone will see.
- :mod:`.frames`: what both share: the ``Frame`` of one update and its wire format, the channel, and
  the process's Redis client.

A connection is anything with ``deliver(frame)`` that never blocks (see ``genius.live.consumers``).
Frames carry the match's sequence number, so a client that misses one resyncs on the next.
"""
