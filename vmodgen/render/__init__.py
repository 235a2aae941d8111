"""Pillow drawing: NATO unit symbols, counter faces, map boards and print-and-play counter sheets.

Deterministic (same inputs, same bytes) and independent of system fonts (DejaVu is bundled).
"""
