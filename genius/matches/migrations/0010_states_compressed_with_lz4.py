"""Match and snapshot states compressed with LZ4 on PostgreSQL (where the server has it: 14 and later, built with
lz4, as Debian's and the official images are), not PostgreSQL's default pglz: a state of a few kilobytes is
compressed each time it is written, and a mass deadline writes thousands a second (docs/PERFORMANCE.md). Values
already stored stay as they are; nothing changes on SQLite nor on a server without lz4."""

from django.db import migrations

COLUMNS = (("games_match", "state"), ("games_snapshot", "state"))


def _has_lz4(schema_editor) -> bool:
    if schema_editor.connection.vendor != "postgresql":
        return False
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
    return bool(row and row[0])


def _compress_with(method: str):
    def apply(apps, schema_editor) -> None:
        if _has_lz4(schema_editor):
            for table, column in COLUMNS:
                schema_editor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION {method}')

    return apply


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_log_entry_match_order"),
    ]

    operations = [
        migrations.RunPython(_compress_with("lz4"), _compress_with("default")),
    ]
