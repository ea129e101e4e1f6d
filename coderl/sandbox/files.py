"""Moving files in and out of sandboxes as tar archives: regular files only, links never followed."""

from __future__ import annotations

import io
import os
import stat
import tarfile
from collections.abc import Collection, Mapping
from pathlib import Path

__all__ = ["files_from_tar", "tar_from_dir", "tar_from_files", "tar_of_tree"]


def _add(tar: tarfile.TarFile, name: str, data: bytes, mode: int = 0o644) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = mode
    tar.addfile(info, io.BytesIO(data))


def tar_from_files(files: Mapping[str, bytes | str], executable: Collection[str] = ()) -> bytes:
    """An archive of relative paths to contents (str is written as UTF-8); the paths in ``executable`` have
    mode 0755, the others 0644."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, data in sorted(files.items()):
            rel = Path(name)
            if rel.is_absolute() or ".." in rel.parts or not rel.parts:
                raise ValueError(f"file name {name!r} must be a relative path inside the workspace")
            mode = 0o755 if name in executable else 0o644
            _add(tar, rel.as_posix(), data.encode() if isinstance(data, str) else data, mode)
    return buf.getvalue()


def tar_from_dir(root: Path) -> bytes:
    """An archive of the regular files under ``root`` (symlinks and special files are skipped)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for dirpath, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                path = Path(dirpath, name)
                st = path.lstat()
                if stat.S_ISREG(st.st_mode):
                    _add(tar, path.relative_to(root).as_posix(), path.read_bytes(), st.st_mode & 0o755 | 0o644)
    return buf.getvalue()


def tar_of_tree(root: Path) -> bytes:
    """An archive of ``root`` as it is, for a sandbox's own ``tar -x``: directories, regular files with their
    modes and times, symbolic links as links (never followed); other entries (FIFOs, sockets, devices) are left
    out and no owner is recorded."""

    def keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        if not (info.isdir() or info.isfile() or info.issym()):
            return None
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for entry in sorted(root.iterdir()):
            tar.add(entry, arcname=entry.name, recursive=True, filter=keep)
    return buf.getvalue()


def files_from_tar(archive: bytes) -> tuple[dict[str, bytes], list[str]]:
    """Regular files of an archive by relative path, and the names of entries that were not files."""
    files: dict[str, bytes] = {}
    skipped: list[str] = []
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar:
            rel = Path(member.name)
            if rel.is_absolute() or ".." in rel.parts:
                skipped.append(member.name)
            elif member.isfile():
                src = tar.extractfile(member)
                assert src is not None
                files[rel.as_posix()] = src.read()
            elif not member.isdir():
                skipped.append(member.name)
    return files, skipped
