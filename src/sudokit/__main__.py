"""`python -m sudokit` runs the command line."""

from .cli import main

main()
