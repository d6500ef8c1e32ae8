"""Tools the tests' authors run by hand: measures of the program that print figures and
pass or fail nothing (each runs with ``python -m tests.tools.NAME``)."""
