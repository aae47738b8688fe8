"""ZIP records: their layout, and reading a central directory a record at a time, as
the archive format (``memsync.archive``) needs them; stdlib ``struct`` and ``zlib`` only."""
