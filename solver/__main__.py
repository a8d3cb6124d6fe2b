from solver.cli import entrypoint

entrypoint()
