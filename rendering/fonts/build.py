"""Rebuild the fallback faces shipped in this folder (a maintenance tool, not used at run time).

Each shipped face is a subset of a Noto font (SIL Open Font License 1.1, text in `OFL.txt`), cut to the
characters that display names use so that no file passes 2 MiB and the repository stays small:

    python -m rendering.fonts.build SOURCE_DIR

SOURCE_DIR holds the upstream files: `NotoSansCJK-Regular.ttc` and the `NotoSans*-Regular.ttf` faces of
Debian's `fonts-noto-cjk` and `fonts-noto-core` packages, and `NotoEmoji[wght].ttf` (Noto Emoji, the
monochrome face; the variable font is pinned at weight 400). Needs fontTools (`pip install fonttools`).
It also writes `coverage.json`: for each face, the code point ranges its cmap maps, so that run time picks a
face per character without parsing the fonts.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Ranges kept whole: every character a name in these scripts uses.
KANA = [(0x3000, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF), (0x3190, 0x319F)]
# Spaces, digits and punctuation inside a script's face keep a right-to-left name one run (one shaping pass).
ASCII = (0x20, 0x40)
HANGUL = [(0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7A3)]


def _ranges(ranges: Iterable[tuple[int, int]]) -> set[int]:
    return {cp for lo, hi in ranges for cp in range(lo, hi + 1)}


def _codec_han(codec: str, keep: Callable[[bytes], bool]) -> set[int]:
    """The CJK unified ideographs of a legacy national character set whose encoding `keep` accepts."""
    found = set()
    for cp in range(0x4E00, 0xA000):
        try:
            encoded = chr(cp).encode(codec)
        except UnicodeEncodeError:
            continue
        if keep(encoded):
            found.add(cp)
    return found


def han() -> set[int]:
    """Japanese first: all of JIS X 0208 (levels 1 and 2, 6,355 kanji); then the 3,755 level-1 hanzi of
    GB 2312 and the 5,401 frequent hanzi of Big5 (8,491 in all). The rarer ideographs are left out to keep the
    files small; a name using one draws it as the missing-glyph-free "?" fallback of `fonts.drawable`.
    """
    jis = _codec_han("euc_jp", lambda b: len(b) == 2)
    gb_level1 = _codec_han("gb2312", lambda b: b[0] - 0xA0 <= 55)
    big5_frequent = _codec_han("big5", lambda b: b[0] < 0xC6 or (b[0] == 0xC6 and b[1] < 0xA1))
    return jis | gb_level1 | big5_frequent


def _subset(source: Path, out: Path, codepoints: set[int], font_number: int = 0, pin_weight: bool = False) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=font_number, lazy=False)
    if pin_weight and "fvar" in font:
        from fontTools.varLib import instancer

        font = instancer.instantiateVariableFont(font, {"wght": 400})
    options = subset.Options()
    options.layout_features = ["*"]  # shaping (Arabic joining, Indic conjuncts, emoji sequences) needs them all
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False  # pictures are drawn at 11-40 px with FreeType's auto-hinter; hints only add bytes
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints & set(font.getBestCmap())))
    subsetter.subset(font)
    font.save(str(out))


def _coverage(path: Path) -> list[list[int]]:
    from fontTools.ttLib import TTFont

    cps = sorted(TTFont(str(path)).getBestCmap())
    ranges: list[list[int]] = []
    for cp in cps:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def main(source_dir: str) -> None:
    src = Path(source_dir)
    ideographs = sorted(han())
    jobs: list[tuple[str, Path, set[int], int, bool]] = [
        ("NotoSansArabic-subset.ttf", src / "NotoSansArabic-Regular.ttf", _ranges([ASCII, (0x0600, 0x06FF),
         (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF), (0x200C, 0x200F)]), 0, False),
        ("NotoSansHebrew-subset.ttf", src / "NotoSansHebrew-Regular.ttf",
         _ranges([ASCII, (0x0590, 0x05FF), (0xFB1D, 0xFB4F), (0x200C, 0x200F)]), 0, False),
        ("NotoSansThai-subset.ttf", src / "NotoSansThai-Regular.ttf",
         _ranges([ASCII, (0x0E00, 0x0E7F), (0x200B, 0x200D)]), 0, False),
        ("NotoSansDevanagari-subset.ttf", src / "NotoSansDevanagari-Regular.ttf",
         _ranges([ASCII, (0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF), (0x200B, 0x200D), (0x25CC, 0x25CC)]), 0,
         False),
        ("NotoSansCJKjp-kana-hangul.otf", src / "NotoSansCJK-Regular.ttc", _ranges(KANA + HANGUL), 0, False),
        # Three files so that none passes 2 MiB.
        *[(f"NotoSansCJKjp-han{i + 1}.otf", src / "NotoSansCJK-Regular.ttc", set(ideographs[i::3]), 0, False)
          for i in range(3)],
        ("NotoEmoji-subset.ttf", src / "NotoEmoji[wght].ttf", set(range(0x20, 0x110000)), 0, True),
    ]
    coverage = {name: _coverage(HERE / name) for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")}
    for name, source, cps, number, pin in jobs:
        out = HERE / name
        _subset(source, out, cps, number, pin)
        coverage[name] = _coverage(out)
        print(f"{name}: {out.stat().st_size / 1024:.0f} KiB, {sum(b - a + 1 for a, b in coverage[name])} characters")
    (HERE / "coverage.json").write_text(json.dumps(coverage, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
