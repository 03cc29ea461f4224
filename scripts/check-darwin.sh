#!/usr/bin/env bash
# Compiles every target under Sources/ (the libraries and both executables) for the Apple
# platforms Package.swift declares, against Apple's own C headers, so that the
# `#elseif canImport(Darwin)` branches are compiled as a Mac compiles them; then checks that every
# C function the objects call is one libSystem exports.
#
# On Linux there is no Apple SDK, so this builds a stand-in one:
# - Apple's libc headers and libSystem's symbol list (libSystem.tbd), from PyPI's `ziglang`
#   wheel (a pinned version, fetched once with pip into the cache; the headers come from
#   Apple's SDK 27.0), exposed as one `Darwin` clang module (the real SDK has submodules);
# - a `Darwin` Swift overlay declaring what the real one adds over the headers and our code
#   may use (`errno`, `stdin`/`stdout`/`stderr`, `SIG_DFL`/`SIG_IGN`, the non-variadic `open`,
#   `openat`, `fcntl` and `ioctl`, `environ`, the `mode_t` constants, `fork` unavailable):
#   declarations only, as in the real overlay's interface (swift/stdlib/public/Platform/Platform.swift);
# - an API-notes rename of the `_CLOCK_*` constants: the headers say
#   `#define CLOCK_MONOTONIC _CLOCK_MONOTONIC`, a macro Swift cannot import;
# - the toolchain's own standard-library interfaces (Swift, _Concurrency, _StringProcessing,
#   Synchronization), which carry every declaration's Apple availability, retargeted to the Apple
#   triples: `-target` rewritten; `@backDeployed(before:)` dropped (the Linux interfaces omit the
#   bodies such declarations need; their `@available` introduction stays, so a back-deployed API
#   is judged by when it was introduced, never more leniently); Synchronization's one call to a
#   Linux-only shim replaced by 0; the two x86 `long double` shims the Float80 code of the
#   x86_64 interface calls declared as stubs (never run: nothing here is linked).
# Swift targets are type-checked and compiled to arm64 Mach-O objects with this toolchain's
# swiftc (warnings are errors), C targets with its clang; both platforms at once. A use of an API
# newer than the deployment target outside `if #available`, or of a Linux-only call, is the
# compiler's error naming file:line.
# What it cannot prove: nothing is linked with ld64 or run; the headers are SDK 27.0's, newer
# than some users' Xcode (a constant with no availability marking passes here and may be missing
# there); iOS uses the same headers, with their iOS availability markings, and the symbols are
# checked against macOS's libSystem; Objective-C interop is off (the Linux interfaces have none).
#
# On a Mac, the real SDKs (xcrun's paths) are used instead: `swift build` of each target for
# each triple, the executables linked (written, never run on the machines this is built on).
#
# usage: scripts/check-darwin.sh [--self-test] [PACKAGE_ROOT]
#   --self-test  compile a small probe package whose Darwin branch calls Linux-only API
#                (accept4, SOCK_CLOEXEC, pipe2, st_mtim, fork) and uses API newer than the
#                deployment target, guarded and not: passes only when each unguarded use fails,
#                named by file:line, for both platforms, and no guarded one does.
#   DEEPLINK_DARWIN_CACHE: where the wheel, the stand-in SDK and its module cache live (default
#   PACKAGE_ROOT/.build/darwin; the first run builds the standard library from its interfaces,
#   about a minute of CPU per platform).
# Exit status: 0 when every target compiles for every platform and calls only libSystem,
# 1 when one does not (the compiler's errors on stderr), 2 on a usage or setup problem.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
self_test=0
if [ "${1:-}" = --self-test ]; then
  self_test=1
  shift
fi
root=$(cd "${1:-$here}" && pwd)
fail_setup() {
  echo "check-darwin: $*" >&2
  exit 2
}

# The pinned wheel: its version and the sha256 of its manylinux x86_64 file (the headers are
# the same in every platform's wheel; this one is fetched on any machine).
zig_version=0.17.1
zig_wheel_sha256=ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54

