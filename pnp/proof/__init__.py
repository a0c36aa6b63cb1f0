"""The proof site (`pnp proof`): every card and message in English and each language side by side."""
