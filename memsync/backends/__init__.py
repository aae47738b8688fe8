"""Transports for memsync, one module per kind of remote.

Each backend implements :class:`backends.base.Backend` and is registered in
the ``memsync.backends`` entry-point group under the URL scheme it serves.
"""