# The deployment targets `.macOS(.vN)` and `.iOS(.vN)` in the text `$1` (a manifest's
# `platforms:` line), as `macos` and `ios` (13.0, 16.0).
deployment_targets() {
  macos=$(sed -n 's/.*\.macOS(\.v\([0-9_]*\)).*/\1/p' <<<"$1" | head -1 | tr _ .)
  ios=$(sed -n 's/.*\.iOS(\.v\([0-9_]*\)).*/\1/p' <<<"$1" | head -1 | tr _ .)
  if [ -z "$macos" ] || [ -z "$ios" ]; then
    fail_setup "$root/Package.swift declares no .macOS(.vN) and .iOS(.vN) platforms"
  fi
  case $macos in *.*) ;; *) macos=$macos.0 ;; esac
  case $ios in *.*) ;; *) ios=$ios.0 ;; esac
}
[ -f "$root/Package.swift" ] || fail_setup "no Package.swift in $root"
platforms_line=$(grep -m1 '^ *platforms: \[' "$root/Package.swift") || platforms_line=
deployment_targets "$platforms_line"

cache="${DEEPLINK_DARWIN_CACHE:-$root/.build/darwin}"
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

# The targets to compile, in dependency order, one a line: name, c99 name, module type
# (SwiftTarget, ClangTarget, SystemLibraryTarget), type (library, executable), path. Every
# target under Sources/: the libraries and the executables, never tests, fuzzers or benchmarks.
describe_package() {
  local json
  json=$(cd "$1" && swift package --scratch-path "$cache/package" describe --type json) ||
    fail_setup "swift package describe failed in $1"
  printf '%s' "$json" | python3 -c '
import json, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"] if t["path"].startswith("Sources/")}
done, order = set(), []
def visit(name):
    if name in done or name not in targets:
        return
    done.add(name)
    for dependency in targets[name].get("target_dependencies", []):
        visit(dependency)
    order.append(targets[name])
for name in sorted(targets):
    visit(name)
for t in order:
    print(t["name"], t["c99name"], t["module_type"], t["type"], t["path"])
'
}

# --- On a Mac: the real SDKs (never run on the machines this is built on) ---------------------
if [ "$(uname -s)" = Darwin ]; then
  [ $self_test -eq 0 ] || fail_setup "--self-test is for the stand-in SDK (Linux); on a Mac the real compiler is the test"
  status=0
  targets=$(describe_package "$root")
  for sdk_name in macosx iphonesimulator; do
    sdk_path=$(xcrun --sdk "$sdk_name" --show-sdk-path) || fail_setup "xcrun finds no $sdk_name SDK"
    case $sdk_name in
      macosx) triple=arm64-apple-macosx$macos ;;
      iphonesimulator) triple=arm64-apple-ios$ios-simulator ;;
    esac
    # Each library target compiled, each executable linked by the real ld64.
    while read -r name _ kind type _; do
      [ "$kind" != SystemLibraryTarget ] || continue
      selection=(--target "$name")
      if [ "$type" = executable ]; then selection=(--product "$name"); fi
      swift build --package-path "$root" --scratch-path "$cache/$sdk_name" --sdk "$sdk_path" --triple "$triple" \
        "${selection[@]}" -Xswiftc -warnings-as-errors || status=1
    done <<<"$targets"
  done
  exit $status
fi

swiftc=$(command -v swiftc) || fail_setup "swiftc is not on PATH"
toolchain=$(cd "$(dirname "$(readlink -f "$swiftc")")/.." && pwd)
linux="$toolchain/lib/swift/linux"
clang="$toolchain/bin/clang"
nm="$toolchain/bin/llvm-nm"
[ -f "$linux/Swift.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" ] ||
  fail_setup "no x86_64 Linux Swift.swiftinterface under $linux"
if [ ! -x "$clang" ] || [ ! -x "$nm" ]; then fail_setup "the toolchain has no clang or llvm-nm beside $swiftc"; fi

version=$("$swiftc" --version 2>/dev/null | head -1 | tr -c 'A-Za-z0-9.\n' _)
sdk="$cache/sdk-$zig_version-$version"

