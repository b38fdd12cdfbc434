"""Decision panels, lobby buttons and turn posts, shared by every game: one module per job (see each
module). The modules import one another one way only (`tests/test_import_graph.py`).
"""
