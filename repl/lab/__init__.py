"""Measuring: ``threethirteen simulate`` and ``bench`` (with ``bench --server``, scripted
SSH clients at many tables against a server in a child process)."""
