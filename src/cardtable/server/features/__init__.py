"""Features beside the table: the daily deal, the coach's review and the home-network address."""
