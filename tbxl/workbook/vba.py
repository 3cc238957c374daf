"""The VBA project of the ``.xlsm`` workbooks: xlwings' quickstart project without its sample macro.

``tbxl workbook -o x.xlsm`` starts from xlwings' ``quickstart.xlsm``, whose VBA project references
the xlwings add-in (the UDF wrappers that *Import Functions* writes call into it) but also carries
a sample macro, ``Module1.SampleCall``, that runs ``import <workbook name>`` and means nothing
here. :func:`without_sample_macros` empties that module and leaves everything else, the reference
included, as it was.

The project is an OLE compound file (MS-CFB) whose module streams hold the source compressed
(MS-OVBA 2.4.1) after a compiled form (p-code). The file is patched in place, each stream keeping
its size: the new source is compressed to exactly the old compressed length (literal tokens
only, the comment padded to fit); the module's compiled form is zeroed, and the ``_VBA_PROJECT``
stream becomes the 7 bytes MS-OVBA 2.3.4.1 says a writer writes (as LibreOffice does): VBA
version ``0xFFFF``, which differs from every Office's, so Excel compiles the modules from their
source, and no performance cache.

>>> decompress(compress_to(b"Attribute VB_Name = \\"M\\"\\r\\n' note\\r\\n", 60))[:24]
b'Attribute VB_Name = "M"\\r'
>>> len(compress_to(b"' x\\r\\n", 60))
60
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
END_OF_CHAIN = 0xFFFFFFFE
NO_STREAM = 0xFFFFFFFF

#: The module of xlwings' quickstart that holds its sample macro.
SAMPLE_MODULE = "Module1"

#: What the emptied module says.
SAMPLE_REMOVED = "' The sample macro of xlwings quickstart was removed by tbxl."


class VbaError(ValueError):
    """The VBA project is not laid out as expected (e.g. another xlwings' quickstart.xlsm)."""


# ---------------------------------------------------------------------------------------------
# MS-OVBA 2.4.1: compression
# ---------------------------------------------------------------------------------------------


def decompress(data: bytes) -> bytes:
    """The bytes of a CompressedContainer (MS-OVBA 2.4.1.3.1)."""
    if not data or data[0] != 1:
        raise VbaError("not a compressed VBA container (signature byte is not 1)")
    out = bytearray()
    pos = 1
    while pos < len(data):
        header = struct.unpack_from("<H", data, pos)[0]
        size = (header & 0x0FFF) + 3
        if (header >> 12) & 0b111 != 0b011:
            raise VbaError(f"bad chunk signature at byte {pos}")
        end = min(pos + size, len(data))
        start = len(out)
        pos += 2
        if not header & 0x8000:  # an uncompressed chunk: 4096 raw bytes
            out += data[pos : pos + 4096]
            pos += 4096
            continue
        while pos < end:
            flags = data[pos]
            pos += 1
            for bit in range(8):
                if pos >= end:
                    break
                if not flags >> bit & 1:
                    out.append(data[pos])
                    pos += 1
                    continue
                token = struct.unpack_from("<H", data, pos)[0]
                pos += 2
                done = len(out) - start
                bits = max((done - 1).bit_length(), 4)  # 2.4.1.3.19.1: CopyToken help
                length = (token & (0xFFFF >> bits)) + 3
                offset = (token >> (16 - bits)) + 1
                for _ in range(length):
                    out.append(out[-offset])
    return bytes(out)


def compress_to(source: bytes, size: int) -> bytes:
    """A CompressedContainer of exactly ``size`` bytes decompressing to ``source`` with blanks
    inserted before its last line break (a comment's trailing blanks): one chunk of literal tokens
    and, where literals alone cannot make the size (a flag byte comes with every 8 tokens), one
    copy token repeating the blank before it; :class:`VbaError` if ``size`` is too small."""
    base = source.rstrip(b"\r\n")
    tail = source[len(base) :]
    for n in range(len(source), 4097):
        pad = n - len(source)
        for copy in [0] + list(range(3, min(pad - 1, 18) + 1)):  # 18: the longest copy at any offset
            tokens = n - copy + (1 if copy else 0)
            if 1 + 2 + (n - copy) + (2 if copy else 0) + -(-tokens // 8) == size:
                return _chunk(base + b" " * pad + tail, copy, len(base) + pad - copy)
    raise VbaError(f"the new module text ({len(source)} bytes) does not fit in {size} bytes")


def _chunk(data: bytes, copy: int, copy_at: int) -> bytes:
    """One compressed chunk of ``data``: literals, and ``copy`` bytes at ``copy_at`` as a copy token
    of offset 1 (the byte before them, repeated)."""
    tokens: list[bytes] = []
    flags: list[int] = []
    i = 0
    while i < len(data):
        if copy and i == copy_at:
            bits = max((i - 1).bit_length(), 4)  # MS-OVBA 2.4.1.3.19.1
            tokens.append(struct.pack("<H", ((1 - 1) << (16 - bits)) | (copy - 3)))
            flags.append(1)
            i += copy
        else:
            tokens.append(data[i : i + 1])
            flags.append(0)
            i += 1
    body = bytearray()
    for k in range(0, len(tokens), 8):
        body.append(sum(f << b for b, f in enumerate(flags[k : k + 8])))
        body += b"".join(tokens[k : k + 8])
    header = 0x8000 | 0x3000 | (len(body) + 2 - 3)
    return b"\x01" + struct.pack("<H", header) + bytes(body)


# ---------------------------------------------------------------------------------------------
# MS-CFB: where a stream's bytes lie in the file
# ---------------------------------------------------------------------------------------------


class CompoundFile:
    """Reads an OLE compound file enough to find and overwrite a stream's bytes in place."""

    def __init__(self, data: bytes) -> None:
        if data[:8] != SIGNATURE:
            raise VbaError("not an OLE compound file")
        self.data = bytearray(data)
        self.sector: int = 1 << struct.unpack_from("<H", data, 0x1E)[0]
        self.mini: int = 1 << struct.unpack_from("<H", data, 0x20)[0]
        first_dir = struct.unpack_from("<I", data, 0x30)[0]
        self.cutoff = struct.unpack_from("<I", data, 0x38)[0]
        first_minifat = struct.unpack_from("<I", data, 0x3C)[0]
        if struct.unpack_from("<I", data, 0x48)[0]:
            raise VbaError("a compound file with DIFAT sectors (larger than expected)")
        difat = [s for s in struct.unpack_from("<109I", data, 0x4C) if s < 0xFFFFFFFA]
        self.fat = [e for s in difat for e in struct.unpack_from(f"<{self.sector // 4}I", data, self._at(s))]
        self.dir_sectors = list(self._chain(first_dir))
        dir_bytes = self._read_chain(first_dir)
        self.entries = [dir_bytes[i : i + 128] for i in range(0, len(dir_bytes), 128)]
        root = self.entries[0]
        self.ministream = list(self._chain(struct.unpack_from("<I", root, 0x74)[0]))
        self.minifat_sectors = list(self._chain(first_minifat))
        minifat = self._read_chain(first_minifat) if first_minifat < 0xFFFFFFFA else b""
        self.minifat = list(struct.unpack(f"<{len(minifat) // 4}I", minifat))

    def _at(self, sector: int) -> int:
        return (sector + 1) * self.sector

    def _chain(self, start: int) -> Iterator[int]:
        seen = set()
        while start < 0xFFFFFFFA:
            if start in seen or start >= len(self.fat):
                raise VbaError("a broken sector chain")
            seen.add(start)
            yield start
            start = self.fat[start]

    def _read_chain(self, start: int) -> bytes:
        return b"".join(self.data[self._at(s) : self._at(s) + self.sector] for s in self._chain(start))

    def _index(self, path: str) -> int:
        """The directory entry of ``path`` (names compare by length, then case-blind: MS-CFB 2.6.4)."""
        current = 0
        for name in path.split("/"):
            node = struct.unpack_from("<I", self.entries[current], 0x4C)[0]  # a storage's child tree
            key = (len(name), name.upper())
            while node != NO_STREAM:
                e = self.entries[node]
                n = e[: struct.unpack_from("<H", e, 0x40)[0]].decode("utf-16-le").rstrip("\0")
                here = (len(n), n.upper())
                if key == here:
                    current = node
                    break
                node = struct.unpack_from("<I", e, 0x44 if key < here else 0x48)[0]
            else:
                raise VbaError(f"no stream {path!r} in the VBA project")
        return current

    def _entry(self, path: str) -> bytes:
        return self.entries[self._index(path)]

    def _spans(self, path: str) -> list[tuple[int, int]]:
        """(file offset, length) pieces of the stream, in order."""
        e = self._entry(path)
        start, size = struct.unpack_from("<I", e, 0x74)[0], struct.unpack_from("<Q", e, 0x78)[0]
        spans = []
        if size < self.cutoff:
            per = self.sector // self.mini
            while start < 0xFFFFFFFA and size > 0:
                host = self.ministream[start // per]
                spans.append((self._at(host) + (start % per) * self.mini, min(self.mini, size)))
                size -= self.mini
                start = self.minifat[start]
        else:
            for s in self._chain(start):
                spans.append((self._at(s), min(self.sector, size)))
                size -= self.sector
        return spans

    def read(self, path: str) -> bytes:
        return b"".join(bytes(self.data[o : o + n]) for o, n in self._spans(path))

    def shrink(self, path: str, size: int) -> None:
        """Cut a small stream (one in the mini stream) to its first ``size`` bytes: the directory
        entry's size, the end of its mini-sector chain, the sectors after it freed and zeroed."""
        index = self._index(path)
        entry = self.entries[index]
        start, old = struct.unpack_from("<I", entry, 0x74)[0], struct.unpack_from("<Q", entry, 0x78)[0]
        if not 0 < size <= old < self.cutoff:
            raise VbaError(f"{path}: cannot cut a stream of {old} bytes to {size}")
        self.overwrite(path, self.read(path)[:size] + bytes(old - size))
        chain = [start]
        while self.minifat[chain[-1]] < 0xFFFFFFFA:
            chain.append(self.minifat[chain[-1]])
        keep = -(-size // self.mini)
        for k, sector in enumerate(chain[keep - 1 :]):
            self.minifat[sector] = END_OF_CHAIN if k == 0 else NO_STREAM  # NO_STREAM = FREESECT
            per = self.sector // 4
            at = self._at(self.minifat_sectors[sector // per]) + (sector % per) * 4
            struct.pack_into("<I", self.data, at, self.minifat[sector])
        per = self.sector // 128
        at = self._at(self.dir_sectors[index // per]) + (index % per) * 128
        struct.pack_into("<Q", self.data, at + 0x78, size)
        self.entries[index] = bytes(self.data[at : at + 128])

    def overwrite(self, path: str, data: bytes) -> None:
        """Replace the stream's bytes by as many bytes."""
        spans = self._spans(path)
        if len(data) != sum(n for _, n in spans):
            raise VbaError(f"{path}: {len(data)} bytes for a stream of {sum(n for _, n in spans)}")
        pos = 0
        for o, n in spans:
            self.data[o : o + n] = data[pos : pos + n]
            pos += n


# ---------------------------------------------------------------------------------------------
# The VBA project
# ---------------------------------------------------------------------------------------------


def module_offsets(cfb: CompoundFile) -> dict[str, int]:
    """Each module's name and where its compressed source starts in its stream (the dir stream's
    MODULESTREAMNAME and MODULEOFFSET records, MS-OVBA 2.3.4.2.3.2)."""
    d = decompress(cfb.read("VBA/dir"))
    out: dict[str, int] = {}
    name = None
    pos = 0
    while pos + 6 <= len(d):
        rid, size = struct.unpack_from("<HI", d, pos)
        if rid == 0x0009:  # PROJECTVERSION: its size field lies (6 bytes follow)
            size = 6
        body = d[pos + 6 : pos + 6 + size]
        if rid == 0x001A:  # MODULESTREAMNAME (MBCS)
            name = body.decode("latin-1")
        elif rid == 0x0031 and name is not None:  # MODULEOFFSET
            out[name] = struct.unpack("<I", body)[0]
        pos += 6 + size
    return out


def module_sources(data: bytes) -> dict[str, str]:
    """The source text of every module of a ``vbaProject.bin``."""
    cfb = CompoundFile(data)
    return {
        name: decompress(cfb.read(f"VBA/{name}")[offset:]).decode("latin-1")
        for name, offset in module_offsets(cfb).items()
    }


def vba_version(data: bytes) -> int:
    """The VBA version in the ``_VBA_PROJECT`` stream (0xFFFF: compile from source)."""
    version: int = struct.unpack_from("<H", CompoundFile(data).read("VBA/_VBA_PROJECT"), 2)[0]
    return version


def without_sample_macros(data: bytes) -> bytes:
    """``data`` (xlwings' quickstart ``vbaProject.bin``) with ``Module1`` holding no macro, no
    compiled code (p-code) kept; streams, references and project settings otherwise unchanged."""
    cfb = CompoundFile(data)
    offsets = module_offsets(cfb)
    if SAMPLE_MODULE not in offsets:
        raise VbaError(f"the VBA project has no {SAMPLE_MODULE} (modules: {', '.join(offsets)})")
    stream = cfb.read(f"VBA/{SAMPLE_MODULE}")
    offset = offsets[SAMPLE_MODULE]
    text = f'Attribute VB_Name = "{SAMPLE_MODULE}"\r\n{SAMPLE_REMOVED}\r\n'.encode("latin-1")
    # The compiled form goes too (zeros: a performance cache "MUST be ignored on read", MS-OVBA
    # 2.3.4.3), else the sample's p-code would still be in the file, and source and p-code that
    # differ look like "VBA stomping" to virus scanners.
    cfb.overwrite(f"VBA/{SAMPLE_MODULE}", bytes(offset) + compress_to(text, len(stream) - offset))
    project = cfb.read("VBA/_VBA_PROJECT")
    # Reserved1, Version 0xFFFF, Reserved2 and 3 (MS-OVBA 2.3.4.1) and no performance cache: the
    # 7 bytes LibreOffice writes
    cfb.overwrite("VBA/_VBA_PROJECT", project[:2] + b"\xff\xff" + project[4:7] + bytes(len(project) - 7))
    cfb.shrink("VBA/_VBA_PROJECT", 7)
    return bytes(cfb.data)
