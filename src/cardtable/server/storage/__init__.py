"""How tables are stored: the schema, the event store, the one group-commit writer and archival."""
