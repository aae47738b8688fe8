"""Writing to a local disk safely: crash-safe writes that never follow a link, compare
before replace, and a large batch of page writes in a helper process."""
