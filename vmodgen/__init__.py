"""vmodgen: build VASSAL modules from unit and map data, audit saves and logs, export orders of battle."""

__version__ = "0.1.0"
