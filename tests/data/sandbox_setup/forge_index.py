"""Make the agent's git blind to a changed file (the red team's round-8 attack, replayed in a sandbox).

Usage: python3 forge_index.py PATH...  (run in the repository's root). Each PATH's entry in .git/index keeps its
blob and gets the file's own stat data (times, device, inode, owner, size), so git takes the file for unchanged
and never hashes it again; the files' times are moved ten seconds back first, so that none is "racily clean"
(newer than the index), which git would re-check.
"""

import hashlib
import os
import struct
import sys
import time


def main(paths: list[str]) -> None:
    past = time.time() - 10
    for path in paths:
        os.utime(path, (past, past))
    with open(".git/index", "rb") as handle:
        data = bytearray(handle.read())
    assert data[:4] == b"DIRC", "not an index"
    version, count = struct.unpack(">II", data[4:12])
    assert version in (2, 3), f"index version {version}"
    wanted = {p.encode() for p in paths}
    at = 12
    for _ in range(count):
        flags = struct.unpack(">H", data[at + 60 : at + 62])[0]
        head = 62 + (2 if version == 3 and flags & 0x4000 else 0)
        end = data.index(b"\0", at + head)
        name = bytes(data[at + head : end])
        if name in wanted:
            st = os.lstat(name)
            fields = (
                int(st.st_ctime),
                st.st_ctime_ns % 10**9,
                int(st.st_mtime),
                st.st_mtime_ns % 10**9,
                st.st_dev & 0xFFFFFFFF,
                st.st_ino & 0xFFFFFFFF,
            )
            data[at : at + 24] = struct.pack(">6I", *fields)
            data[at + 28 : at + 40] = struct.pack(">3I", st.st_uid, st.st_gid, st.st_size & 0xFFFFFFFF)
            wanted.discard(name)
        at += (end - at + 8) // 8 * 8  # entries are NUL-padded to a multiple of 8 bytes
    assert not wanted, f"not in the index: {wanted}"
    body = bytes(data[:-20])
    with open(".git/index", "wb") as handle:
        handle.write(body + hashlib.sha1(body).digest())


if __name__ == "__main__":
    main(sys.argv[1:])
