"""What every app of the site stands on, naming none of them: the error a service refuses with (``errors``),
the SSRF-safe HTTP client (``safe_http``), a bounded cache (``bounded_cache``) and statements prepared once per
connection (``prepared``). The lowest layer of the site's apps.
"""
