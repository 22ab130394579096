"""Builders for records in the exact shape of iTunes Search API results, quirks included.

Used by generate-fixtures.py (test bodies) and generate-catalog.py (the offline catalog).
Names are invented; field names, types and which fields each kind has follow the real API.
"""
import json
import random

ARTWORK_HOST = "https://is1-ssl.mzstatic.com/image/thumb"


def artwork(base, key, size):
    return f"{base}/{key}/source/{size}x{size}bb.jpg"


def slug(text):
    return "".join(c.lower() if c.isalnum() else "-" for c in text).strip("-") or "item"


def song(i, name, artist, album, genre, price=1.29, currency="USD", country="USA", art_base=ARTWORK_HOST, date="2019-05-17T07:00:00Z"):
    key = f"Music{100 + i % 30}/v4/{i:08x}"
    return {
        "wrapperType": "track", "kind": "song", "artistId": 100000 + i, "collectionId": 200000 + i,
        "trackId": 300000 + i, "artistName": artist, "collectionName": album, "trackName": name,
        "collectionCensoredName": album, "trackCensoredName": name,
        "artistViewUrl": f"https://music.apple.com/us/artist/{slug(artist)}/{100000 + i}?uo=4",
        "collectionViewUrl": f"https://music.apple.com/us/album/{slug(album)}/{200000 + i}?i={300000 + i}&uo=4",
        "trackViewUrl": f"https://music.apple.com/us/album/{slug(name)}/{200000 + i}?i={300000 + i}&uo=4",
        "previewUrl": f"https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/{i:08x}.plus.aac.p.m4a",
        "artworkUrl30": artwork(art_base, key, 30), "artworkUrl60": artwork(art_base, key, 60),
        "artworkUrl100": artwork(art_base, key, 100),
        "collectionPrice": round(price * 8, 2), "trackPrice": price, "releaseDate": date,
        "collectionExplicitness": "notExplicit", "trackExplicitness": "notExplicit",
        "discCount": 1, "discNumber": 1, "trackCount": 12, "trackNumber": 1 + i % 12,
        "trackTimeMillis": 180000 + i * 1000 % 120000, "country": country, "currency": currency,
        "primaryGenreName": genre, "isStreamable": True,
    }


def software(i, name, seller, genre, price=0.0, currency="USD", art_base=ARTWORK_HOST, date="2015-03-02T08:00:00Z"):
    key = f"Purple{110 + i % 20}/v4/{i:08x}"
    return {
        "isGameCenterEnabled": False, "features": ["iosUniversal"],
        "supportedDevices": ["iPhone5s-iPhone5s", "iPadAir-iPadAir"], "advisories": [],
        "screenshotUrls": [f"{art_base}/{key}/source/392x696bb.jpg"], "ipadScreenshotUrls": [],
        "appletvScreenshotUrls": [],
        "artworkUrl60": artwork(art_base, key, 60), "artworkUrl512": artwork(art_base, key, 512),
        "artworkUrl100": artwork(art_base, key, 100),
        "artistViewUrl": f"https://apps.apple.com/us/developer/{slug(seller)}/id{400000 + i}?uo=4",
        "kind": "software", "currency": currency, "minimumOsVersion": "14.0",
        "trackCensoredName": name, "languageCodesISO2A": ["EN", "DE", "JA"],
        "fileSizeBytes": str(10_000_000 + i * 1234), "sellerUrl": f"https://{slug(seller)}.example.com",
        "formattedPrice": "Free" if price == 0 else f"${price:.2f}", "contentAdvisoryRating": "4+",
        "averageUserRatingForCurrentVersion": 4.5, "userRatingCountForCurrentVersion": 120 + i,
        "averageUserRating": 4.5, "trackViewUrl": f"https://apps.apple.com/us/app/{slug(name)}/id{500000 + i}?uo=4",
        "trackContentRating": "4+", "bundleId": f"com.{slug(seller).replace('-', '')}.app{i}",
        "trackId": 500000 + i, "trackName": name, "releaseDate": date, "genreIds": ["6007", "6000"],
        "primaryGenreName": genre, "primaryGenreId": 6007, "sellerName": seller,
        "currentVersionReleaseDate": "2024-01-15T18:04:11Z", "releaseNotes": "Bug fixes.",
        "isVppDeviceBasedLicensingEnabled": True, "version": "2.1.0", "wrapperType": "software",
        "artistId": 400000 + i, "artistName": seller, "genres": [genre, "Business"], "price": price,
        "description": f"{name} helps you get things done.\n\n<b>Features</b>\n• Fast &amp; simple\n• Works offline",
        "userRatingCount": 3000 + i,
    }


