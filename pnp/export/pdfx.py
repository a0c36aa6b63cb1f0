"""PDF/X-1a:2001 (`pnp build --pdfx CONDITION`): a post-pass over a finished PDF, in memory, with pikepdf.

It makes the file what a print shop's preflight asks for — the PDF/X keys in the document information, `Trapped`,
an OutputIntent naming a registered print condition (pnp/layouts/pdfx.toml: FOGRA39 or SWOP, no ICC profile needed
for a registered one), TrimBox and BleedBox on every page (the page itself where the kit sets none), no annotations
(the rulebook's contents links) and no actions — and checks what it cannot change: every colour CMYK or grey within
the condition's ink limit, no RGB image, no transparency, every font embedded. Neutral RGB colours (r = g = b, e.g.
ReportLab's default black) are rewritten to the same grey on the black plate; any other RGB colour, and every other
breach, is a located problem and no file is written.
"""
from __future__ import annotations

from decimal import Decimal
from io import BytesIO
from pathlib import Path
from typing import Iterator, Mapping

import pikepdf
from pikepdf import Name

from ..core.problems import Location, Problem, ProblemsFound
from .pdfx_settings import PdfxLayout, PrintCondition, pdfx_layout

RGB_OPERATORS = {"rg": "k", "RG": "K"}  # RGB fill / stroke -> the CMYK operator that replaces a neutral one
CMYK_OPERATORS = ("k", "K")
PRINTABLE_SPACES = ("/DeviceCMYK", "/DeviceGray")
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def to_pdfx(pdf: bytes, name: str, condition: str) -> bytes:
    """`pdf` as PDF/X-1a for print condition `condition`; raises ProblemsFound (file `name`, page) when it cannot
    conform. Deterministic: the same input gives the same bytes (the /ID is derived from the content)."""
    settings = pdfx_layout()
    target = settings.conditions[condition]
    problems: list[Problem] = []
    with pikepdf.open(BytesIO(pdf)) as document:
        checked: set[tuple[int, int]] = set()
        for number, page in enumerate(document.pages, start=1):
            where = Location(file=name, field=f"page {number}")
            _page_boxes(page, where, problems)
            if Name.Annots in page.obj:
                del page.obj[Name.Annots]
            problems += _content_problems(page.obj, target, where, checked)
        _strip_actions(document)
        if problems:
            raise ProblemsFound(problems)
        _mark(document, settings, target)
        out = BytesIO()
        document.save(out, deterministic_id=True, force_version=settings.pdf_version,
                      object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=True)
    return out.getvalue()


def _page_boxes(page: pikepdf.Page, where: Location, problems: list[Problem]) -> None:
    """TrimBox and BleedBox on the page (the MediaBox where the kit set none), TrimBox ⊆ BleedBox ⊆ MediaBox."""
    media = [float(v) for v in page.obj.MediaBox]
    for key in (Name.BleedBox, Name.TrimBox):
        if key not in page.obj:
            page.obj[key] = pikepdf.Array(page.obj.MediaBox)
    bleed, trim = ([float(v) for v in page.obj[key]] for key in (Name.BleedBox, Name.TrimBox))
    if not (_inside(trim, bleed) and _inside(bleed, media)):
        problems.append(Problem("pdfx-boxes", f"TrimBox {trim} must lie inside BleedBox {bleed} inside MediaBox "
                                f"{media}", where))


def _inside(inner: list[float], outer: list[float], tolerance: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tolerance and inner[1] >= outer[1] - tolerance
            and inner[2] <= outer[2] + tolerance and inner[3] <= outer[3] + tolerance)


