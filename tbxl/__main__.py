"""``python -m tbxl``: the ``tbxl`` command."""

if __name__ == "__main__":
    from tbxl.cli import entry

    entry()