def album(i, name, artist, genre, price=9.99, tracks=12, art_base=ARTWORK_HOST, date="2005-03-01T08:00:00Z"):
    key = f"Music{170 + i % 10}/v4/{i:08x}"
    artist_id = 1800000 + i // 10
    return {
        # What an artist's lookup (entity=album) lists after the artist: no trackId, no kind.
        "wrapperType": "collection", "collectionType": "Album", "artistId": artist_id, "collectionId": 1900000 + i,
        "amgArtistId": 468749, "artistName": artist, "collectionName": name, "collectionCensoredName": name,
        "artistViewUrl": f"https://music.apple.com/us/artist/{slug(artist)}/{artist_id}?uo=4",
        "collectionViewUrl": f"https://music.apple.com/us/album/{slug(name)}/{1900000 + i}?uo=4",
        "artworkUrl60": artwork(art_base, key, 60), "artworkUrl100": artwork(art_base, key, 100),
        "collectionPrice": price, "collectionExplicitness": "notExplicit", "trackCount": tracks,
        "copyright": f"℗ {date[:4]} {artist}", "country": "USA", "currency": "USD", "releaseDate": date,
        "primaryGenreName": genre,
    }


def album_track(album_i, number, name, artist, album_name, genre, tracks, disc=1, discs=1, price=1.29, millis=200000,
                art_base=ARTWORK_HOST, date="2005-03-01T08:00:00Z"):
    """A track as an album's lookup (`/lookup?id=ALBUM&entity=song`) lists it after the album's record."""
    key = f"Music{170 + album_i % 10}/v4/{album_i:08x}"
    artist_id, collection_id, track_id = 1800000 + album_i // 10, 1900000 + album_i, 1910000 + album_i * 100 + disc * 20 + number
    return {
        "wrapperType": "track", "kind": "song", "artistId": artist_id, "collectionId": collection_id,
        "trackId": track_id, "artistName": artist, "collectionName": album_name, "trackName": name,
        "collectionCensoredName": album_name, "trackCensoredName": name,
        "artistViewUrl": f"https://music.apple.com/us/artist/{slug(artist)}/{artist_id}?uo=4",
        "collectionViewUrl": f"https://music.apple.com/us/album/{slug(album_name)}/{collection_id}?i={track_id}&uo=4",
        "trackViewUrl": f"https://music.apple.com/us/album/{slug(name)}/{collection_id}?i={track_id}&uo=4",
        "previewUrl": f"https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/{track_id:08x}.plus.aac.p.m4a",
        "artworkUrl30": artwork(art_base, key, 30), "artworkUrl60": artwork(art_base, key, 60),
        "artworkUrl100": artwork(art_base, key, 100),
        "collectionPrice": 9.99, "trackPrice": price, "releaseDate": date,
        "collectionExplicitness": "notExplicit", "trackExplicitness": "notExplicit",
        "discCount": discs, "discNumber": disc, "trackCount": tracks, "trackNumber": number,
        "trackTimeMillis": millis, "country": "USA", "currency": "USD", "primaryGenreName": genre, "isStreamable": True,
    }


def artist(i, name, genre):
    artist_id = 1800000 + i // 10
    return {
        # An artist's own record: no track or collection fields, no artwork, a link of its own.
        "wrapperType": "artist", "artistType": "Artist", "artistName": name,
        "artistLinkUrl": f"https://music.apple.com/us/artist/{slug(name)}/{artist_id}?uo=4",
        "artistId": artist_id, "amgArtistId": 468749, "primaryGenreName": genre, "primaryGenreId": 21,
    }


