"""Who hosts what, and what a host may reach: the one rule (``hosts``), the guards of the host pages
(``guards``), the admin cut to a host's communities (``admin_scope``) and the form fields that pick among them
(``fields``). It reads the models of communities, seasons and matches, and stands under every app with pages
or an admin. The roles themselves are data: ``genius.communities.models.Role`` and ``HOSTING_ROLES``.
"""
