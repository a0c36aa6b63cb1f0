"""Card rendering: compose each face (texts fitted to the layout), then draw it on a canvas at a given origin.

The print checks the validator calls (text fit, glyph coverage) live in pnp.render.checks.
"""
