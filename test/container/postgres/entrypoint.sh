#!/bin/sh
# As the official image does: on an empty data folder, create the cluster, its user (with
# POSTGRES_PASSWORD) and POSTGRES_DB; then run PostgreSQL in the foreground, reachable by
# password from the containers' network.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl --wait --options="-c listen_addresses=''" start >/dev/null
  PGPASSWORD="$POSTGRES_PASSWORD" createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl --wait stop >/dev/null
fi
exec postgres -c listen_addresses='*'
