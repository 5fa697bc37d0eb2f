"""The games greatwar implements, one package each."""
