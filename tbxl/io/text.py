"""The text of a TRF file: its bytes decoded and its lines split as C07 §10.1 reads them. Light (the
standard library only): the sniff of :mod:`tbxl.io.load`, run by every command, reads files with it."""

from __future__ import annotations

__all__ = ["decode_trf", "split_lines"]


def decode_trf(data: bytes) -> tuple[str, str | None]:
    """Decode a TRF file's bytes: UTF-8 (BOM stripped), UTF-16 with a BOM, else CP1252.

    Returns the text and a note when a fallback was used. Never raises: bytes that CP1252
    does not define become U+FFFD.

    >>> decode_trf(b"\\xef\\xbb\\xbf012 A"), decode_trf(b"012 A\\n012 Caf\\xe9")
    (('012 A', None), ('012 A\\n012 Café', 'not valid UTF-8 (line 2, column 8: byte 0xE9): decoded as CP1252'))
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace"), "decoded as UTF-16"
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as err:
        # Swiss-Manager and other Windows programs export CP1252. The first byte that is not UTF-8
        # is named: an error on another line then says how the file was read.
        at = err.start
        line = data.count(b"\n", 0, at) + 1
        column = at - (data.rfind(b"\n", 0, at) + 1) + 1
        return (
            data.decode("cp1252", errors="replace"),
            f"not valid UTF-8 (line {line}, column {column}: byte 0x{data[at]:02X}): decoded as CP1252",
        )


def split_lines(text: str) -> list[str]:
    """The lines of a TRF text (a leading BOM dropped): CR, LF and CRLF each end one.

    >>> split_lines("\\ufeff012 A\\r\\n001\\r042\\n"), split_lines("001\\r\\r\\n\\u2028")
    (['012 A', '001', '042', ''], ['001', '', '\\u2028'])
    """
    text = text.lstrip("\ufeff")
    # Not str.splitlines, which also splits on U+2028 and others; not a regular expression either,
    # which tries its alternatives at every character (0.06 s on a file of 10,000 players). A CR
    # left after the CRLFs became LFs ends a line of its own, as C07 §10.1 reads it.
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")
