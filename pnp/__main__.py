"""The program: `python -m pnp` and the `pnp` command (pyproject.toml's script, `run`). Before pnp's modules load,
Python's dataclasses are given the methods' code kept across runs (pnp.adapters.dataclass_methods: 0.1 s of every
command's start), and the table is stored at exit when it grew; ReportLab will load without the text shaping pnp
never asks for (pnp.adapters.reportlab_shaping: 9-13 ms of every command that draws). A program that imports pnp as
a library keeps Python's own compilation and ReportLab's shaping."""
import atexit

from pnp.adapters.dataclass_methods import keep_compiled
from pnp.adapters.reportlab_shaping import unshaped

_methods = keep_compiled()
if _methods:
    atexit.register(_methods.store)
unshaped()

from pnp.cli import main  # noqa: E402 - after keep_compiled, which the classes of its imports use


def run() -> None:
    main(prog_name="pnp")


if __name__ == "__main__":
    run()
