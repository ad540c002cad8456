"""The step viewer and its model, shared by the rules page, the embed and Replay."""
