"""Helpers for tests, outside the product path (as ``click.testing``): :mod:`.log_writer` writes
VASSAL saves and logs of a vmodgen-built module for the tests to audit."""
