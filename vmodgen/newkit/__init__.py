"""The starter kit ``vmodgen new`` writes (its files are beside this one)."""
