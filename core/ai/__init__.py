"""The built-in AI players (levels easy, medium, hard); they see only a player's view."""
