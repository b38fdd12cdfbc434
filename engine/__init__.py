"""Pure game rules: one package per game plus `engine.core`, the contract they share.

Nothing in `engine` does I/O, talks to Discord or draws pictures; every function is
deterministic given the state (whose random source lives inside it).
"""