def ebook(i, name, author, genres, price=9.99, currency="USD", art_base=ARTWORK_HOST, date="2012-10-02T07:00:00Z"):
    key = f"Publication{120 + i % 10}/v4/{i:08x}"
    return {
        # E-books come without wrapperType and use price and genres (an array).
        "artistId": 600000 + i, "artistName": author, "kind": "ebook", "price": price,
        "description": f"<p><b>{name}</b> is a novel about a long summer.</p><p>&#8220;Unputdownable&#8221; &mdash; The Review</p>",
        "genreIds": ["9031", "38"], "releaseDate": date, "currency": currency, "trackId": 700000 + i,
        "trackName": name, "artistIds": [600000 + i], "genres": genres, "formattedPrice": f"${price:.2f}",
        "trackCensoredName": name, "trackViewUrl": f"https://books.apple.com/us/book/{slug(name)}/id{700000 + i}?uo=4",
        "artworkUrl60": artwork(art_base, key, 60), "artworkUrl100": artwork(art_base, key, 100),
        "fileSizeBytes": 1_200_000 + i, "averageUserRating": 4.0, "userRatingCount": 40 + i,
    }


def audiobook(i, name, author, genre, price=14.99, currency="USD", art_base=ARTWORK_HOST, date="2018-11-06T08:00:00Z"):
    key = f"Music{130 + i % 10}/v4/{i:08x}"
    return {
        # Audiobooks have no kind and use collectionName / collectionPrice.
        "wrapperType": "audiobook", "artistId": 800000 + i, "collectionId": 900000 + i,
        "artistName": author, "collectionName": name, "collectionCensoredName": name,
        "artistViewUrl": f"https://books.apple.com/us/author/{slug(author)}/id{800000 + i}?uo=4",
        "collectionViewUrl": f"https://books.apple.com/us/audiobook/{slug(name)}/id{900000 + i}?uo=4",
        "artworkUrl60": artwork(art_base, key, 60), "artworkUrl100": artwork(art_base, key, 100),
        "collectionPrice": price, "collectionExplicitness": "notExplicit", "trackCount": 1,
        "copyright": f"℗ 2018 {author}", "country": "USA", "currency": currency, "releaseDate": date,
        "primaryGenreName": genre, "previewUrl": f"https://audio-ssl.itunes.apple.com/itunes-assets/Audio/{i:08x}.m4a",
        "description": f"Narrated by {author}.<br /><br />A story told in twelve hours.",
    }


def podcast(i, name, host, genre, art_base=ARTWORK_HOST, date="2024-02-01T10:00:00Z"):
    key = f"Podcasts{140 + i % 10}/v4/{i:08x}"
    return {
        "wrapperType": "track", "kind": "podcast", "collectionId": 1000000 + i, "trackId": 1000000 + i,
        "artistName": host, "collectionName": name, "trackName": name, "collectionCensoredName": name,
        "trackCensoredName": name,
        "collectionViewUrl": f"https://podcasts.apple.com/us/podcast/{slug(name)}/id{1000000 + i}?uo=4",
        "feedUrl": f"https://feeds.example.com/{slug(name)}.xml",
        "trackViewUrl": f"https://podcasts.apple.com/us/podcast/{slug(name)}/id{1000000 + i}?uo=4",
        "artworkUrl30": artwork(art_base, key, 30), "artworkUrl60": artwork(art_base, key, 60),
        # Podcasts carry rental and HD prices too, all zero: they are never rented.
        "artworkUrl100": artwork(art_base, key, 100), "collectionPrice": 0.00, "trackPrice": 0.00,
        "trackRentalPrice": 0, "collectionHdPrice": 0, "trackHdPrice": 0, "trackHdRentalPrice": 0,
        "releaseDate": date, "collectionExplicitness": "notExplicit",
        "trackExplicitness": "cleaned", "trackCount": 150, "country": "USA", "currency": "USD",
        "primaryGenreName": genre, "contentAdvisoryRating": "Clean", "artworkUrl600": artwork(art_base, key, 600),
        "genreIds": ["1318", "26"], "genres": [genre, "Podcasts"],
    }