# Apple's headers and libSystem's symbols, from the wheel (fetched once).
fetch_headers() {
  local wheel
  # No wheel yet (a fresh clone): find fails, and the fetch below runs.
  wheel=$({ find "$cache/wheel" -name "ziglang-$zig_version-*manylinux_2_12_x86_64*.whl" 2>/dev/null || true; } | head -1)
  if [ -z "$wheel" ]; then
    python3 -m pip --version >/dev/null 2>&1 ||
      fail_setup "python3's pip fetches Apple's headers and is missing (Debian: apt-get install python3-pip)"
    echo "check-darwin: fetching Apple's headers: pip download ziglang==$zig_version (about 100 MB, once)" >&2
    python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_12_x86_64 \
      --python-version 3.11 -d "$cache/wheel" "ziglang==$zig_version" >&2 ||
      fail_setup "pip could not fetch ziglang==$zig_version from PyPI"
    wheel=$(find "$cache/wheel" -name "ziglang-$zig_version-*manylinux_2_12_x86_64*.whl" | head -1)
  fi
  [ "$(sha256sum "$wheel" | cut -d' ' -f1)" = "$zig_wheel_sha256" ] ||
    fail_setup "$wheel is not the wheel this script pins (sha256 differs); remove it and run again"
  rm -rf "$sdk/zig"
  mkdir -p "$sdk/zig"
  python3 - "$wheel" "$sdk/zig" <<'PYTHON' || fail_setup "could not unpack Apple's headers from $wheel"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    wheel.extractall(sys.argv[2], [name for name in wheel.namelist() if name.startswith(
        ("ziglang/lib/libc/include/any-darwin-any/", "ziglang/lib/libc/darwin/"))])
PYTHON
}

# usr/include: the headers, one `Darwin` module over them, and the API notes.
make_include() {
  local include="$sdk/sysroot/usr/include"
  rm -rf "$sdk/sysroot"
  mkdir -p "$sdk/sysroot/usr"
  mv "$sdk/zig/ziglang/lib/libc/include/any-darwin-any" "$include"
  # No SDKSettings.json: with an SDK version of 15 or later clang wants the SDK's own split of
  # the headers into modules (the builtin headers' modules include_next the SDK's), which one
  # umbrella module cannot give; without one, clang treats the headers as an older SDK's.
  cp "$sdk/zig/ziglang/lib/libc/darwin/libSystem.tbd" "$sdk/libSystem.tbd"
  rm -rf "$sdk/zig"
  cat >"$include/module.modulemap" <<'EOF'
module Darwin [system] [extern_c] {
  header "DarwinUmbrella.h"
  export *
}
EOF
  local header
  for header in assert ctype dirent dlfcn errno fcntl fnmatch glob grp inttypes libgen limits \
    locale math netdb poll pthread pwd sched signal spawn stdio stdlib string strings termios \
    time unistd utime wchar sys/event sys/file sys/ioctl sys/mman sys/param sys/resource \
    sys/select sys/socket sys/stat sys/sysctl sys/time sys/types sys/uio sys/un sys/utsname \
    sys/wait netinet/in netinet/tcp arpa/inet mach/mach_time libproc; do
    printf '#include <%s.h>\n' "$header"
  done >"$include/DarwinUmbrella.h"
  {
    echo "Name: Darwin"
    echo "Enumerators:"
    sed -n 's/^#define \(CLOCK_[A-Z_]*\) \(_CLOCK_[A-Z_]*\)$/- Name: \2\n  SwiftName: \1/p' "$include/_time.h"
  } >"$include/Darwin.apinotes"
  grep -q "SwiftName: CLOCK_MONOTONIC$" "$include/Darwin.apinotes" ||
    fail_setup "no #define CLOCK_MONOTONIC _CLOCK_MONOTONIC in $include/_time.h"
}

