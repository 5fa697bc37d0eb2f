"""Developer tools that read the repository: the rules-coverage document."""
