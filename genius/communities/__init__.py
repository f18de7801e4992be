"""Communities: who hosts what. A community owns its seasons, lobbies and designs; a member's role decides."""
