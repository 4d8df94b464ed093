"""The benchmarks of `python -m app bench`, and the fake Messages API that they and the tests share."""
