from .cli import main

# Messages and help name the command as users type it, not "python -m memsync".
main(prog_name="memsync")
