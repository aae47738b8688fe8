"""Transports for memsync, one module per kind of remote.

Each is a thin ``memsync.backends.base.Store`` (or, for git, a whole
``memsync.remote.Remote``), named in ``memsync.registry.BUILTIN`` under the
URL schemes it serves; other packages add schemes through the
``memsync.backends`` entry-point group.
"""