def _content_problems(owner: pikepdf.Object, target: PrintCondition, where: Location,
                      checked: set[tuple[int, int]]) -> list[Problem]:
    """Colours, images, graphics states and fonts of a page or form and of every form it draws (each form once)."""
    problems = _colour_problems(owner, target, where)
    resources = owner.get(Name.Resources, pikepdf.Dictionary())
    for xobject in resources.get(Name.XObject, pikepdf.Dictionary()).values():
        if xobject.objgen in checked:
            continue
        checked.add(xobject.objgen)
        if xobject.get(Name.Subtype) == Name.Form:
            problems += _content_problems(xobject, target, where, checked)
        else:
            problems += _image_problems(xobject, target, where)
    for state in resources.get(Name.ExtGState, pikepdf.Dictionary()).values():
        problems += _transparency_problems(state, where)
    for space in resources.get(Name.ColorSpace, pikepdf.Dictionary()).values():
        if not _printable_space(space):
            problems.append(Problem("pdfx-rgb-colour", f"colour space {_space_name(space)} is not CMYK or grey",
                                    where))
    for font in resources.get(Name.Font, pikepdf.Dictionary()).values():
        problems += _font_problems(font, where)
    return problems


def _colour_problems(owner: pikepdf.Object, target: PrintCondition, where: Location) -> list[Problem]:
    """Rewrites neutral RGB colours to grey on K; reports other RGB colours and CMYK colours over the ink limit."""
    problems, rewritten, changed = [], [], False
    for operands, operator in pikepdf.parse_content_stream(owner):
        op = str(operator)
        values = [float(v) for v in operands] if op in RGB_OPERATORS or op in CMYK_OPERATORS else []
        if op in ("cs", "CS") and isinstance(operands[0], pikepdf.Name) and not _printable_space(operands[0]) \
                and str(operands[0]).startswith("/Device"):
            problems.append(Problem("pdfx-rgb-colour", f"colour space {_space_name(operands[0])} ({op}) is not CMYK "
                                    "or grey", where))
        if op == "INLINE IMAGE" and str(operands[0].colorspace) not in PRINTABLE_SPACES:
            problems.append(Problem("pdfx-rgb-image", f"inline image in colour space {operands[0].colorspace}; "
                                    "PDF/X-1a needs CMYK or grey images", where))
        if op in RGB_OPERATORS:
            if max(values) - min(values) > 1e-6:
                problems.append(Problem("pdfx-rgb-colour", f"RGB colour {values} ({op}) is not allowed in PDF/X-1a; "
                                        "expected CMYK colours", where))
            else:
                operands = [0, 0, 0, Decimal(str(round(1 - values[0], 4)))]
                operator, changed = pikepdf.Operator(RGB_OPERATORS[op]), True
                values = [float(v) for v in operands]
        if values and str(operator) in CMYK_OPERATORS and sum(values) * 100 > target.ink_limit + 1e-6:
            problems.append(Problem("pdfx-ink-limit", f"colour {values} covers {sum(values) * 100:.0f} % ink; "
                                    f"{target.identifier} allows at most {target.ink_limit} %", where))
        rewritten.append((operands, operator))
    if changed:
        if owner.get(Name.Type) == Name.Page:
            pikepdf.Page(owner).contents_coalesce()
            owner = owner.Contents
        owner.write(pikepdf.unparse_content_stream(rewritten))
    return problems


def _image_problems(image: pikepdf.Object, target: PrintCondition, where: Location) -> list[Problem]:
    problems = []
    space = image.get(Name.ColorSpace)
    if space is not None and not _printable_space(space):
        problems.append(Problem("pdfx-rgb-image", f"image in colour space {_space_name(space)}; PDF/X-1a needs CMYK "
                                "or grey images", where))
    elif space == Name.DeviceCMYK:
        data = pikepdf.PdfImage(image).as_pil_image().tobytes()  # C, M, Y, K bytes of each pixel in turn
        ink = max(map(sum, zip(data[0::4], data[1::4], data[2::4], data[3::4]))) * 100 / 255
        if ink > target.ink_limit + 0.5:
            problems.append(Problem("pdfx-ink-limit", f"an image covers up to {ink:.0f} % ink; {target.identifier} "
                                    f"allows at most {target.ink_limit} %", where))
    if Name.SMask in image:
        problems.append(Problem("pdfx-transparency", "image with a soft mask (transparency is not allowed in "
                                "PDF/X-1a)", where))
    return problems


