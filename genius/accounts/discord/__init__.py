"""Sign in with Discord: allauth's Discord provider, with its endpoints read from ``settings.DISCORD_API_URL``.

allauth's own provider has Discord's addresses written into its adapter; this thin subclass reads them from the
settings, so the tests point them at a stand-in on 127.0.0.1 (the real ones cannot be reached there). It is an
app of its own because allauth finds providers by the ``provider`` module of an installed app.
"""
