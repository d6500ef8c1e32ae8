"""Measuring the game: many games played (the simulator), the engine timed (the
benchmark), and a played game reviewed by the hard AI (the analysis)."""
