apt-get update -qq
apt-get install -y -qq --no-install-recommends make >/dev/null
apt-get clean
rm -rf /var/lib/apt/lists/*