# The `Darwin` Swift overlay: what the real one adds over the headers, as declarations.
darwin_overlay() {
  cat <<EOF
// swift-interface-format-version: 1.0
// swift-module-flags: -target $1 -disable-objc-interop -enable-library-evolution -swift-version 5 -module-name Darwin
import Swift
@_exported import Darwin
public var errno: Swift.Int32 { get set }
public var stdin: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }
public var stdout: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }
public var stderr: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }
public func open(_ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32) -> Swift.Int32
public func open(_ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32, _ mode: Darwin.mode_t) -> Swift.Int32
public func openat(_ fd: Swift.Int32, _ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32) -> Swift.Int32
public func openat(_ fd: Swift.Int32, _ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32, _ mode: Darwin.mode_t) -> Swift.Int32
public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32) -> Swift.Int32
public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32, _ value: Swift.Int32) -> Swift.Int32
public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32, _ ptr: Swift.UnsafeMutableRawPointer) -> Swift.Int32
public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt, _ value: Swift.CInt) -> Swift.CInt
public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt, _ ptr: Swift.UnsafeMutableRawPointer) -> Swift.CInt
public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt) -> Swift.CInt
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Swift.Int32
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func vfork() -> Swift.Int32
public var SIG_DFL: Darwin.sig_t? { get }
public var SIG_IGN: Darwin.sig_t { get }
public var SIG_ERR: Darwin.sig_t { get }
public var SIG_HOLD: Darwin.sig_t { get }
public var environ: Swift.UnsafeMutablePointer<Swift.UnsafeMutablePointer<Swift.CChar>?> { get }
EOF
  local name
  for name in IFMT IFIFO IFCHR IFDIR IFBLK IFREG IFLNK IFSOCK IFWHT IRWXU IRUSR IWUSR IXUSR IRWXG \
    IRGRP IWGRP IXGRP IRWXO IROTH IWOTH IXOTH ISUID ISGID ISVTX ISTXT IREAD IWRITE IEXEC; do
    echo "public var S_$name: Darwin.mode_t { get }"
  done
}

# The resource directory for one platform: `$1` its directory (macosx, iphonesimulator), `$2`
# the module triple, `$3` the target triple.
make_resources() {
  mkdir -p "$resources/$1"
  ln -sfn "$toolchain/lib/swift/shims" "$resources/shims"
  ln -sfn "$toolchain/lib/swift/clang" "$resources/clang"
  local module interface
  for module in Swift _Concurrency _StringProcessing Synchronization SwiftOnoneSupport; do
    mkdir -p "$resources/$1/$module.swiftmodule"
    interface="$resources/$1/$module.swiftmodule/$2.swiftinterface"
    sed -e "1,5s/-target x86_64-unknown-linux-gnu/-target $3 -disable-availability-checking/" \
      -e 's/^\( *\)@backDeployed(before: [^)]*)$/\1/' \
      -e 's/_swift_stdlib_gettid()/UInt32(0)/g' \
      -e 's/^import Glibc$/import Darwin/' \
      "$linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" >"$interface"
  done
  cat >>"$resources/$1/Swift.swiftmodule/$2.swiftinterface" <<'EOF'
@usableFromInline internal func _stdlib_remainderl(_ x: Swift.Float80, _ y: Swift.Float80) -> Swift.Float80 { x }
@usableFromInline internal func _stdlib_squareRootl(_ x: Swift.Float80) -> Swift.Float80 { x }
EOF
  mkdir -p "$resources/$1/Darwin.swiftmodule"
  darwin_overlay "$3" >"$resources/$1/Darwin.swiftmodule/$2.swiftinterface"
}


