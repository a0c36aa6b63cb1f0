"""Ancient Duel print-and-play kit builder (see README.md): load -> validate -> compose -> render -> write."""
