"""The web app's icons: ``python web/icons/make.py`` writes icon.svg and the PNGs (192, 512, a
maskable 512 with the safe zone's margin, the 180-pixel apple-touch-icon) from one drawing: a
podium (the standings) of three steps on tbxl's blue, the first place's step the highest. The
files are committed; run this again only to change the drawing (it needs Pillow)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
BLUE, WHITE, GOLD = "#1b4f9c", "#ffffff", "#f2c230"
#: The steps on a 100 x 100 square: (x, y, width, height, colour): second, first, third.
STEPS = [(14, 52, 24, 32, WHITE), (38, 30, 24, 54, GOLD), (62, 62, 24, 22, WHITE)]
#: The star over the first step (a polygon on the same square).
STAR = [
    (50, 6),
    (52.8, 13.2),
    (60.4, 13.6),
    (54.4, 18),
    (56.4, 25.2),
    (50, 21.2),
    (43.6, 25.2),
    (45.6, 18),
    (39.6, 13.6),
    (47.2, 13.2),
]


def svg() -> str:
    steps = "".join(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{c}"/>' for x, y, w, h, c in STEPS)
    star = " ".join(f"{x},{y}" for x, y in STAR)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="18" fill="{BLUE}"/>{steps}<polygon points="{star}" fill="{GOLD}"/></svg>\n'
    )


def png(size: int, path: Path, *, margin: float = 0.0, round_corners: bool = True) -> None:
    from PIL import Image, ImageDraw

    big = size * 4  # drawn large, then scaled down: smooth edges
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if round_corners:
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=int(big * 0.18), fill=BLUE)
    else:  # maskable: the whole square, the platform cuts its own shape
        d.rectangle((0, 0, big, big), fill=BLUE)
    k = big * (1 - 2 * margin) / 100
    o = big * margin
    for x, y, w, h, c in STEPS:
        d.rectangle((o + x * k, o + y * k, o + (x + w) * k, o + (y + h) * k), fill=c)
    d.polygon([(o + x * k, o + y * k) for x, y in STAR], fill=GOLD)
    im.resize((size, size), Image.LANCZOS).save(path, optimize=True)


def main() -> None:
    (HERE / "icon.svg").write_text(svg(), encoding="utf-8")
    png(192, HERE / "icon-192.png")
    png(512, HERE / "icon-512.png")
    png(512, HERE / "icon-maskable-512.png", margin=0.1, round_corners=False)
    png(180, HERE / "apple-touch-icon.png", round_corners=False)


if __name__ == "__main__":
    main()
