"""memsync: sync and transport memoryfields between folders and remotes."""

__version__ = "0.1.0"
