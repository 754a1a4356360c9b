"""Who owns a table: the one-server lock, the leases and fencing of a cluster, the bus between
processes, and the local cluster of ``make cluster``.
"""
