#!/usr/bin/env bash
# Builds, before `make test` runs the tests, the other builds some tests drive, all at once:
#   .build/shipping        deeplink-app as a plain `swift build -c release` (ShippingBuildTests)
#   .build/installed       the binaries `make install` installs (ShippingBuildTests)
#   Examples/Shop/.build   the shop example (ShopExampleTests and the other Shop suites)
#   .build/your-own-app    the package of docs/your-own-app.md (LibraryExampleTests)
# Each test runs the same build again, a no-op once this has run, and then asserts on what it
# built; a test run alone (TEST_FILTER, swift test) builds what it needs itself. Here the builds
# use both cores while nothing else runs, instead of blocking the test threads that wait on them.
# Each build's output is in .build/test-packages/, and printed when the build fails.
#
# usage: scripts/build-test-packages.sh
#   DEEPLINK_SKIP_RELEASE_BUILDS=1  builds none of them (the tests skip them too)
#   DEEPLINK_SKIP_PACKAGE_BUILDS=1  builds neither example package (the tests skip them too)
#   TEST_FILTER=REGEX               builds none of them: the matching tests build what they need
# Exit status: 0 when every build succeeded, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
[ "${DEEPLINK_SKIP_RELEASE_BUILDS:-}" = 1 ] || [ -n "${TEST_FILTER:-}" ] && exit 0
logs=.build/test-packages
rm -rf "$logs" && mkdir -p "$logs"

# The package of docs/your-own-app.md, written as LibraryExampleTests writes it: each ```swift
# block of the section "A complete package", at the path that starts the paragraph before it,
# in .build/your-own-app/Todo beside a `deeplink` that is this repository. A file is written only
# when its text changed, so that the build stays incremental.
write_guide_package() {
  local directory=$root/.build/your-own-app staging
  staging=$(mktemp -d "$root/.build/your-own-app-staging.XXXXXX") || return 1
  awk -v out="$staging" '
    !started { if ($0 == "## A complete package") started = 1; next }
    /^## / { exit }
    inblock {
      if ($0 == "```") {
        if (pending != "") { files[++count] = pending; text[count] = body }
        inblock = 0; pending = ""
      } else body = body $0 "\n"
      next
    }
    $0 == "```swift" { inblock = 1; body = ""; next }
    /^`/ {
      rest = substr($0, 2); end = index(rest, "`")
      if (end > 0 && substr(rest, 1, end - 1) ~ /\.swift$/) pending = substr(rest, 1, end - 1)
    }
    END {
      for (i = 1; i <= count; i++) {
        path = out "/" files[i]; folder = path; sub(/\/[^\/]*$/, "", folder)
        system("mkdir -p \"" folder "\"")
        printf "%s", (text[i] == "" ? "\n" : text[i]) > path; close(path)
      }
    }' docs/your-own-app.md || { rm -rf "$staging"; return 1; }
  mkdir -p "$directory/Todo"
  [ "$(readlink "$directory/deeplink")" = "$root" ] || { rm -rf "$directory/deeplink" && ln -s "$root" "$directory/deeplink"; }
  # A source the guide no longer has: the sources are written afresh.
  if [ -d "$directory/Todo/Sources" ]; then
    (cd "$directory/Todo" && find Sources -type f) | while read -r file; do
      [ -f "$staging/$file" ] || { rm -rf "$directory/Todo/Sources"; break; }
    done
  fi
  (cd "$staging" && find . -type f) | while read -r file; do
    cmp -s "$staging/$file" "$directory/Todo/$file" && continue
    mkdir -p "$(dirname "$directory/Todo/$file")" && cp "$staging/$file" "$directory/Todo/$file"
  done
  rm -rf "$staging"
}

build() {
  local name=$1
  shift
  if "$@" >"$logs/$name.txt" 2>&1; then
    echo "built $name"
  else
    echo "build-test-packages: $name failed: $*" >&2
    cat "$logs/$name.txt" >&2
    return 1
  fi
}

start=$SECONDS
pids=()
build shipping swift build --package-path "$root" --scratch-path "$root/.build/shipping" \
  --product deeplink-app -c release &
pids+=($!)
build installed make -s -C "$root" release RELEASE_SCRATCH="$root/.build/installed" &
pids+=($!)
if [ "${DEEPLINK_SKIP_PACKAGE_BUILDS:-}" != 1 ]; then
  build shop swift build --package-path "$root/Examples/Shop" &
  pids+=($!)
  { write_guide_package && build your-own-app swift build --package-path "$root/.build/your-own-app/Todo"; } &
  pids+=($!)
fi
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
echo "The test packages built in $((SECONDS - start)) s."
exit $status
