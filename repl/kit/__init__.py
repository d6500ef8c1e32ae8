"""What every front is built from: the front itself, the seat, the screen, the prompt's
loop, completion, validation and keys, the renderer, the narrator, and :mod:`.safe`."""
