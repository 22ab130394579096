#!/usr/bin/env python3
"""Writes the API-shaped test bodies in Tests/StoreSearchCoreTests/Fixtures."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from itunes_records import *  # noqa: E402,F403

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "StoreSearchCoreTests", "Fixtures")


def write(name, text):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(text)


def main():
    os.makedirs(OUT, exist_ok=True)
    write("song.json", body([song(1, "Şımarık", "Tarkan", "Ölürüm Sana", "Pop")]))
    write("software.json", body([software(1, "Notepad Pro", "Acme Software Inc.", "Productivity", price=0.0),
                                 software(2, "Pixel Studio", "Brightside Labs LLC", "Graphics & Design", price=4.99)]))
    write("ebook.json", body([ebook(1, "The Long Summer", "Ada Byron", ["Fiction & Literature", "Books"], price=9.99)]))
    write("audiobook.json", body([audiobook(1, "Voyage to the Red Planet", "Kim Stanley", "Sci-Fi & Fantasy")]))
    write("podcast.json", body([podcast(1, "Swift by Night", "Dev Radio", "Technology")]))
    write("movie.json", body([movie(1, "Inception Point", "Chris Nolan", "Action & Adventure")]))
    write("music-video.json", body([music_video(1, "Kuzu Kuzu", "Tarkan", "Pop")]))
    write("tv-episode.json", body([tv_episode(1, "Winter Is Near", "Thrones", "Drama")]))
    # An artist's lookup: the artist's record, then their albums (`/lookup?id=ARTIST&entity=album`).
    write("artist-albums.json", body([artist(0, "Jack Johnsen", "Rock")]
                                     + [album(i, f"Album {i}", "Jack Johnsen", "Rock", tracks=10 + i) for i in range(3)]))
    write("artist.json", body([artist(0, "Jack Johnsen", "Rock")]))
    # An album's lookup (`/lookup?id=ALBUM&entity=song`): the album's record, then its tracks, two
    # discs; the store lists them in order, one is sold only with the album (trackPrice -1).
    names = ["Opening", "Second Wind", "Album Only Interlude", "Closing Time", "Bonus One"]
    tracks = [album_track(0, n + 1, name, "Jack Johnsen", "Album 0", "Rock", tracks=4, discs=2, millis=183000 + n * 31000)
              for n, name in enumerate(names[:4])]
    tracks[2]["trackPrice"] = -1.0
    tracks.append(album_track(0, 1, names[4], "Jack Johnsen", "Album 0", "Rock", tracks=1, disc=2, discs=2, millis=3725000))
    write("album-tracks.json", body([album(0, "Album 0", "Jack Johnsen", "Rock", tracks=5)] + tracks))
    only = song(2, "Hidden Track", "Tarkan", "Ölürüm Sana", "Pop", price=1.29)
    only["trackPrice"] = -1.0  # sold only with its album
    only["collectionPrice"] = 9.99
    write("album-only.json", body([only]))

    mixed = []
    builders = [
        lambda i: song(i, f"Song {i:02d}", f"Artist {i % 7}", f"Album {i % 5}", "Rock"),
        lambda i: software(i, f"App {i:02d}", f"Seller {i % 4} Ltd.", "Utilities", price=(0.0 if i % 2 else 2.99)),
        lambda i: ebook(i, f"Book {i:02d}", f"Author {i % 6}", ["Mysteries & Thrillers", "Books"]),
        lambda i: audiobook(i, f"Audiobook {i:02d}", f"Narrator {i % 3}", "Biographies & Memoirs"),
        lambda i: podcast(i, f"Podcast {i:02d}", f"Host {i % 3}", "Comedy"),
        lambda i: movie(i, f"Movie {i:02d}", f"Director {i % 3}", "Drama"),
        lambda i: music_video(i, f"Video {i:02d}", f"Artist {i % 7}", "Pop"),
        lambda i: tv_episode(i, f"Episode {i:02d}", f"Show {i % 2}", "Comedy"),
    ]
    for i in range(56):
        mixed.append(builders[i % len(builders)](i))
    del mixed[3]["artistName"]       # any field can be missing
    del mixed[9]["releaseDate"]
    mixed[12]["trackPrice"] = None   # null where a number is expected
    write("all-mixed.json", body(mixed))

    jp = [song(i, name, artist, "アルバム", "J-Pop", price=250, currency="JPY", country="JPN")
          for i, (name, artist) in enumerate([("夜に駆ける", "YOASOBI"), ("紅蓮華", "LiSA"), ("Lemon", "米津玄師")])]
    write("japan-jpy.json", body(jp))

    write("unicode.json", body([
        song(1, "Ça plane pour moi", "Plastic Bertrand", "AN1", "Punk"),
        song(2, "Żółć 🎸", "Zespół", "Emoji Album", "Rock"),
        song(3, "apple", "lower case", "x", "Pop"),
        song(4, "Äpfel", "Umlaut", "y", "Pop"),
        song(5, "Zebra", "Last", "z", "Pop"),
    ]))

    write("two-hundred.json", body([song(i, f"Track {i:03d}", f"Band {i % 20}", f"Record {i % 15}", "Electronic") for i in range(200)]))

    good = [song(1, "Good One", "A", "x", "Pop"), song(2, "Good Two", "B", "y", "Pop")]
    bad = dict(song(3, "Bad", "C", "z", "Pop"))
    bad["trackId"] = "not-a-number"
    bad["trackName"] = 42
    bad["collectionId"] = "nope"
    del bad["trackViewUrl"]
    del bad["collectionViewUrl"]
    payload = {"resultCount": 7, "results": [good[0], bad, "not an object", good[1]]}
    write("wrong-types.json", "\n\n" + json.dumps(payload) + "\n")

    write("error-message.json", "\n\n" + json.dumps({"errorMessage": "Invalid value(s) for key(s): [mediaType]",
                                                     "queryParameters": {"output": ["json"], "media": "all"}}) + "\n")
    write("html-error.html", "<!DOCTYPE html>\n<html><head><title>Service Unavailable</title></head>"
                             "<body><h1>Service Unavailable</h1><p>Please try again later.</p></body></html>\n")
    write("empty.json", "\n\n\n")
    full = body([song(i, f"Cut {i}", "X", "Y", "Pop") for i in range(5)])
    write("truncated.json", full[: len(full) // 2])


if __name__ == "__main__":
    main()
