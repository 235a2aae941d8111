"""north_africa_41"""
