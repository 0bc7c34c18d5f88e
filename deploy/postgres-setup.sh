#!/bin/sh
# Sets up PostgreSQL for Zähltest (docs/deploy.md, PostgreSQL): a login role with a password and a
# database the role owns, so that it may create its tables (the server migrates on start).
# Run as root on the database machine:   sudo deploy/postgres-setup.sh [ROLE] [DATABASE]
# The password is generated unless ZAEHLTEST_DB_PASSWORD is set. Prints the DATABASE_URL line for
# /etc/zaehltest/zaehltest.env. Running it again keeps the database and sets the password anew.
set -eu
role=${1:-zaehltest}
database=${2:-zaehltest}
host=${ZAEHLTEST_DB_HOST:-127.0.0.1}
port=${ZAEHLTEST_DB_PORT:-5432}
case "$role$database" in
  *[!a-z0-9_]*) echo "Rolle und Datenbank: nur a-z, 0-9 und _ / role and database: only a-z, 0-9 and _" >&2; exit 2 ;;
esac
password=${ZAEHLTEST_DB_PASSWORD:-$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')}
case "$password" in
  *"'"*) echo "Das Passwort darf kein ' enthalten / the password must not contain '" >&2; exit 2 ;;
esac

as_postgres() { runuser -u postgres -- "$@"; }
as_postgres psql -v ON_ERROR_STOP=1 -qtA <<SQL >/dev/null
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role') THEN
    CREATE ROLE $role LOGIN;
  END IF;
END \$\$;
ALTER ROLE $role WITH LOGIN PASSWORD '$password';
SQL
if [ "$(as_postgres psql -qtAc "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]; then
  as_postgres createdb --owner "$role" --encoding UTF8 --template template0 "$database"
fi
# The owner of the database owns its schema public from PostgreSQL 15 on (pg_database_owner).
as_postgres psql -v ON_ERROR_STOP=1 -qtAc "ALTER DATABASE $database OWNER TO $role" >/dev/null

# The password as a URL carries it: every byte but A-Z a-z 0-9 - . _ ~ as %XX (UTF-8 too), so that
# '@', ':', '/', '%', '#' or a space in ZAEHLTEST_DB_PASSWORD still give a URL the server can read.
url_encode() {
  printf %s "$1" | od -An -v -tx1 | tr -s ' \n' '\n\n' | while read -r byte; do
    [ -n "$byte" ] || continue
    case $byte in
      2d | 2e | 5f | 7e | 3[0-9] | 4[1-9a-f] | 5[0-9a] | 6[1-9a-f] | 7[0-9a])
        # shellcheck disable=SC2059 # the octal escape of the byte is the format on purpose
        printf "\\$(printf %03o "0x$byte")" ;;
      *) printf '%%%s' "$(printf %s "$byte" | tr a-f A-F)" ;;
    esac
  done
}

echo "DATABASE_URL=postgres://$role:$(url_encode "$password")@$host:$port/$database?sslmode=disable"
