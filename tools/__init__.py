"""Developer tools run by hand, never imported by the site or the games at run time."""
