"""The terminal front end: parse, validate, call :mod:`core`, render."""
