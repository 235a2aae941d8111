"""The rule sets of the bundled games, one package each, files named by rule area."""
