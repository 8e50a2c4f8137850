"""The interface every game's board package declares (``renderer.Renderer``) and the one way the
rest of web/ reaches a board: the lowest layer, importing only the engine."""