def _transparency_problems(state: pikepdf.Object, where: Location) -> list[Problem]:
    opaque = all(float(state.get(key, 1)) == 1 for key in (Name.CA, Name.ca))
    unmasked = state.get(Name.SMask, Name("/None")) == Name("/None")
    normal = str(state.get(Name.BM, Name.Normal)) in ("/Normal", "/Compatible")
    if opaque and unmasked and normal:
        return []
    return [Problem("pdfx-transparency", "graphics state with transparency (alpha, soft mask or blend mode) is not "
                    "allowed in PDF/X-1a", where)]


def _font_problems(font: pikepdf.Object, where: Location) -> list[Problem]:
    if font.get(Name.Subtype) == Name.Type3:
        return []  # glyphs drawn by content streams: nothing to embed
    described = font.DescendantFonts[0] if font.get(Name.Subtype) == Name.Type0 else font
    descriptor = described.get(Name.FontDescriptor, pikepdf.Dictionary())
    if any(Name(key) in descriptor for key in FONT_FILES):
        return []
    return [Problem("pdfx-font-not-embedded", f"font {font.get(Name.BaseFont)} is not embedded; PDF/X needs every "
                    "font embedded", where)]


def _printable_space(space: pikepdf.Object) -> bool:
    """DeviceCMYK, DeviceGray, or an indexed / separation space over one of them."""
    if isinstance(space, pikepdf.Name):
        return str(space) in PRINTABLE_SPACES
    family = str(space[0])
    if family == "/Indexed":
        return _printable_space(space[1])
    if family in ("/Separation", "/DeviceN"):
        return _printable_space(space[2])
    if family == "/ICCBased":
        return int(space[1].get(Name.N, 3)) != 3
    return False


def _space_name(space: pikepdf.Object) -> str:
    return str(space if isinstance(space, pikepdf.Name) else space[0]).lstrip("/")


def _outline_items(item: pikepdf.Object | None) -> Iterator[pikepdf.Object]:
    while item is not None:
        yield item
        yield from _outline_items(item.get(Name.First))
        item = item.get(Name.Next)


def _strip_actions(document: pikepdf.Pdf) -> None:
    """No actions in PDF/X: a bookmark's GoTo action becomes a plain destination, any other action goes."""
    root = document.Root
    for key in (Name.OpenAction, Name.AA, Name.AcroForm):
        if key in root:
            del root[key]
    outlines = root.get(Name.Outlines)
    for item in _outline_items(outlines.get(Name.First) if outlines is not None else None):
        action = item.get(Name.A)
        if action is None:
            continue
        if action.get(Name.S) == Name.GoTo and Name.Dest not in item:
            item[Name.Dest] = action.D
        del item[Name.A]


def _mark(document: pikepdf.Pdf, settings: PdfxLayout, target: PrintCondition) -> None:
    """The PDF/X keys in the document information and the OutputIntent of the print condition."""
    info = document.docinfo
    info[Name("/GTS_PDFXVersion")] = settings.version
    info[Name("/GTS_PDFXConformance")] = settings.conformance
    info[Name.Trapped] = Name("/False")
    document.Root[Name.OutputIntents] = pikepdf.Array([document.make_indirect(pikepdf.Dictionary(
        Type=Name.OutputIntent, S=Name("/GTS_PDFX"), OutputConditionIdentifier=target.identifier,
        OutputCondition=target.condition, RegistryName=target.registry, Info=target.condition))])


def pdfx_files(files: Mapping[Path, bytes], condition: str) -> dict[Path, bytes]:
    """Every PDF of a build as PDF/X (other files unchanged); the problems of all files together."""
    converted, problems = {}, []
    for path, data in files.items():
        try:
            converted[path] = to_pdfx(data, str(path), condition) if path.suffix == ".pdf" else data
        except ProblemsFound as exc:
            problems += exc.problems
    if problems:
        raise ProblemsFound(problems)
    return converted

