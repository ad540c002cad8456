"""The game page's parts only a player's choice builds: Share, Replay, Share replay, Export,
Import."""
