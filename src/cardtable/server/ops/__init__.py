"""Running the server: metrics, structured logs, the garbage collector on the clock and the load
benchmark.
"""
