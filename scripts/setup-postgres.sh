#!/usr/bin/env bash
# Installs (if missing) and starts a local PostgreSQL server on 127.0.0.1:5432 with a `klase`
# role (password `klase`, may create databases) and database. Debian/Ubuntu, run as root.
# Prints the URL to use as DATABASE_URL or TEST_DATABASE_URL.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null
fi
ver=$(ls /etc/postgresql | sort -V | tail -n 1)
if [ -z "$ver" ]; then echo "no PostgreSQL cluster found" >&2; exit 1; fi
mkdir -p "/etc/postgresql/$ver/main/conf.d"
echo "listen_addresses = '127.0.0.1'" > "/etc/postgresql/$ver/main/conf.d/listen.conf"
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  pg_ctlcluster "$ver" main start
fi
for i in $(seq 1 30); do
  runuser -u postgres -- psql -tAc 'select 1' >/dev/null 2>&1 && break
  sleep 1
done
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -tAc "SELECT 1 FROM pg_roles WHERE rolname='klase'" | grep -q 1 \
  || runuser -u postgres -- psql -v ON_ERROR_STOP=1 -c "CREATE ROLE klase LOGIN PASSWORD 'klase' CREATEDB"
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -c "ALTER ROLE klase CREATEDB" >/dev/null
runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_database WHERE datname='klase'" | grep -q 1 \
  || runuser -u postgres -- createdb -O klase klase
echo "postgres://klase:klase@127.0.0.1:5432/klase"
