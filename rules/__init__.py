"""The rules Oracle ships, as data: the base catalog (*.toml), profiles, codes and corpus."""
