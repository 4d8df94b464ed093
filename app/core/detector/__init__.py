"""The one credential detector: token shapes with their spans (`tokens`), key and credential files (`files`)."""
