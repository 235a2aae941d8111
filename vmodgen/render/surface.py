"""What the layouts draw on: a Pillow ``ImageDraw`` on a face's bitmap (the module's PNGs) or
a :class:`~vmodgen.render.vector.VectorDraw` recording shapes (the print sheet's PDF). Names
for type hints only: nothing is imported when the program runs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from PIL import Image, ImageDraw

    from .vector import VectorDraw

    #: the drawing calls' target
    Drawing = Union[ImageDraw.ImageDraw, VectorDraw]
    #: where art is pasted
    Canvas = Union[Image.Image, VectorDraw]
