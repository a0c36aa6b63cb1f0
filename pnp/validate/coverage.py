"""How much of each domain a language's catalogs translate: what `pnp validate` reports for every language."""
from __future__ import annotations


from ..i18n.catalogs import DOMAINS, LanguageCatalog, domain_of
from .messages import translated


def coverage(catalog: LanguageCatalog) -> dict[str, tuple[int, int]]:
    """Domain -> (messages translated, messages), from the catalog's own entries (which `pnp catalogs update`
    keeps equal to the templates')."""
    counts = {domain: [0, 0] for domain in DOMAINS}
    for message in catalog.messages.values():
        count = counts[domain_of(message.path)]
        count[0] += translated(message)
        count[1] += 1
    return {domain: (done, total) for domain, (done, total) in counts.items()}


def complete(catalog: LanguageCatalog) -> bool:
    """Every message of every domain translated."""
    return all(done == total for done, total in coverage(catalog).values())


def coverage_line(catalog: LanguageCatalog) -> str:
    """"coverage fr: cards 2.5 % (8 of 316), …"."""
    return f"coverage {catalog.lang}: " + ", ".join(
        f"{domain} {100 * done / total if total else 100:.1f} % ({done} of {total})"
        for domain, (done, total) in coverage(catalog).items())
