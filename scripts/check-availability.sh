#!/usr/bin/env bash
# Type-checks the libraries an app links (DeepLinkRoutes, DeepLinkWire, DeepLinkAgent,
# DeepLinkCommand with the readers it uses, ZlibInflate, Pictures and ReleaseInspection) for the Apple deployment targets Package.swift declares, with this Linux
# toolchain's own compiler: every use of a standard-library API newer than macOS 13 / iOS 16
# that is not under `if #available` / `@available` is an error naming file:line.
#
# There is no Apple SDK here, so this builds a stand-in one from the toolchain's Linux
# module interfaces (Swift, _Concurrency, _StringProcessing, Synchronization, Glibc), which
# carry every declaration's Apple availability (`@available(macOS 15.0, iOS 18.0, …)`):
# - each interface is copied under the Apple triple's name, its `-target` rewritten to the
#   Apple one; `@backDeployed(before:)` lines are dropped (the Linux interfaces omit the
#   bodies such declarations need; their `@available` introduction stays, so a back-deployed
#   API is judged by when it was introduced, never more leniently); the stand-in modules
#   themselves are built with `-disable-availability-checking` (their own inlinable bodies are
#   not what is checked); Synchronization's one call to a Linux-only shim is replaced by 0;
# - Glibc's headers stand in for Darwin's: `#if canImport(Glibc)` code is what gets checked,
#   `#elseif canImport(Darwin)` branches are not compiled at all, and `#if os(Linux)` is false,
#   so the non-Linux fallbacks are compiled (against Glibc's declarations).
# What it cannot see: Darwin-only API in `canImport(Darwin)` branches (never compiled on
# this machine), and anything the Apple SDK's own frameworks declare. Nothing here is
# compiled for, or run on, an Apple platform.
#
# usage: scripts/check-availability.sh [PACKAGE_ROOT] [TARGET...]
#   PACKAGE_ROOT defaults to this package; TARGETs default to the libraries (in
#   dependency order). DEEPLINK_AVAILABILITY_CACHE: where the stand-in SDK and its module
#   cache live (default PACKAGE_ROOT/.build/availability; the first run builds the standard
#   library from its interface, about a minute of CPU per platform).
# Exit status: 0 when every target type-checks for every platform, 1 when one does not
# (the compiler's errors on stderr), 2 on a usage or setup problem.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "${1:-$here}" && pwd)
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(DeepLinkRoutes DeepLinkWire DeepLinkAgent ZlibInflate Pictures ReleaseInspection DeepLinkCommand)

swiftc=$(command -v swiftc) || { echo "check-availability: swiftc is not on PATH" >&2; exit 2; }
toolchain=$(cd "$(dirname "$(readlink -f "$swiftc")")/.." && pwd)
linux="$toolchain/lib/swift/linux"
[ -f "$linux/Swift.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" ] || {
  echo "check-availability: no x86_64 Linux Swift.swiftinterface under $linux" >&2
  exit 2
}

# The deployment targets, from Package.swift's `platforms:` (`.macOS(.v13), .iOS(.v16)`).
manifest="$root/Package.swift"
macos=$(sed -n 's/.*\.macOS(\.v\([0-9_]*\)).*/\1/p' "$manifest" | head -1 | tr _ .)
ios=$(sed -n 's/.*\.iOS(\.v\([0-9_]*\)).*/\1/p' "$manifest" | head -1 | tr _ .)
if [ -z "$macos" ] || [ -z "$ios" ]; then
  echo "check-availability: $manifest declares no .macOS(.vN) and .iOS(.vN) platforms" >&2
  exit 2
fi

cache="${DEEPLINK_AVAILABILITY_CACHE:-$root/.build/availability}"
version=$("$swiftc" --version 2>/dev/null | head -1 | tr -c 'A-Za-z0-9.\n' _)
sdk="$cache/$version"

