"""The bottom of the package: what every other part uses and that uses no other part of pnp — problems, TOML
reading, input files, bundled resources, units, typed layout values, the worker pool."""
