"""One small module per counter layout (``game.counter_layout``, '-' read as '_')."""
