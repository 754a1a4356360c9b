"""Every table by its share code: making, joining, finding and expiring tables, and the caps and
rate limits that keep the lobby open to everyone.
"""
