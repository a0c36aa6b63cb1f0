"""The score sheet, the tokens and the calibration sheet: derived from the engine data, localized, composed and
rendered (the products of pnp.products: pnp.sheets.produce). The package itself imports nothing, so that a light
module of it (a layout, the calibration sheet's duplex modes) can be imported without the sheets' drawing."""