def movie(i, name, director, genre, price=14.99, art_base=ARTWORK_HOST, date="2010-07-16T07:00:00Z"):
    key = f"Video{150 + i % 10}/v4/{i:08x}"
    return {
        "wrapperType": "track", "kind": "feature-movie", "collectionId": 1100000 + i, "trackId": 1200000 + i,
        "artistName": director, "collectionName": f"{name} Collection", "trackName": name,
        "collectionCensoredName": f"{name} Collection", "trackCensoredName": name,
        "collectionArtistId": 1300000 + i, "collectionArtistViewUrl": "https://itunes.apple.com/us/artist/id1300000?uo=4",
        "collectionViewUrl": f"https://itunes.apple.com/us/movie/{slug(name)}/id{1200000 + i}?uo=4",
        "trackViewUrl": f"https://itunes.apple.com/us/movie/{slug(name)}/id{1200000 + i}?uo=4",
        "previewUrl": f"https://video-ssl.itunes.apple.com/itunes-assets/Video/{i:08x}.m4v",
        "artworkUrl30": artwork(art_base, key, 30), "artworkUrl60": artwork(art_base, key, 60),
        "artworkUrl100": artwork(art_base, key, 100), "collectionPrice": price, "trackPrice": price,
        "trackRentalPrice": 3.99, "collectionHdPrice": price + 5, "trackHdPrice": price + 5,
        "trackHdRentalPrice": 4.99, "releaseDate": date, "collectionExplicitness": "notExplicit",
        "trackExplicitness": "notExplicit", "trackTimeMillis": 8880000, "country": "USA", "currency": "USD",
        "primaryGenreName": genre, "contentAdvisoryRating": "PG-13",
        "shortDescription": f"{name}: a film.", "longDescription": f"{name} follows a crew through a dream within a dream.",
    }


def music_video(i, name, artist, genre, art_base=ARTWORK_HOST, date="2009-10-20T07:00:00Z"):
    record = song(i, name, artist, f"{name} - Single", genre, price=1.99, art_base=art_base, date=date)
    record["kind"] = "music-video"
    record["trackId"] = 1400000 + i
    return record


def tv_episode(i, name, show, genre, art_base=ARTWORK_HOST, date="2011-04-17T07:00:00Z"):
    key = f"Video{160 + i % 10}/v4/{i:08x}"
    return {
        "wrapperType": "track", "kind": "tv-episode", "artistId": 1500000 + i, "collectionId": 1600000 + i,
        "trackId": 1700000 + i, "artistName": show, "collectionName": f"{show}, Season 1", "trackName": name,
        "collectionCensoredName": f"{show}, Season 1", "trackCensoredName": name,
        "artistViewUrl": f"https://itunes.apple.com/us/tv-show/{slug(show)}/id{1500000 + i}?uo=4",
        "collectionViewUrl": f"https://itunes.apple.com/us/tv-season/{slug(show)}/id{1600000 + i}?i={1700000 + i}&uo=4",
        "trackViewUrl": f"https://itunes.apple.com/us/tv-season/{slug(show)}/id{1600000 + i}?i={1700000 + i}&uo=4",
        "previewUrl": f"https://video-ssl.itunes.apple.com/itunes-assets/Video/{i:08x}.m4v",
        "artworkUrl30": artwork(art_base, key, 30), "artworkUrl60": artwork(art_base, key, 60),
        "artworkUrl100": artwork(art_base, key, 100), "collectionPrice": 29.99, "trackPrice": 2.99,
        "collectionHdPrice": 39.99, "trackHdPrice": 3.99, "releaseDate": date,
        "collectionExplicitness": "notExplicit", "trackExplicitness": "notExplicit", "discCount": 1,
        "discNumber": 1, "trackCount": 10, "trackNumber": 1 + i % 10, "trackTimeMillis": 3300000,
        "country": "USA", "currency": "USD", "primaryGenreName": genre, "contentAdvisoryRating": "TV-MA",
        "shortDescription": "An episode.", "longDescription": "Lords and ladies scheme for the throne.",
    }


def body(records):
    """A response body as the API sends it: leading blank lines, resultCount, results."""
    return "\n\n\n" + json.dumps({"resultCount": len(records), "results": records}, ensure_ascii=False, indent=1) + "\n"
