"""Units: layouts declare millimetres, ReportLab draws in points (1/72 inch). The one definition of both ways."""
from __future__ import annotations

MM_PER_INCH = 25.4
MM = 72 / MM_PER_INCH  # points per millimetre: a length in mm times MM is in points
PT = 1 / MM            # millimetres per point: a size in pt times PT is in mm
