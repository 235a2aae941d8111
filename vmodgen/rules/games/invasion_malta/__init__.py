"""invasion_malta"""
