"""Accounts: the user-name policy, sign-up and log-in throttling, the client's real address.

``names`` is pure Python (no Django); ``forms``, ``addresses``, ``throttle`` and ``admin`` wire it
into the site.
"""