# Compiles every target for the target triple `$1` into `$2`, stopping at the first that fails.
compile_platform() {
  local triple=$1 out=$2
  rm -rf "$out"
  mkdir -p "$out/modulemaps"
  local includes=(-I "$out")
  local name c99 kind type path sources source
  while read -r name c99 kind type path; do
    case $kind in
      SystemLibraryTarget)
        includes+=(-I "$root/$path")
        ;;
      ClangTarget)
        # The module SwiftPM makes of a C target's public headers.
        mkdir -p "$out/modulemaps/$c99"
        printf 'module %s {\n  umbrella "%s"\n  export *\n}\n' "$c99" "$root/$path/include" \
          >"$out/modulemaps/$c99/module.modulemap"
        includes+=(-I "$out/modulemaps/$c99" -I "$root/$path/include")
        while IFS= read -r source; do
          "$clang" -c -target "$triple" -isysroot "$sdk/sysroot" -fmodules -fmodules-cache-path="$sdk/module-cache" \
            -Werror -I "$root/$path/include" "$source" \
            -o "$out/$c99-$(basename "$source").o" ||
            { echo "check-darwin: $name does not compile for $triple (errors above)" >&2; return 1; }
        done < <(find "$root/$path" -name '*.c' | sort)
        ;;
      SwiftTarget)
        sources=()
        while IFS= read -r source; do sources+=("$source"); done < <(find "$root/$path" -name '*.swift' | sort)
        [ ${#sources[@]} -gt 0 ] || fail_setup "no Swift sources in $path"
        # As SwiftPM: an executable's main.swift is top-level code; a library's module is
        # written for the targets that import it.
        local mode=(-parse-as-library -emit-module -emit-module-path "$out/$c99.swiftmodule")
        if [ "$type" = executable ]; then
          mode=(-parse-as-library)
          case "${sources[*]}" in */main.swift*) mode=() ;; esac
        fi
        # Package.swift's settings: Swift 6, its upcoming features; warnings are errors, as in CI.
        "$swiftc" -c -wmo -Onone -swift-version 6 -warnings-as-errors \
          -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature ExistentialAny \
          -target "$triple" -Xfrontend -disable-objc-interop -sdk "$sdk/sysroot" \
          -resource-dir "$resources" -module-cache-path "$sdk/module-cache" "${includes[@]}" \
          -package-name deeplink -module-name "$c99" "${mode[@]}" -o "$out/$c99.o" "${sources[@]}" ||
          { echo "check-darwin: $name does not compile for $triple (errors above)" >&2; return 1; }
        ;;
    esac
  done <<<"$targets"
}

