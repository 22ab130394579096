#!/usr/bin/env python3
"""Generates the offline catalog in data/: catalog.json (iTunes search-response format, 1,000+
records across every category) and artwork/<cover>/{100x100bb,600x600bb}.jpg.

Names are invented; the records' shapes come from itunes_records.py. Needs Pillow
(`pip install pillow`). Deterministic: the same output on every run.
"""
import colorsys
import json
import os
import random
import shutil
import sys

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.dirname(__file__))
import itunes_records as it  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "data")
HOST = "http://storesearch-catalog.invalid/artwork"  # the catalog server puts its address here
COVERS = 120
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

ADJECTIVES = ["Midnight", "Golden", "Electric", "Silent", "Crimson", "Velvet", "Northern", "Paper", "Neon",
              "Hidden", "Endless", "Broken", "Wild", "Quiet", "Silver", "Lost", "Bright", "Distant", "Frozen", "Café"]
NOUNS = ["Garden", "River", "Echo", "Horizon", "Signal", "Harbor", "Orchard", "Mirror", "Lantern", "Voyage",
         "Atlas", "Meadow", "Circuit", "Tide", "Summit", "Canyon", "Parade", "Forest", "Engine", "Señal"]
FIRST = ["Ana", "Björn", "Chloé", "Dmitri", "Emre", "Fatima", "Greta", "Hiro", "Ines", "Jonas", "Kemal",
         "Lucía", "Mateo", "Noor", "Olek", "Priya", "Quinn", "Renée", "Søren", "Tarkan", "Yuki", "Zoë"]
LAST = ["Moreau", "Okafor", "Lindqvist", "Yılmaz", "Tanaka", "Novak", "García", "Kowalski", "Haddad",
        "Fischer", "Dubois", "Silva", "Rossi", "Nakamura", "Ivanova", "Byrne"]
GENRES = {
    "song": ["Pop", "Rock", "Jazz", "Electronic", "Hip-Hop/Rap", "Classical", "Country", "Alternative"],
    "software": ["Productivity", "Utilities", "Games", "Photo & Video", "Education", "Music", "Weather"],
    "ebook": ["Mysteries & Thrillers", "Sci-Fi & Fantasy", "Romance", "History", "Cookbooks, Food & Wine"],
    "audiobook": ["Biographies & Memoirs", "Sci-Fi & Fantasy", "Self-Development", "History"],
    "podcast": ["Technology", "Comedy", "News", "True Crime", "Science"],
    "movie": ["Drama", "Comedy", "Action & Adventure", "Documentary", "Kids & Family"],
    "music-video": ["Pop", "Rock", "R&B/Soul"],
    "tv-episode": ["Drama", "Comedy", "Reality TV"],
}


