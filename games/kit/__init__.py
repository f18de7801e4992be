"""What every game shares (pure Python, no Django): number parsing for forms and files."""
