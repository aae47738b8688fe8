"""Transports for memsync, one module per kind of remote.

Each is a thin ``memsync.backends.base.Store`` (or, for git, a whole
``memsync.remote.Remote``) registered in the ``memsync.backends``
entry-point group under the URL scheme it serves.
"""