def cover(index):
    rng = random.Random(index)
    hue = rng.random()
    top = tuple(int(c * 255) for c in colorsys.hls_to_rgb(hue, 0.55, 0.65))
    bottom = tuple(int(c * 255) for c in colorsys.hls_to_rgb((hue + 0.12) % 1, 0.28, 0.55))
    size = 600
    image = Image.new("RGB", (size, size))
    draw = ImageDraw.Draw(image)
    for y in range(size):
        t = y / size
        draw.line([(0, y), (size, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    accent = tuple(int(c * 255) for c in colorsys.hls_to_rgb((hue + 0.5) % 1, 0.7, 0.5))
    style = index % 3
    if style == 0:
        r = rng.randint(120, 220)
        cx, cy = rng.randint(150, 450), rng.randint(150, 450)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=accent, width=18)
    elif style == 1:
        for k in range(6):
            x = 40 + k * 95
            draw.rectangle([x, 80, x + 40, 520], fill=accent if k % 2 else None, outline=accent, width=6)
    else:
        draw.polygon([(300, 90), (520, 500), (80, 500)], outline=accent, width=16)
    if os.path.exists(FONT):
        font = ImageFont.truetype(FONT, 200)
        letter = chr(ord("A") + index % 26)
        draw.text((size / 2, size / 2), letter, font=font, fill=(255, 255, 255), anchor="mm")
    return image


def main():
    if os.path.isdir(os.path.join(ROOT, "artwork")):
        shutil.rmtree(os.path.join(ROOT, "artwork"))
    for index in range(COVERS):
        folder = os.path.join(ROOT, "artwork", f"cover-{index:03d}")
        os.makedirs(folder, exist_ok=True)
        image = cover(index)
        image.save(os.path.join(folder, "600x600bb.jpg"), quality=70, optimize=True)
        image.resize((100, 100), Image.LANCZOS).save(os.path.join(folder, "100x100bb.jpg"), quality=85, optimize=True)

    rng = random.Random(2026)

    def title():
        return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"

    def person():
        return f"{rng.choice(FIRST)} {rng.choice(LAST)}"

    def with_art(record, i):
        # Point every artwork URL at one of the generated covers (albums share covers, as in the store).
        key = f"cover-{i % COVERS:03d}"
        for field in list(record):
            if field.startswith("artworkUrl"):
                size = field[len("artworkUrl"):]
                record[field] = f"{HOST}/{key}/{size}x{size}bb.jpg"
        return record

    def date():
        return f"{rng.randint(1975, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T07:00:00Z"

    plan = [("song", 420), ("software", 170), ("ebook", 140), ("audiobook", 80), ("podcast", 80),
            ("movie", 70), ("music-video", 50), ("tv-episode", 50)]
    records = [
        with_art(it.song(0, "Şımarık", "Tarkan", "Ölürüm Sana", "Pop", date="1997-06-06T07:00:00Z"), 0),
        with_art(it.song(1, "Kuzu Kuzu", "Tarkan", "Karma", "Pop", date="2001-07-11T07:00:00Z"), 1),
    ]
    i = 2
    for kind, count in plan:
        for _ in range(count):
            genre = rng.choice(GENRES[kind])
            price = rng.choice([0.0, 0.99, 1.29, 1.99, 2.99, 4.99, 9.99])
            if kind == "song":
                r = it.song(i, title(), person(), title(), genre, price=rng.choice([0.69, 0.99, 1.29]), date=date())
            elif kind == "software":
                r = it.software(i, f"{rng.choice(NOUNS)} {rng.choice(['Pro', 'Studio', 'Lite', 'Pocket', 'Go'])}",
                                f"{rng.choice(LAST)} Labs", genre, price=price, date=date())
            elif kind == "ebook":
                r = it.ebook(i, f"The {title()}", person(), [genre, "Books"], price=rng.choice([4.99, 9.99, 12.99]), date=date())
            elif kind == "audiobook":
                r = it.audiobook(i, f"{title()}: A Memoir" if rng.random() < 0.3 else title(), person(), genre, date=date())
            elif kind == "podcast":
                r = it.podcast(i, f"The {rng.choice(NOUNS)} Show", person(), genre, date=date())
            elif kind == "movie":
                r = it.movie(i, title(), person(), genre, date=date())
            elif kind == "music-video":
                r = it.music_video(i, title(), person(), genre, date=date())
            else:
                r = it.tv_episode(i, title(), f"{rng.choice(NOUNS)} Street", genre, date=date())
            if rng.random() < 0.04:
                r.pop("artistName", None)  # any field can be missing
            if rng.random() < 0.03:
                r.pop("releaseDate", None)
            records.append(with_art(r, i))
            i += 1

    os.makedirs(ROOT, exist_ok=True)
    with open(os.path.join(ROOT, "catalog.json"), "w", encoding="utf-8") as f:
        json.dump({"resultCount": len(records), "results": records}, f, ensure_ascii=False, separators=(",", ":"))
    print(f"{len(records)} records, {COVERS} covers")


if __name__ == "__main__":
    main()
