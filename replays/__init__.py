"""The curated games that ship with Three-Thirteen Rummy (``threethirteen replay --list``).

This folder holds data only: recorded game logs and their catalogue.
"""
