"""End-to-end tests: the real app on the test desktop, driven as a person would."""
