#!/bin/sh
# Scheduled backups (README "Runbook"): every BACKUP_EVERY_HOURS a pg_dump (custom format) of the database, then
# a copy of the media store's data (after the dump: files are written before the rows that name them, so every
# file the dump refers to is in the copy). Backups older than BACKUP_KEEP_DAYS are deleted. A failed run leaves
# no partial file under its final name and is retried at the next interval.
set -eu
every=$(( ${BACKUP_EVERY_HOURS:-24} * 3600 ))
keep=${BACKUP_KEEP_DAYS:-14}
while true; do
  stamp=$(date -u +%Y-%m-%dT%H-%M-%SZ)
  dir=/backups/loja-$stamp
  if mkdir -p "$dir.partial" \
    && pg_dump --format=custom --file="$dir.partial/db.dump" \
    && tar -C /media-data -czf "$dir.partial/media.tar.gz" . \
    && mv "$dir.partial" "$dir"; then
    echo "backup: $dir ($(du -sh "$dir" | cut -f1))"
  else
    echo "backup: FAILED at $stamp" >&2
    rm -rf "$dir.partial"
  fi
  find /backups -maxdepth 1 -name 'loja-*' -type d -mtime +"$keep" -exec rm -rf {} +
  sleep "$every"
done
