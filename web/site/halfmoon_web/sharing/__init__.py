"""What only a player's choice builds: Share, Replay, Share replay, Export and Import."""