# Every C symbol the objects of `$1` need and none of them defines: each must be one libSystem
# exports, or zlib's (the SDK's libz, declared by zlib.h). Swift's own symbols are the Swift
# runtime's and the standard library's, which the stand-in cannot list.
check_symbols() {
  local out=$1 triple=$2
  python3 - "$sdk/libSystem.tbd" "$sdk/sysroot/usr/include/zlib.h" "$triple" "$nm" "$out"/*.o <<'PYTHON'
import re, subprocess, sys
tbd, zlib_h, triple, nm, objects = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
exported = set()
for block in re.findall(r"(?:weak-|thread-local-)?symbols:\s*\[([^\]]*)\]", open(tbd).read()):
    exported.update(s.strip().strip("'") for s in block.split(","))
zlib = {"_" + n for n in re.findall(r"ZEXPORT\w*\s+\**\s*(\w+)\s+OF", open(zlib_h).read())}
defined, needed = set(), {}
for o in objects:
    defined.update(subprocess.run([nm, "-g", "--defined-only", "--just-symbol-name", o], check=True,
                                  capture_output=True, text=True).stdout.split())
    for s in subprocess.run([nm, "-u", "--just-symbol-name", o], check=True, capture_output=True,
                            text=True).stdout.split():
        needed.setdefault(s, o.rsplit("/", 1)[-1])
swift = re.compile(r"^(_\$s|_\$e|__swift|_swift_|__T|_symbolic|__objc_empty|_OBJC_)")
missing = sorted(s for s in needed if s not in defined and s not in exported and s not in zlib
                 and not swift.match(s))
system = [s for s in needed if s in exported and s not in defined and not swift.match(s)]
from_zlib = [s for s in needed if s in zlib and s not in exported and s not in defined]
for s in missing:
    print(f"check-darwin: {needed[s]} ({triple}) calls {s[1:]}, which libSystem does not export", file=sys.stderr)
if missing:
    sys.exit(1)
print(f"{len(system)} of libSystem, {len(from_zlib)} of zlib")
PYTHON
}

# One platform, compiled and checked: `$1` the target triple, `$2` where its objects go; its
# output goes to `$2.log`, its count of C symbols to `$2.symbols`.
run_platform() {
  local count
  {
    compile_platform "$1" "$2" && count=$(check_symbols "$2" "$1") && echo "$count" >"$2.symbols"
  } >"$2.log" 2>&1
}

# Where the objects and logs of the package at `$1` go.
out_dir() {
  echo "$cache/out/$(printf %s "$1" | cksum | cut -d' ' -f1)"
}

# --self-test: two probe packages, checked by this script, must fail as a Mac would, each use
# named by file:line for each platform. Their deployment targets are this package's.
self_test() {
  local probe="$cache/self-test" problems=()
  rm -rf "$probe"
  mkdir -p "$probe/compile/Sources/Probe" "$probe/symbols/Sources/Probe" "$probe/symbols/Sources/ProbeC/include"
  local kind
  for kind in compile symbols; do
    printf '// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(\n  name: "probe",\n%s\n  targets: [%s]\n)\n' \
      "$platforms_line" "$([ $kind = compile ] && echo '.target(name: "Probe")' ||
        echo '.target(name: "ProbeC"), .target(name: "Probe", dependencies: ["ProbeC"])')" \
      >"$probe/$kind/Package.swift"
  done
  # Lines 5-10: Linux-only calls in a Darwin branch (10: unavailable on iOS alone); 11: the
  # Darwin form; 14-20: API newer than the deployment target (Atomic and
  # String(validating:as:): macOS 15 / iOS 18; InlineArray and Array.span: 26 / 26); 22-28: the
  # same, guarded, and ArraySlice.span (back-deployed).
  cat >"$probe/compile/Sources/Probe/Probe.swift" <<'EOF'
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
  func acceptLinux(_ fd: Int32) -> Int32 { accept4(fd, nil, nil, SOCK_CLOEXEC) }
  func pipeLinux(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe2(ends, O_CLOEXEC) }
  func modifiedLinux(_ status: stat) -> Int { status.st_mtim.tv_sec }
  func childLinux() -> Int32 { fork() }
  func signalLinux() -> Int32 { SIGRTMIN }
  func inDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t?>) -> Int32 { posix_spawn_file_actions_addchdir_np(actions, "/") }
  func modifiedDarwin(_ status: stat) -> Int { status.st_mtimespec.tv_sec }
#endif
import Synchronization
func inlineArray() -> Int {
  let pair: InlineArray<2, Int> = [1, 2]
  return pair[0]
}
func atomic() -> Int { Atomic<Int>(0).load(ordering: .relaxed) }
func validating(_ bytes: [UInt8]) -> String? { String(validating: [UInt8](bytes), as: UTF8.self) }
func arraySpan(_ bytes: [UInt8]) -> Int { bytes.span.count }

func guarded(_ bytes: [UInt8]) -> Int {
  if #available(macOS 26, iOS 26, *) {
    let pair: InlineArray<2, Int> = [1, 2]
    return pair[1] + bytes.span.count
  }
  return bytes[...].span.count
}
EOF
  # A C target declaring a Linux-only function, which the Swift target calls: it compiles, and
  # the symbol check refuses it. getpid (libSystem's) and the C target's own function pass.
  printf 'int accept4(int fd, void *address, void *length, int flags);\nint probe_c_answer(void);\n' \
    >"$probe/symbols/Sources/ProbeC/include/ProbeC.h"
  printf '#include "ProbeC.h"\n#include <unistd.h>\nint probe_c_answer(void) { return (int)getppid(); }\n' \
    >"$probe/symbols/Sources/ProbeC/ProbeC.c"
  printf 'import Darwin\nimport ProbeC\n\nfunc probe() -> Int32 { accept4(0, nil, nil, 0) + probe_c_answer() + getpid() }\n' \
    >"$probe/symbols/Sources/Probe/Probe.swift"

  for kind in compile symbols; do
    if DEEPLINK_DARWIN_CACHE="$cache" "$0" "$probe/$kind" >"$probe/$kind.stdout" 2>"$probe/$kind.stderr"; then
      problems+=("the $kind probe passed")
    fi
  done
  local platform name newer log expected line file="$probe/compile/Sources/Probe/Probe.swift"
  for platform in "arm64-apple-macosx$macos macOS 15.0" "arm64-apple-ios$ios-simulator iOS 18.0"; do
    read -r platform name newer <<<"$platform"
    log="$(out_dir "$probe/compile")/$platform.log"
    while IFS= read -r expected; do
      [ -n "$expected" ] || continue
      grep -qF "$file:$expected" "$log" || problems+=("$platform: no error $expected")
    done <<EOF
5:44: error: cannot find 'accept4' in scope
5:66: error: cannot find 'SOCK_CLOEXEC' in scope
6:66: error: 'pipe2' is only available in $name 27.0 or newer
7:54: error: value of type 'stat' has no member 'st_mtim'
8:32: error: 'fork()' is unavailable: Please use threads or posix_spawn*()
9:33: error: cannot find 'SIGRTMIN' in scope
$([ "$name" = iOS ] && echo "10:93: error: 'posix_spawn_file_actions_addchdir_np' is unavailable in iOS")
15:13: error: 'InlineArray' is only available in $name 26.0 or newer
18:24: error: 'Atomic' is only available in $name $newer or newer
19:48: error: 'init(validating:as:)' is only available in $name $newer or newer
20:49: error: 'span' is only available in $name 26.0 or newer
EOF
    for line in $([ "$name" = macOS ] && echo 10) 11 {21..28}; do
      ! grep -qF "$file:$line:" "$log" || problems+=("$platform: an error on line $line, which a Mac accepts")
    done
    grep -qF "check-darwin: Probe does not compile for $platform (errors above)" "$probe/compile.stderr" ||
      problems+=("$platform: no summary of the failed compile")
    grep -qF "check-darwin: Probe.o ($platform) calls accept4, which libSystem does not export" "$probe/symbols.stderr" ||
      problems+=("$platform: the symbol check did not refuse accept4")
    ! grep -E "calls (getpid|probe_c_answer|getppid)," "$probe/symbols.stderr" ||
      problems+=("$platform: the symbol check refused a function libSystem or the package has")
  done
  if [ ${#problems[@]} -gt 0 ]; then
    cat "$probe/compile.stderr" "$probe/symbols.stderr" >&2
    printf 'check-darwin: self-test failed: %s\n' "${problems[@]}" >&2
    return 1
  fi
  echo "check-darwin: self-test passed: Linux-only calls in a Darwin branch, API newer than macOS $macos and iOS $ios" \
    "and a call libSystem does not export each fail, named by file:line for both platforms; guarded uses pass"
}

if [ $self_test -eq 1 ]; then
  self_test
  exit
fi

targets=$(describe_package "$root")

if [ ! -f "$sdk/ready" ]; then
  rm -rf "$sdk"
  mkdir -p "$sdk"
  fetch_headers
  make_include
  touch "$sdk/ready"
fi
resources="$sdk/resources-macos$macos-ios$ios"
if [ ! -f "$resources/ready" ]; then
  rm -rf "$resources"
  make_resources macosx arm64-apple-macos "arm64-apple-macosx$macos"
  make_resources iphonesimulator arm64-apple-ios-simulator "arm64-apple-ios$ios-simulator"
  touch "$resources/ready"
fi

# Both platforms at once (each compiles one target at a time).
out=$(out_dir "$root")
mkdir -p "$out"
platforms=("arm64-apple-macosx$macos" "arm64-apple-ios$ios-simulator")
pids=()
for platform in "${platforms[@]}"; do
  run_platform "$platform" "$out/$platform" &
  pids+=($!)
done
failed=0
for index in "${!platforms[@]}"; do
  wait "${pids[$index]}" || failed=1
  grep -v "SDKSettings.json" "$out/${platforms[$index]}.log" >&2 || true
done
if [ $failed -eq 0 ]; then
  echo "check-darwin: $(grep -c . <<<"$targets") targets compile for ${platforms[*]}; the C functions" \
    "they call are libSystem's or zlib's (macOS: $(cat "$out/${platforms[0]}.symbols"), iOS: $(cat "$out/${platforms[1]}.symbols"))"
fi
exit $failed
