"""Helpers shared by the build-time generators (hwdb_gen.py, isa_gen.py)."""
import os


def write_if_changed(path, text):
    """Writes text to path unless the file already holds it (so ninja sees no change)."""
    if os.path.exists(path) and open(path, encoding="utf-8").read() == text:
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
