#!/bin/sh
# Writes deploy/.env for deploy/compose.yaml with fresh random secrets (needs openssl).
# Refuses to overwrite an existing one: a new JWT_SECRET signs every user out and makes the
# stored supplier interface secrets unreadable; new database or bucket passwords do not match
# the volumes already created with the old ones.
set -eu
cd "$(dirname "$0")"
if [ -e .env ]; then
  echo "deploy/.env exists; remove it first to make new secrets" >&2
  exit 1
fi
umask 077
# The PEM on one line with \n escapes: compose turns them back into line breaks.
rsa=$(openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 2>/dev/null | awk '{printf "%s\\n", $0}')
cat > .env <<ENV
# Made by deploy/make-env.sh; keep it secret (git ignores .env). See deploy/.env.example.
JWT_SECRET=$(openssl rand -base64 48 | tr -d '\n')
RSA_PRIVATE_KEY="$rsa"
POSTGRES_PASSWORD=$(openssl rand -hex 24)
S3_ACCESS_KEY=quanyi
S3_SECRET_KEY=$(openssl rand -hex 24)
ENV
echo "wrote deploy/.env"