# The Glibc headers as the stand-in SDK's /usr/include, as Apple's SDK has one: /usr/include
# and its multiarch directory merged, glibc's `__nonnull` macro winning over clang's Darwin
# keyword of the same name, and without <complex.h>/<tgmath.h> (whose _Float128 checks refuse
# an Apple target).
make_include() {
  local include="$sdk/sysroot/usr/include"
  rm -rf "$sdk/sysroot"
  mkdir -p "$include"
  local entry name
  for entry in /usr/include/* /usr/include/x86_64-linux-gnu/*; do
    name=$(basename "$entry")
    [ -e "$include/$name" ] || ln -s "$entry" "$include/$name"
  done
  rm "$include/sys"
  mkdir "$include/sys"
  for entry in /usr/include/x86_64-linux-gnu/sys/*; do ln -s "$entry" "$include/sys/"; done
  rm "$include/sys/cdefs.h"
  sed 's/^#ifndef __nonnull$/#undef __nonnull\n&/' /usr/include/x86_64-linux-gnu/sys/cdefs.h >"$include/sys/cdefs.h"
  cp "$linux/x86_64/glibc.modulemap" "$include/module.modulemap"
  sed 's/^#include <complex.h>$//; s/^#include <tgmath.h>$//' "$linux/x86_64/SwiftGlibc.h" >"$include/SwiftGlibc.h"
}

# The stand-in resource directory for one Apple platform: `$1` the directory name
# (macosx, iphonesimulator), `$2` the module triple, `$3` the target triple.
make_resources() {
  local resources="$sdk/resources"
  mkdir -p "$resources"
  ln -sfn "$toolchain/lib/swift/shims" "$resources/shims"
  ln -sfn "$toolchain/lib/swift/clang" "$resources/clang"
  local module interface
  for module in Swift _Concurrency _StringProcessing Synchronization Glibc SwiftOnoneSupport; do
    mkdir -p "$resources/$1/$module.swiftmodule"
    interface="$resources/$1/$module.swiftmodule/$2.swiftinterface"
    sed -e "1,5s/-target x86_64-unknown-linux-gnu/-target $3 -disable-availability-checking/" \
      -e 's/^\( *\)@backDeployed(before: [^)]*)$/\1/' \
      -e 's/_swift_stdlib_gettid()/UInt32(0)/g' \
      "$linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" >"$interface"
  done
}

if [ ! -f "$sdk/ready" ]; then
  mkdir -p "$sdk"
  make_include
  make_resources macosx x86_64-apple-macos "x86_64-apple-macosx$macos"
  make_resources iphonesimulator x86_64-apple-ios-simulator "x86_64-apple-ios$ios-simulator"
  touch "$sdk/ready"
fi

# DeepLinkSystemC as the module SwiftPM makes of it. Rewritten only when it changes: clang
# records the module maps it saw, and a newer one makes it rebuild the standard library.
systemc="$sdk/DeepLinkSystemC/$(printf %s "$root" | cksum | cut -d' ' -f1)"
mkdir -p "$systemc"
modulemap=$(printf 'module DeepLinkSystemC {\n  header "%s"\n  export *\n}' \
  "$root/Sources/DeepLinkSystemC/include/DeepLinkSystemC.h")
[ "$(cat "$systemc/module.modulemap" 2>/dev/null)" = "$modulemap" ] ||
  printf '%s\n' "$modulemap" >"$systemc/module.modulemap"

failed=0
for platform in "x86_64-apple-macosx$macos" "x86_64-apple-ios$ios-simulator"; do
  out="$sdk/out/$platform"
  rm -rf "$out"
  mkdir -p "$out"
  for target in "${targets[@]}"; do
    sources=$(find "$root/Sources/$target" -name '*.swift' | sort)
    [ -n "$sources" ] || { echo "check-availability: no Swift sources in Sources/$target" >&2; exit 2; }
    # shellcheck disable=SC2086  # one argument per source file
    if ! "$swiftc" -emit-module -wmo -parse-as-library -swift-version 6 \
      -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature ExistentialAny \
      -target "$platform" -Xfrontend -disable-objc-interop -resource-dir "$sdk/resources" -sdk "$sdk/sysroot" \
      -I "$systemc" -I "$root/Sources/CZlib" -I "$out" -module-cache-path "$sdk/module-cache" \
      -package-name deeplink -module-name "$target" -emit-module-path "$out/$target.swiftmodule" \
      $sources 2> >(grep -v "Could not read SDKSettings.json" >&2); then
      echo "check-availability: $target does not type-check for $platform (errors above)" >&2
      failed=1
      break
    fi
  done
done
[ $failed -eq 0 ] && echo "check-availability: ${targets[*]} type-check for macOS $macos and iOS $ios"
exit $failed
