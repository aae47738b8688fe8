"""Transports for memsync, one module per kind of remote.

Each is a thin ``memsync.backends.base.Store``, named in
``memsync.registry.BUILTIN`` under the URL schemes it serves; other packages
add schemes through the ``memsync.backends`` entry-point group. Nothing here
imports the field protocol or the remotes above it (``memsync.remote``,
``memsync.protocol``); git, a whole remote, is ``memsync.git_remote``.
"""
