# Python 3.12 f-strings (PEP 701): quotes reused inside replacement fields, nesting,
# comments and backslashes in multi-line fields.
songs = ['Take me back to Eden', 'Alkaline', 'Ascensionism']
print(f"This is the playlist: {", ".join(songs)}")
print(f"{f"{f"{f"{f"{f"{1+1}"}"}"}"}"}")
value = f"{'a' if songs else f"{songs[0]}"}"
width = 10
print(f"{value!r:>{width}}")
multi = f"{
    songs[0]  # the first song
    + songs[1]
}"
print(f"{'\n'.join(songs)}")
