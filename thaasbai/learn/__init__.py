"""Learning from play: hints, reviews of finished deals, the game history and your record.

Pure Python on the engine and the bots (so it runs in the browser build too); the UI
shows what this package works out and never works anything out itself.
"""
