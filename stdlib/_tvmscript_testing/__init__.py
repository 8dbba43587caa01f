"""``tvmscript test``: a test runner compatible with pytest's collection, fixtures,
marks and report (``runner``), for the ``pytest`` module frozen beside it."""
