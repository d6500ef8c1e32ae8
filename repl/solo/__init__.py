"""One person at a terminal: the game against the AI (``threethirteen play``), saves and
reports, and the replay of a recorded game (``threethirteen replay``)."""
